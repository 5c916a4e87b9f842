import { defineCrmForm, inboundUrlField, outboundTokenField } from '../define.ts';

/** KMA (dashboards §5 calls it Scale KMA): a bearer token, the flow's code as the offer's CRM article id. */
export const kmacrmForm = defineCrmForm({
  type: 'kmacrm',
  label: 'Scale KMA',
  test: false,
  linkLabel: 'Get handler URL',
  fields: [inboundUrlField({ placeholder: 'https://api.kma.biz/lead/add' }), outboundTokenField()],
  // KMA postback statuses.
  statuses: { pending: 1, hold: 1, processing: 1, approved: 2, rejected: 3, declined: 3, trash: 4 },
  reportsActivity: false,
});
