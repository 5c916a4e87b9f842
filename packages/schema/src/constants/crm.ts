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
