/**
 * The sites server's file routes in the OpenAPI document (tag "Machine routes", decision 0009):
 * public, no session, no CSRF.
 */

export const MACHINE_ROUTES_TAG = 'Machine routes';

const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } } },
});
const code = {
  name: 'code',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: 'Tracking code of the taken offer',
};

/**
 * Path items of the sites server's files, under its own `servers`. The tracking link and the
 * orders are documented from their contracts (api/src/machine-routes.ts).
 */
export function machineRoutePaths(
  sites: readonly { url: string; description: string }[],
): Record<string, Record<string, unknown>> {
  const tags = [MACHINE_ROUTES_TAG];
  return {
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
