import { contracts } from '@leadmesh/schema';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { machineContracts } from '../../machine-routes.ts';
import { createTestApi, type TestApi } from '../../test/harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api.close();
});

it('serves the OpenAPI document with every call', async () => {
  const response = await api.app.request('http://localhost/openapi.json');
  type Operation = {
    summary: string;
    tags: string[];
    responses: Record<string, unknown>;
    requestBody?: { content: Record<string, unknown> };
  };
  const doc = (await response.json()) as {
    paths: Record<string, Record<string, Operation> & { servers?: { url: string }[] }>;
  };
  for (const path of Object.keys(contracts)) expect(doc.paths[path], path).toBeDefined();
  // Every machine route from its declaration, the sites server's under its own server.
  for (const { contract, server } of machineContracts) {
    const item = doc.paths[contract.path];
    expect(item[contract.method.toLowerCase()].tags, contract.path).toEqual(['Machine routes']);
    expect(item.servers !== undefined, contract.path).toBe(server === 'sites');
  }
  expect(doc.paths['/t/{trackingCode}'].get.responses).toHaveProperty('302');
  expect(Object.keys(doc.paths['/o/{trackingCode}/_lm/order'].post.requestBody!.content)).toEqual([
    'application/json',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
  ]);
  expect(doc.paths['/exports/leads/{id}/{n}'].get.responses[200]).toMatchObject({ description: 'the file' });
  expect(doc.paths['/auth/login'].post.summary).toMatch(/Log in/);
  expect(doc.paths['/auth/logout'].get).toBeDefined();
  expect(doc.paths['/api/csrf'].put).toBeDefined();
});

it('serves Swagger UI from local assets at /docs', async () => {
  const page = await api.app.request('http://localhost/docs');
  expect(await page.text()).toContain('/docs/assets/swagger-ui-bundle.js');
  const asset = await api.app.request('http://localhost/docs/assets/swagger-ui-bundle.js');
  expect(asset.status).toBe(200);
  expect((await api.app.request('http://localhost/docs/assets/..%2F..%2Fpackage.json')).status).toBe(404);
});

it('unknown routes answer NOT_FOUND in the envelope', async () => {
  const response = await api.app.request('http://localhost/no/such/route', { method: 'GET' });
  expect(response.status).toBe(404);
  expect(await response.json()).toMatchObject({ status: 'error', data: 'NOT_FOUND' });
});

it('a body over 1 MB is refused with a clear error, not a 500', async () => {
  const client = api.client();
  const answer = await client.callRaw('/auth/login', { username: 'x'.repeat(1_100_000), password: 'y' });
  expect(answer).toMatchObject({ httpStatus: 413, status: 'error', data: 'VALIDATION_ERROR' });
});

it('a body that is not JSON or not an object is a VALIDATION_ERROR', async () => {
  const client = api.client();
  const token = await client.fetchCsrf();
  for (const body of ['{not json', '[]', '"text"', 'null']) {
    const response = await client.raw('POST', '/auth/login', {
      body,
      headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': token },
    });
    expect(response.status, body).toBe(400);
    expect(await response.json()).toMatchObject({ status: 'error', data: 'VALIDATION_ERROR' });
  }
});
