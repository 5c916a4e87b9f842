import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, hashPassword } from '@leadmesh/db';
import { users } from '@leadmesh/schema/tables';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Haproxy, startHaproxy } from './haproxy.ts';
import { type ApiProcess, apiProcess } from './processes.ts';

/**
 * Issue 17, scale-out behind a real balancer (small): two API processes behind Debian's HAProxy with
 * the configuration of docs/operations.md. The client's address reaches the rate limits through it
 * (X-Forwarded-For set by HAProxy from the real source, trusted from the balancer only), a forged
 * header is not believed, and an API draining on SIGTERM leaves the other to answer.
 */
let dir: string;
let apis: ApiProcess[] = [];
let lb: Haproxy;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'leadmesh-lb-'));
  const env = {
    NODE_ENV: 'test',
    APP_SECRET: 'lb-test-secret-lb-test-secret',
    DATABASE_URL: `file:${join(dir, 'lb.db')}`,
    DATA_DIR: dir,
    MAIL_SINK_DIR: join(dir, 'mail'),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `lb-${randomBytes(4).toString('hex')}`,
    // Only the balancer's address is believed; it connects from 127.0.0.1.
    TRUSTED_PROXIES: '127.0.0.1',
    // As docs/operations.md tells operators behind this balancer.
    DRAIN_GRACE_MS: '1500',
  };
  // One after the other: the first applies the migrations.
  apis = [await apiProcess(env, 'lb-api1')];
  await apis[0].start();
  apis.push(await apiProcess(env, 'lb-api2'));
  await apis[1].start();
  const handle = await createDb({ url: env.DATABASE_URL });
  const hash = await hashPassword('password123');
  for (const name of ['lbguessed', 'lbneighbour']) {
    await handle.db.insert(users).values({
      Username: name,
      Email: `${name}@example.com`,
      PasswordHash: hash,
      RefCode: randomBytes(4).toString('hex'),
      isVerified: true,
    });
  }
  handle.close();
  lb = await startHaproxy(apis.map((a) => a.url));
}, 120_000);
afterAll(async () => {
  await lb?.close();
  await Promise.all(apis.map((a) => a.kill('SIGKILL')));
  rmSync(dir, { recursive: true, force: true });
});

/** A login through the balancer from a given source address (127.0.0.x are all this machine). */
function login(from: string, body: object, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; data: string }>((resolve, reject) => {
    const { port } = new URL(lb.url);
    const payload = JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/auth/login',
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => {
          text += d.toString();
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, data: (JSON.parse(text) as { data: string }).data }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** CSRF token and cookie (from a PUT /api/csrf), then the login with them. */
async function loginWithCsrf(from: string, body: object, extra: Record<string, string> = {}) {
  const csrf = await fetch(`${lb.url}/api/csrf`, { method: 'PUT' });
  const token = /lm_xsrf=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return login(from, body, { cookie: `lm_xsrf=${token}`, 'X-XSRF-TOKEN': token, ...extra });
}

it('the client address reaches the rate limits through HAProxy; a forged X-Forwarded-For is not believed', async () => {
  // 127.0.0.2: ten wrong passwords lock the account, the next 40 are refused by that lockout; all 50
  // are failures of this address.
  for (let i = 0; i < 50; i++) {
    const answer = await loginWithCsrf('127.0.0.2', { username: 'lbguessed', password: `wrong-${i}` });
    expect(answer.data).toBe(i < 10 ? 'INVALID_CREDENTIALS' : 'RATE_LIMITED');
  }
  // The address is limited now, even for another account's right password, and a forged header
  // naming a fresh address changes nothing (HAProxy replaces it with the real source).
  const limited = await loginWithCsrf('127.0.0.2', { username: 'lbneighbour', password: 'password123' });
  expect(limited).toEqual({ status: 429, data: 'RATE_LIMITED' });
  const forged = await loginWithCsrf(
    '127.0.0.2',
    { username: 'lbneighbour', password: 'password123' },
    { 'X-Forwarded-For': '198.51.100.7' },
  );
  expect(forged.data).toBe('RATE_LIMITED');
  // 127.0.0.3 is another client: not limited, even when it claims to be the limited one.
  const other = await loginWithCsrf(
    '127.0.0.3',
    { username: 'lbneighbour', password: 'password123' },
    { 'X-Forwarded-For': '127.0.0.2' },
  );
  expect(other.data).not.toBe('RATE_LIMITED');
  expect(other.status).toBe(200);
  // Both processes answered through the balancer.
  const served = await lb.served();
  expect(served.every((n) => n > 10)).toBe(true);
}, 120_000);

it('an API draining on SIGTERM is taken out by the health check; the other answers every request', async () => {
  const drained = apis[1].kill('SIGTERM');
  // Still answering while it drains, but no longer healthy: the balancer's check takes it out.
  await expect
    .poll(async () => (await fetch(`${apis[1].url}/health`)).status, { timeout: 1000, interval: 50 })
    .toBe(503);
  // A client sees nothing of it: every request through the balancer is answered, while the API
  // drains, as it closes, and after it is gone.
  let exited = false;
  void drained.then(() => {
    exited = true;
  });
  const statuses: number[] = [];
  while (!exited) statuses.push((await fetch(`${lb.url}/openapi.json`)).status);
  for (let i = 0; i < 20; i++) statuses.push((await fetch(`${lb.url}/openapi.json`)).status);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  expect(statuses.length).toBeGreaterThan(20);
  for (let i = 0; i < 60 && (await lb.up())[1]; i++) await new Promise((r) => setTimeout(r, 100));
  expect(await lb.up()).toEqual([true, false]);
}, 60_000);
