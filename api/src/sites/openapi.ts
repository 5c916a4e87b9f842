/**
 * The machine routes of the sites server in the OpenAPI document (tag "Machine routes",
 * decision 0009): no session, no CSRF; each authenticates itself as described.
 */

export const MACHINE_ROUTES_TAG = 'Machine routes';

const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } } },
});
const envelope = (data: Record<string, unknown>) => ({
  type: 'object',
  required: ['status', 'data'],
  properties: { status: { type: 'string', enum: ['ok'] }, data },
});
const error = {
  description: 'error envelope: {status:"error", data: CODE, details:{field?, message}}',
  content: { 'application/json': { schema: { type: 'object' } } },
};
const code = {
  name: 'code',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: 'Tracking code of the taken offer',
};

/** Path items for `paths`, the sites server's under their own `servers`. */
export function machineRoutePaths(sitesUrl: string): Record<string, Record<string, unknown>> {
  const sites = [{ url: sitesUrl, description: 'the sites server (a publisher’s domain in production)' }];
  const tags = [MACHINE_ROUTES_TAG];
  return {
    '/t/{code}': {
      servers: sites,
      get: {
        tags,
        summary: 'Tracking link: records a click and redirects to the first page of the taken offer',
        description:
          'Authenticated by the unguessable tracking code. Keeps c1..c6 and stclickid. Answers 302 to the prelanding (else the landing) with `?click={ClickKey}.{HMAC}` and sets the first-party `lm_click` cookie (45 days, path /o/{code}/). The click is written in a batch after the answer.',
        parameters: [
          code,
          ...['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'stclickid'].map((name) => ({
            name,
            in: 'query',
            required: false,
            schema: { type: 'string', maxLength: 200 },
          })),
        ],
        responses: {
          302: { description: 'to /o/{code}/{entry}?click=…' },
          404: html('unknown code, or a taken offer without a landing'),
          410: html('the taken offer was deleted'),
        },
      },
    },
    '/o/{code}/{path}': {
      servers: sites,
      get: {
        tags,
        summary:
          'Files of the prelanding (and under landing/ those of the landing); entry pages get the page script',
        parameters: [code, { name: 'path', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'the file' }, 404: html('no such file') },
      },
    },
    '/o/{code}/_lm/order': {
      servers: sites,
      post: {
        tags,
        summary: 'The landing’s order (sent by the page script, same origin)',
        description:
          'Authenticated by the signed click id (`click` in the body, or the lm_click cookie for a plain form post to the landing page). Fields: name, phone, quantity, uid, c1..c6, stclickid; any other field is kept as GenericData. One lead per click and phone (a double submit answers the same lead). Blocked leads answer like accepted ones.',
        requestBody: {
          content: {
            'application/json': { schema: { type: 'object', required: ['name', 'phone', 'click'] } },
            'application/x-www-form-urlencoded': { schema: { type: 'object' } },
          },
        },
        responses: {
          200: {
            description: 'where the buyer goes next (JSON callers)',
            content: {
              'application/json': {
                schema: envelope({ type: 'object', properties: { redirect: { type: 'string' } } }),
              },
            },
          },
          303: { description: 'to the thank-you page (plain form posts)' },
          400: error,
          403: error,
        },
      },
    },
    '/w/{storageKey}/{path}': {
      servers: sites,
      get: {
        tags,
        summary: 'Preview of an uploaded website (its page script sends no orders)',
        parameters: [
          { name: 'storageKey', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'path', in: 'path', required: true, schema: { type: 'string' } },
        ],
        responses: { 200: { description: 'the file' }, 404: html('no such website or file') },
      },
    },
  };
}
