import { QUEUES } from '@leadmesh/jobs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test/harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(async () => {
  await api.close();
});

it('the queue dashboard answers admins only, listing every queue', async () => {
  expect((await api.client().raw('GET', '/admin/queues')).status).toBe(404);
  const { client: publisher } = await api.loggedIn('queuepub', { isVerified: true });
  expect((await publisher.raw('GET', '/admin/queues')).status).toBe(404);
  expect((await publisher.raw('GET', '/admin/queues/api/queues')).status).toBe(404);
  const { client: admin } = await api.loggedIn('queueadmin', { isAdmin: true, isVerified: true });
  const page = await admin.raw('GET', '/admin/queues');
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<html');
  const queues = await admin.raw('GET', '/admin/queues/api/queues');
  expect(queues.status).toBe(200);
  const names = ((await queues.json()) as { queues: { name: string }[] }).queues.map((q) => q.name).sort();
  expect(names).toEqual([...QUEUES].sort());
});
