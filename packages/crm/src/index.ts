/**
 * @leadmesh/crm: one folder per CRM type. This entry is browser-safe (the CRM screen reads it):
 * each type's form, labels, messages and status map, and the checks built on them. The adapters
 * and callback parsers are in `@leadmesh/crm/server`.
 */
export * from './define.ts';
export * from './registry.ts';
export { SANDBOX_MAX_DELAY_SECONDS, type SandboxSettings, sandboxSettings } from './sandbox/form.ts';
