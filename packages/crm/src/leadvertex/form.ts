import { defineCrmForm, inboundUrlField, outboundTokenField, TOKEN_MISSING } from '../define.ts';

/**
 * LeadVertex calls its inbound URL the API URL and its token the API token (dashboards §5): the
 * labels and messages below are the one place that quirk is written.
 */
export const leadvertexForm = defineCrmForm({
  type: 'leadvertex',
  label: 'LeadVertex',
  test: false,
  linkLabel: 'Get postback URL',
  fields: [
    inboundUrlField({ label: 'API URL', placeholder: 'https://<shop>.leadvertex.ru/api/webmaster/v2' }),
    outboundTokenField({ label: 'API token', missing: TOKEN_MISSING }),
    { name: 'webmasterID', label: 'Webmaster ID', required: false, kind: 'text', maxLength: 100 },
  ],
  // LeadVertex status groups as its postback sends them.
  statuses: {
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
  reportsActivity: false,
});
