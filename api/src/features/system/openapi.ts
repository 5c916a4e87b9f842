import { type BodyKind, bodyKinds, type CallContract, contracts } from '@leadmesh/schema';
import { z } from 'zod';
import { machineContracts } from '../../machine-routes.ts';
import { MACHINE_ROUTES_TAG as MACHINE_TAG, machineRoutePaths } from '../../sites/openapi.ts';

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

const MEDIA_TYPES: Record<BodyKind, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
};

/** The `{name}` parameters of a contract's path. */
const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** A JSON schema without the named properties (the path's parameters, documented as parameters). */
function without(schema: Record<string, unknown>, names: string[]): Record<string, unknown> {
  if (names.length === 0 || typeof schema.properties !== 'object' || schema.properties === null)
    return schema;
  const properties = Object.fromEntries(
    Object.entries(schema.properties as Record<string, unknown>).filter(([name]) => !names.includes(name)),
  );
  const required = Array.isArray(schema.required)
    ? (schema.required as string[]).filter((name) => !names.includes(name))
    : undefined;
  return { ...schema, properties, ...(required ? { required } : {}) };
}

/** Who may call, as the docs say it: the session's callers, or the machine credential (decision 0077). */
function credentialText(contract: CallContract): string {
  switch (contract.credential ?? 'session') {
    case 'session':
      return `Callers: ${contract.callers.join(', ')}.${contract.refuseAsMissing ? ' Anyone else gets the 404 of a missing record.' : ''}`;
    case 'apiToken':
      return `Authorization: Bearer <API token> whose flags include ${contract.tokenFlag}; no session, no CSRF token.`;
    case 'crmToken':
      return 'The CRM’s callback token in the path; no session, no CSRF token.';
    case 'signedClick':
      return 'The signed click id of the tracking link; no session, no CSRF token.';
    case 'none':
      return 'Public: no credential.';
  }
}

/** The success answer as the contract's `answer` says it comes. */
function success(contract: CallContract, data: Record<string, unknown>) {
  switch (contract.answer ?? 'envelope') {
    case 'text':
      return { 200: { description: 'ok', content: { 'text/plain': { schema: data } } } };
    case 'file':
      return {
        200: {
          description: 'the file',
          content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
        },
      };
    case 'redirect':
      return { 302: { description: 'to the page named in Location' } };
    case 'envelope':
      return { 200: { description: 'ok', content: { 'application/json': { schema: envelope(data) } } } };
  }
}

/** One operation; a machine route documents its query and is tagged "Machine routes". */
function operation(contract: CallContract, machine: boolean) {
  const credential = contract.credential ?? 'session';
  const inPath = pathParams(contract.path);
  const input = without(schemaOf(contract.request, 'input'), inPath);
  const query =
    contract.method === 'GET' && machine
      ? Object.entries((input.properties ?? {}) as Record<string, Record<string, unknown>>).map(
          ([name, schema]) => ({ name, in: 'query', required: false, schema }),
        )
      : [];
  const data = schemaOf(contract.response, 'output');
  return {
    summary: contract.summary,
    description: [credentialText(contract), contract.description, `Spec: ${contract.spec}.`]
      .filter(Boolean)
      .join(' '),
    tags: [machine ? MACHINE_TAG : contract.path.split('/')[1]],
    ...(contract.method === 'GET'
      ? {}
      : {
          requestBody: {
            content: Object.fromEntries(
              bodyKinds(contract).map((kind) => [MEDIA_TYPES[kind], { schema: input }]),
            ),
          },
        }),
    parameters: [
      ...inPath.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...query,
      ...(credential === 'apiToken'
        ? [{ name: 'Authorization', in: 'header', required: true, schema: { type: 'string' } }]
        : []),
      ...(credential === 'session' && contract.method === 'POST'
        ? [{ name: 'X-XSRF-TOKEN', in: 'header', required: true, schema: { type: 'string' } }]
        : []),
    ],
    responses: {
      ...success(contract, data),
      default: {
        description: contract.answer === 'text' ? 'error: ERROR CODE: message' : 'error',
        content:
          contract.answer === 'text'
            ? { 'text/plain': { schema: { type: 'string' } } }
            : { 'application/json': { schema: errorEnvelope } },
      },
    },
  };
}

/** The OpenAPI document, generated from the same contracts the API validates with. */
export function buildOpenApiDocument(serverUrl: string, sitesUrl = 'http://127.0.0.1:5100') {
  const paths: Record<string, Record<string, unknown>> = {};
  const sites = [{ url: sitesUrl, description: 'the sites server (a publisher’s domain in production)' }];
  for (const contract of Object.values(contracts)) {
    paths[contract.path] = {
      ...paths[contract.path],
      [contract.method.toLowerCase()]: operation(contract, false),
    };
  }
  // Machine routes by their contracts (decisions 0077, 0078); the sites server's under its own server.
  for (const { contract, server } of machineContracts) {
    paths[contract.path] = {
      ...paths[contract.path],
      ...(server === 'sites' ? { servers: sites } : {}),
      [contract.method.toLowerCase()]: operation(contract, true),
    };
  }
  // The sites server's file routes, described by hand (decision 0009).
  Object.assign(paths, machineRoutePaths(sites));
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
    paths,
  };
}
