import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from '@leadmesh/db';
import { type CallPath, contracts, type RequestOf, type UserFlag } from '@leadmesh/schema';
import { advertisers, users } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { createApp } from '../app.ts';
import { createRuntime, type Runtime } from '../deps.ts';
import { parseEnv } from '../env.ts';
import { randomToken } from '../lib/crypto.ts';

export type TestUserFlags = Partial<Record<UserFlag, boolean>>;

export interface Answer<T = unknown> {
  httpStatus: number;
  status: 'ok' | 'error';
  data: T;
  details?: { field?: string; message: string };
  headers: Headers;
}

/**
 * A fresh API for one test file: its own libSQL file, its own Redis key prefix, the real
 * app in-process. `close()` removes both.
 */
export async function createTestApi(overrides: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'leadmesh-api-'));
  const prefix = `test-${randomToken(6)}`;
  const env = parseEnv({
    NODE_ENV: 'test',
    DATABASE_URL: `file:${join(dir, 'test.db')}`,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: prefix,
    APP_SECRET: 'test-secret-test-secret',
    ...overrides,
  });
  const runtime: Runtime = await createRuntime(env);
  const app = createApp(runtime.deps);
  let passwordHashCache: Promise<string> | null = null;

  const api = {
    app,
    runtime,
    deps: runtime.deps,
    db: runtime.deps.db,
    /** A browser-like client: keeps cookies, fetches the CSRF token once. */
    client(options: { ip?: string } = {}) {
      return new TestClient(
        app,
        options.ip ?? `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      );
    },
    /** Inserts a user directly (password 'password123' unless given) with the flags given. */
    async createUser(username: string, flags: TestUserFlags = {}, password?: string) {
      passwordHashCache ??= hashPassword('password123');
      const hash = password ? await hashPassword(password) : await passwordHashCache;
      const [row] = await runtime.deps.db
        .insert(users)
        .values({
          Username: username,
          Email: `${username.toLowerCase()}@example.com`,
          PasswordHash: hash,
          FirstName: 'Test',
          LastName: 'User',
          Country: 'RS',
          ZIP: 11000,
          Experience: 2,
          RefCode: randomToken(6),
          ...flags,
        })
        .returning();
      return row;
    },
    /** Gives a user an advertiser profile. */
    async createAdvertiser(userId: number, verified = true) {
      const [row] = await runtime.deps.db
        .insert(advertisers)
        .values({
          UserID: userId,
          CompanyName: `Company ${userId}`,
          CompanyAddress: 'Main street 1',
          isVerified: verified,
        })
        .returning();
      await runtime.deps.db.update(users).set({ AdvertiserID: row.ID }).where(eq(users.ID, userId));
      return row;
    },
    /** A client logged in as an existing user (created by `createUser`, password 'password123'). */
    async loggedInAs(username: string) {
      return api.loggedInAsWith(username, 'password123');
    },
    /** A client logged in as an existing user with their password (e.g. a seeded demo login). */
    async loggedInAsWith(username: string, password: string) {
      const client = api.client();
      const answer = await client.call('/auth/login', { username, password });
      if (answer.status !== 'ok') throw new Error(`login failed: ${JSON.stringify(answer)}`);
      return client;
    },
    async loggedIn(username: string, flags: TestUserFlags = {}) {
      const user = await api.createUser(username, flags);
      const client = api.client();
      const answer = await client.call('/auth/login', { username, password: 'password123' });
      if (answer.status !== 'ok') throw new Error(`login failed: ${JSON.stringify(answer)}`);
      return { user, client };
    },
    async close() {
      await runtime.deps.redis.eval(
        "for _,k in ipairs(redis.call('keys', ARGV[1])) do redis.call('del', k) end return 0",
        0,
        `${prefix}:*`,
      );
      await runtime.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return api;
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;

export class TestClient {
  readonly cookies = new Map<string, string>();
  csrfToken: string | null = null;

  constructor(
    private readonly app: {
      request: (
        url: string,
        init?: RequestInit,
        env?: { remoteAddr: string },
      ) => Response | Promise<Response>;
    },
    readonly ip: string,
  ) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async raw(
    method: string,
    path: string,
    init: { body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    // The client's address reaches the app as the runtime's remote address, as Deno passes it.
    const response = await this.app.request(
      `http://localhost${path}`,
      { method, body: init.body, headers: { cookie: this.cookieHeader(), ...init.headers } },
      { remoteAddr: this.ip },
    );
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return response;
  }

  async fetchCsrf(): Promise<string> {
    const response = await this.raw('PUT', '/api/csrf');
    const body = (await response.json()) as { data: { token: string } };
    this.csrfToken = body.data.token;
    return this.csrfToken;
  }

  /** Calls a documented endpoint the way the browser client does. */
  async call<P extends CallPath>(
    path: P,
    body?: RequestOf<P> | Record<string, unknown>,
    options: { csrf?: boolean } = {},
  ) {
    return this.callRaw(path, body, options);
  }

  async callRaw(path: string, body?: unknown, options: { csrf?: boolean } = {}): Promise<Answer> {
    const contract = contracts[path];
    const method = contract?.method ?? 'POST';
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (method !== 'GET' && options.csrf !== false)
      headers['X-XSRF-TOKEN'] = this.csrfToken ?? (await this.fetchCsrf());
    const response = await this.raw(method, path, {
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      headers,
    });
    const json = (await response.json()) as Omit<Answer, 'httpStatus' | 'headers'>;
    return { ...json, httpStatus: response.status, headers: response.headers };
  }
}
