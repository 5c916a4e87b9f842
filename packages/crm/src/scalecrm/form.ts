import { defineCrmForm, emptyMessage, inboundUrlField, TOKEN_MISSING } from '../define.ts';

/** Scale CRM: a bearer API token for deliveries, a postback secret that signs its status webhooks. */
export const scalecrmForm = defineCrmForm({
  type: 'scalecrm',
  label: 'Scale CRM',
  test: false,
  linkLabel: 'Get handler URL',
  fields: [
    inboundUrlField(),
    {
      name: 'apiToken',
      label: 'API Token',
      required: true,
      kind: 'text',
      maxLength: 500,
      secret: true,
      missing: TOKEN_MISSING,
    },
    {
      name: 'postbackSecret',
      label: 'Postback secret',
      required: true,
      kind: 'text',
      maxLength: 500,
      secret: true,
      missing: emptyMessage('Postback secret'),
    },
  ],
  statuses: {
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
  reportsActivity: true,
});
