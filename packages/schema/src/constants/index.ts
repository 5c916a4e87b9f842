export * from './calls.ts';
export * from './catalogue.ts';
export * from './crm.ts';
export * from './errors.ts';
export * from './filters.ts';
export * from './lead-status.ts';
export * from './limits.ts';
export * from './money.ts';
