/**
 * @leadmesh/crm/server: how the worker hands leads to each CRM type and how the API reads its
 * status callbacks. Server-only (node:crypto); the screens read `@leadmesh/crm`.
 */
import { bitrix24Adapter } from './bitrix24/adapter.ts';
import { bitrix24Integration, parseBitrix24Callback } from './bitrix24/callback.ts';
import type { CrmAdapter } from './kit/adapter.ts';
import type { IntegrationLines, ParsedCallback, RawCallback } from './kit/callback.ts';
import { kmacrmAdapter } from './kmacrm/adapter.ts';
import { kmacrmIntegration, parseKmacrmCallback } from './kmacrm/callback.ts';
import { leadvertexAdapter } from './leadvertex/adapter.ts';
import { leadvertexIntegration, parseLeadvertexCallback } from './leadvertex/callback.ts';
import { CRM_FORMS, type CrmDataRecord, type CrmType } from './registry.ts';
import { sandboxAdapter } from './sandbox/adapter.ts';
import { parseSandboxCallback, sandboxIntegration } from './sandbox/callback.ts';
import { scalecrmAdapter } from './scalecrm/adapter.ts';
import { parseScalecrmCallback, scalecrmIntegration } from './scalecrm/callback.ts';

export { bitrix24Adapter, ORIGINATOR, webhookBase } from './bitrix24/adapter.ts';
export * from './kit/adapter.ts';
export * from './kit/callback.ts';
export { sandboxLeadId } from './sandbox/adapter.ts';
export { scaleSignature } from './scalecrm/callback.ts';

/** The server half of a CRM type: its adapter, its callback parser and its integration-link text. */
export interface CrmServerModule {
  adapter: CrmAdapter;
  /** Reads a callback, checking what the CRM signs or carries beyond the URL's token. */
  parseCallback(raw: RawCallback, data: CrmDataRecord): ParsedCallback;
  integration: IntegrationLines;
}

/** Every CRM type's server half: the compiler asks for a line here for each line of `CRM_FORMS`. */
export const CRM_SERVER: Record<CrmType, CrmServerModule> = {
  bitrix24: {
    adapter: bitrix24Adapter,
    parseCallback: parseBitrix24Callback,
    integration: bitrix24Integration,
  },
  leadvertex: {
    adapter: leadvertexAdapter,
    parseCallback: parseLeadvertexCallback,
    integration: leadvertexIntegration,
  },
  scalecrm: {
    adapter: scalecrmAdapter,
    parseCallback: parseScalecrmCallback,
    integration: scalecrmIntegration,
  },
  kmacrm: { adapter: kmacrmAdapter, parseCallback: parseKmacrmCallback, integration: kmacrmIntegration },
  sandbox: { adapter: sandboxAdapter, parseCallback: parseSandboxCallback, integration: sandboxIntegration },
};

/** The adapter of a CRM type. */
export const crmAdapter = (type: CrmType): CrmAdapter => CRM_SERVER[type].adapter;

/** Reads a callback of a CRM of this type, checking what the CRM signs or carries beyond the URL token. */
export const parseCallback = (type: CrmType, raw: RawCallback, data: CrmDataRecord): ParsedCallback =>
  CRM_SERVER[type].parseCallback(raw, data);

/** What the advertiser sets in their CRM (dashboards §7): lines of instructions, the link last. */
export const integrationLines = (type: CrmType, callbackUrl: string): string[] =>
  CRM_SERVER[type].integration(callbackUrl, CRM_FORMS[type].label);
