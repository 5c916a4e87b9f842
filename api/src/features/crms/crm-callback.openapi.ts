/** The CRM status callback in the OpenAPI document, under "Machine routes" (decision 0009). */
const operation = (method: 'get' | 'post') => ({
  tags: ['Machine routes'],
  summary:
    method === 'get'
      ? 'CRM status postback (LeadVertex, KMA): query parameters; answers plain text OK'
      : 'CRM status callback (bitrix24 outgoing webhook, Scale CRM signed JSON): answers the envelope',
  description:
    'Authenticated by the per-CRM secret token in the URL (from /partners/getCRMIntegrationLink), and by what the CRM signs: Scale CRM an X-Signature (hex HMAC-SHA256 of the raw body with the postback secret), bitrix24 its auth[application_token] (the outbound token). A callback already applied is a no-op; a lead that is not this CRM’s is refused (404). Status mapping per CRM: docs/decisions/0012-crm-delivery.md.',
  parameters: [
    { name: 'crmId', in: 'path', required: true, schema: { type: 'integer' } },
    { name: 'token', in: 'path', required: true, schema: { type: 'string' } },
    ...(method === 'get'
      ? ['id', 'order', 'status', 'externalID', 'data1'].map((name) => ({
          name,
          in: 'query',
          required: false,
          schema: { type: 'string' },
        }))
      : []),
  ],
  ...(method === 'post'
    ? {
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', description: 'bitrix24 ONCRMLEADUPDATE' },
            },
            'application/json': {
              schema: {
                type: 'object',
                description:
                  'Scale CRM: {event_id, lead_id, external_id, status, updated_at, calls[], comments[]}',
              },
            },
          },
        },
      }
    : {}),
  responses: {
    200: { description: 'applied, ignored, queued (bitrix24: the status is fetched) or duplicate' },
    400: { description: 'the CRM’s fields are missing' },
    401: { description: 'Scale CRM signature does not match' },
    403: { description: 'unknown CRM, wrong token or wrong bitrix24 application token' },
    404: { description: 'no lead of this CRM has that id' },
  },
});

export const crmCallbackPaths = {
  '/crm/{crmId}/callback/{token}': { get: operation('get'), post: operation('post') },
};
