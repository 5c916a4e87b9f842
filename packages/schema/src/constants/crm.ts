/** CRM types with the data fields each one needs (dashboards §3, §5). */
export const CRM_TYPES = ['bitrix24', 'leadvertex', 'scalecrm', 'kmacrm'] as const;
export type CrmType = (typeof CRM_TYPES)[number];

export type CrmDataField = 'inboundURL' | 'outboundToken' | 'apiToken' | 'postbackSecret' | 'webmasterID';

export interface CrmTypeInfo {
  name: CrmType;
  friendlyName: string;
  required: readonly CrmDataField[];
  optional: readonly CrmDataField[];
  /** Label of the integration-link button on the CRM screen. */
  linkLabel: 'Get handler URL' | 'Get postback URL';
}

export const CRM_TYPE_INFO: Record<CrmType, CrmTypeInfo> = {
  bitrix24: {
    name: 'bitrix24',
    friendlyName: 'Bitrix24',
    required: ['inboundURL', 'outboundToken'],
    optional: [],
    linkLabel: 'Get handler URL',
  },
  leadvertex: {
    name: 'leadvertex',
    friendlyName: 'LeadVertex',
    required: ['inboundURL', 'outboundToken'],
    optional: ['webmasterID'],
    linkLabel: 'Get postback URL',
  },
  scalecrm: {
    name: 'scalecrm',
    friendlyName: 'Scale CRM',
    required: ['inboundURL', 'apiToken', 'postbackSecret'],
    optional: [],
    linkLabel: 'Get handler URL',
  },
  kmacrm: {
    name: 'kmacrm',
    friendlyName: 'Scale KMA',
    required: ['inboundURL', 'outboundToken'],
    optional: [],
    linkLabel: 'Get handler URL',
  },
};

/** Message for a missing CRM data field, by CRM type (dashboards §5: LeadVertex calls its inbound URL the API URL). */
export function crmFieldMissingMessage(type: CrmType, field: CrmDataField, editing = false): string {
  if (field === 'inboundURL')
    return type === 'leadvertex' ? "API URL can't be empty" : "Inbound URL can't be empty";
  if (field === 'apiToken') return editing ? "API token can't be empty" : "API Token can't be empty";
  if (field === 'postbackSecret') return "Postback secret can't be empty";
  if (field === 'outboundToken') {
    if (type === 'leadvertex') return editing ? "API token can't be empty" : "API Token can't be empty";
    return "Outbound token can't be empty";
  }
  return 'A general error occured!';
}

/**
 * Data fields that are credentials, per type: sealed at rest, masked in answers and in every
 * attempt record. A bitrix24 inbound webhook URL carries its secret code in the path
 * (`/rest/<user>/<code>/`), so it counts as one.
 */
export const CRM_SECRET_FIELDS: Record<CrmType, readonly CrmDataField[]> = {
  bitrix24: ['inboundURL', 'outboundToken'],
  leadvertex: ['outboundToken'],
  scalecrm: ['apiToken', 'postbackSecret'],
  kmacrm: ['outboundToken'],
};

/** What `editCRM` accepts in a secret field to keep the stored value (the masked value works too). */
export const CRM_UNCHANGED = 'unchanged';

/** A lead status a CRM status maps to: 1 in progress, 2 confirmed, 3 rejected, 4 bad lead. */
export type CrmMappedStatus = 1 | 2 | 3 | 4;

/**
 * Each CRM's own statuses and the lead status they map to (docs/decisions/0012-crm-delivery.md).
 * Compared lower-case. `null`: the CRM has not started on the lead (it stays 0, Waiting).
 * A status missing here is recorded and ignored.
 */
export const CRM_STATUS_MAP: Record<CrmType, Record<string, CrmMappedStatus | null>> = {
  // crm.lead.get STATUS_ID (the default stages); custom stages fall back to STATUS_SEMANTIC_ID.
  bitrix24: { new: null, in_process: 1, processed: 1, converted: 2, junk: 4 },
  // LeadVertex status groups as its postback sends them.
  leadvertex: {
    new: null,
    processing: 1,
    recall: 1,
    accepted: 2,
    approved: 2,
    shipped: 2,
    paid: 2,
    canceled: 3,
    cancelled: 3,
    return: 3,
    spam: 4,
    trash: 4,
    double: 4,
  },
  scalecrm: {
    new: null,
    processing: 1,
    in_progress: 1,
    callback: 1,
    approved: 2,
    confirmed: 2,
    rejected: 3,
    declined: 3,
    cancelled: 3,
    trash: 4,
    spam: 4,
    duplicate: 4,
    invalid: 4,
  },
  // KMA postback statuses.
  kmacrm: { pending: 1, hold: 1, processing: 1, approved: 2, rejected: 3, declined: 3, trash: 4 },
};

/** bitrix24 STATUS_SEMANTIC_ID of custom stages: P in process, S success, F failure. */
const BITRIX_SEMANTICS: Record<string, CrmMappedStatus> = { p: 1, s: 2, f: 3 };

/**
 * The lead status a CRM's status maps to: a number 1-4, `null` when the CRM has not started on the
 * lead, `undefined` when the status is unknown (recorded, ignored).
 */
export function mapCrmStatus(
  type: CrmType,
  status: string,
  semantic?: string | null,
): CrmMappedStatus | null | undefined {
  const key = status.trim().toLowerCase();
  const table = CRM_STATUS_MAP[type];
  if (Object.hasOwn(table, key)) return table[key];
  if (type === 'bitrix24' && semantic) return BITRIX_SEMANTICS[semantic.trim().toLowerCase()];
  return undefined;
}

/**
 * CRM types whose agents' work (calls with their length, comments) reaches us, so
 * `/leads/getLeadCRMInfo` can answer for their leads: bitrix24 (its activities, read on every status
 * fetch) and Scale CRM (calls and comments in its callbacks). LeadVertex and KMA postbacks carry
 * a status only: 'Current CRM is not supported!'.
 */
export const CRM_INFO_TYPES: readonly CrmType[] = ['bitrix24', 'scalecrm'];
