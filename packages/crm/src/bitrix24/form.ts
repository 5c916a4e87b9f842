import { defineCrmForm, inboundUrlField, outboundTokenField } from '../define.ts';

/**
 * bitrix24: leads go to the portal's inbound webhook, whose URL carries the webhook's secret code
 * (`/rest/<user>/<code>/`), so the URL counts as a credential; status events come from an outgoing
 * webhook carrying its application token (our outbound token) and only the lead's id.
 */
export const bitrix24Form = defineCrmForm({
  type: 'bitrix24',
  label: 'Bitrix24',
  test: false,
  linkLabel: 'Get handler URL',
  fields: [
    inboundUrlField({ secret: true, placeholder: 'https://<portal>.bitrix24.com/rest/<user>/<code>/' }),
    outboundTokenField({ help: "The application token of the portal's outgoing webhook" }),
  ],
  // crm.lead.get STATUS_ID (the default stages); custom stages fall back to STATUS_SEMANTIC_ID.
  statuses: { new: null, in_process: 1, processed: 1, converted: 2, junk: 4 },
  // STATUS_SEMANTIC_ID of custom stages: P in process, S success, F failure.
  semantics: { p: 1, s: 2, f: 3 },
  reportsActivity: true,
});
