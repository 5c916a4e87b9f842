import { type CallContract, contracts } from '@leadmesh/schema';
import { z } from 'zod';

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

/** The OpenAPI document, generated from the same contracts the API validates with. */
export function buildOpenApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const contract of Object.values(contracts)) {
    paths[contract.path] = { ...paths[contract.path], [contract.method.toLowerCase()]: operation(contract) };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Leadmesh API',
      version: '1.0.0',
      description:
        'Every call answers {status, data}. State-changing calls need the X-XSRF-TOKEN header from PUT /api/csrf; the session is a cookie set by /auth/login. Money is integer cents.',
    },
    servers: [{ url: serverUrl }],
    paths,
  };
}
