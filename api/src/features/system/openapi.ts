import { type CallContract, contracts } from '@leadmesh/schema';
import { z } from 'zod';
import { MACHINE_ROUTES_TAG as MACHINE_TAG, machineRoutePaths } from '../../sites/openapi.ts';
import { crmCallbackPaths } from '../crms/crm-callback.openapi.ts';

function schemaOf(type: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  try {
    return z.toJSONSchema(type, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<
      string,
      unknown
    >;
  } catch {
    return { description: 'See the contract in packages/schema' };
  }
}

const envelope = (data: Record<string, unknown>) => ({
  type: 'object',
  required: ['status', 'data'],
  properties: { status: { type: 'string', enum: ['ok'] }, data },
});

const errorEnvelope = {
  type: 'object',
  required: ['status', 'data'],
  properties: {
    status: { type: 'string', enum: ['error'] },
    data: {
      type: 'string',
      description: 'Stable error code, e.g. NOT_LOGGED_IN, FORBIDDEN, VALIDATION_ERROR',
    },
    details: {
      type: 'object',
      properties: { field: { type: 'string' }, message: { type: 'string' } },
    },
  },
};

function operation(contract: CallContract) {
  const body = schemaOf(contract.request, 'input');
  return {
    summary: contract.summary,
    description: `Callers: ${contract.callers.join(', ')}. Spec: ${contract.spec}.`,
    tags: [contract.path.split('/')[1]],
    ...(contract.method === 'GET'
      ? {}
      : {
          requestBody: {
            content: { [contract.multipart ? 'multipart/form-data' : 'application/json']: { schema: body } },
          },
        }),
    parameters:
      contract.method === 'POST'
        ? [{ name: 'X-XSRF-TOKEN', in: 'header', required: true, schema: { type: 'string' } }]
        : [],
    responses: {
      200: {
        description: 'ok',
        content: { 'application/json': { schema: envelope(schemaOf(contract.response, 'output')) } },
      },
      default: { description: 'error', content: { 'application/json': { schema: errorEnvelope } } },
    },
  };
}

/** Routes that are not documented calls (decision 0009): no session, no CSRF token. */
const machineRoutes: Record<string, Record<string, unknown>> = {
  '/images/{fileName}': {
    get: {
      summary: 'An uploaded offer image (the file names OfferImages holds)',
      description:
        'Public, no session. Cached for a year (names are random and never reused); nosniff, a sandboxing Content-Security-Policy and Cross-Origin-Resource-Policy: cross-origin. Unknown names: 404; unsafe names: 400.',
      tags: [MACHINE_TAG],
      parameters: [
        {
          name: 'fileName',
          in: 'path',
          required: true,
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$' },
        },
      ],
      responses: {
        200: {
          description: 'The image, with the content type recorded at upload',
          content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
        },
        default: { description: 'error', content: { 'application/json': { schema: errorEnvelope } } },
      },
    },
  },
};

/** The OpenAPI document, generated from the same contracts the API validates with. */
export function buildOpenApiDocument(serverUrl: string, sitesUrl = 'http://127.0.0.1:5100') {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const contract of Object.values(contracts)) {
    paths[contract.path] = { ...paths[contract.path], [contract.method.toLowerCase()]: operation(contract) };
  }
  // Tracking, intake and CRM callbacks (decisions 0009, 0011, 0012), tagged "Machine routes".
  Object.assign(paths, machineRoutePaths(serverUrl, sitesUrl), crmCallbackPaths);
  return {
    openapi: '3.0.3',
    info: {
      title: 'Leadmesh API',
      version: '1.0.0',
      description:
        'Every call answers {status, data}. State-changing calls need the X-XSRF-TOKEN header from PUT /api/csrf; the session is a cookie set by /auth/login. Money is integer cents.',
    },
    servers: [{ url: serverUrl }],
    tags: [
      {
        name: MACHINE_TAG,
        description:
          'Routes for machines and anonymous browsers beside the documented calls: no session, no CSRF (decision 0009)',
      },
    ],
    paths: { ...paths, ...machineRoutes },
  };
}
