import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMigrations, createDb, hashPassword } from '@leadmesh/db';
import { users } from '@leadmesh/schema/tables';
import { afterAll, beforeAll, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'leadmesh-deno-'));
let deno: ChildProcess;
let base = '';
let output = '';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const databaseUrl = `file:${join(dir, 'deno.db')}`;
  const handle = await createDb({ url: databaseUrl });
  await applyMigrations(handle.db);
  await handle.db.insert(users).values({
    Username: 'denouser',
    Email: 'deno@example.com',
    PasswordHash: await hashPassword('deno-password'),
    RefCode: 'deno-ref',
    isVerified: true,
  });
  handle.close();

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  deno = spawn(join(root, 'node_modules/.bin/deno'), ['run', '-A', 'api/src/main.deno.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DENO_DIR: join(root, '.cache/deno'),
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      REDIS_PREFIX: `deno-test-${port}`,
      APP_SECRET: 'deno-test-secret-0123456789',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  deno.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  deno.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (deno.exitCode !== null || Date.now() > until) throw new Error(`Deno entry did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 90_000);

afterAll(async () => {
  if (deno && deno.exitCode === null) {
    deno.kill('SIGTERM');
    await new Promise((r) => deno.once('exit', r));
  }
  rmSync(dir, { recursive: true, force: true });
});

it('the Deno entry serves the same app: CSRF, login, session check', async () => {
  const csrf = await fetch(`${base}/api/csrf`, { method: 'PUT' });
  const token = ((await csrf.json()) as { data: { token: string } }).data.token;
  const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]);

  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': token, cookie: csrfCookie.join('; ') },
    body: JSON.stringify({ username: 'denouser', password: 'deno-password' }),
  });
  const body = (await login.json()) as { status: string; data: { UserInfo: { Username: string } } };
  expect(body.status, output).toBe('ok');
  expect(body.data.UserInfo.Username).toBe('denouser');
  const session = login.headers.getSetCookie().map((c) => c.split(';')[0]);

  const check = await fetch(`${base}/auth/checkLogin`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'X-XSRF-TOKEN': token,
      cookie: [...csrfCookie, ...session].join('; '),
    },
    body: '{}',
  });
  expect(await check.json()).toMatchObject({ status: 'ok', data: { UserInfo: { Username: 'denouser' } } });
}, 60_000);
