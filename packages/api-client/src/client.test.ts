import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { clearEarlyCalls, EARLY_MAX_AGE_MS, startEarlyCalls } from './early.ts';

/** A real HTTP fake of the API: counts CSRF fetches, checks the header, can reject a token once. */
let server: Server;
let baseUrl: string;
let csrfFetches = 0;
let rejectNextToken = false;
let seen: { path: string; method: string; token?: string; body: unknown }[] = [];

async function readBody(req: IncomingMessage) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : null;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    const token = req.headers['x-xsrf-token'] as string | undefined;
    seen.push({ path: req.url ?? '', method: req.method ?? '', token, body });
    res.setHeader('Content-Type', 'application/json');
    if (req.url === '/api/csrf' && req.method === 'PUT') {
      csrfFetches += 1;
      res.end(JSON.stringify({ status: 'ok', data: { token: `t${csrfFetches}` } }));
      return;
    }
    if (req.url === '/auth/logout') {
      res.end(JSON.stringify({ status: 'ok', data: null }));
      return;
    }
    if (req.url === '/broken') {
      res.statusCode = 502;
      res.end('<html>bad gateway</html>');
      return;
    }
    if (!token || rejectNextToken) {
      rejectNextToken = false;
      res.statusCode = 403;
      res.end(JSON.stringify({ status: 'error', data: 'CSRF_INVALID' }));
      return;
    }
    if (req.url === '/auth/login') {
      res.statusCode = 401;
      res.end(JSON.stringify({ status: 'error', data: 'INVALID_CREDENTIALS' }));
      return;
    }
    res.end(JSON.stringify({ status: 'ok', data: { theme: (body as { theme: string }).theme } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  csrfFetches = 0;
  rejectNextToken = false;
  seen = [];
  clearEarlyCalls();
});

describe('api client', () => {
  it('fetches the CSRF token once and sends it as X-XSRF-TOKEN on every POST', async () => {
    const api = createApiClient({ baseUrl });
    expect(await api.call('/users/setTheme', { theme: 'light' })).toEqual({
      status: 'ok',
      data: { theme: 'light' },
    });
    await api.call('/users/setTheme', { theme: 'dark' });
    expect(csrfFetches).toBe(1);
    expect(seen.filter((r) => r.path === '/users/setTheme').map((r) => r.token)).toEqual(['t1', 't1']);
  });

  it('sends credentials with every request', async () => {
    const inits: RequestInit[] = [];
    const api = createApiClient({
      baseUrl,
      fetch: (input, init) => {
        inits.push(init ?? {});
        return fetch(input, init);
      },
    });
    await api.call('/users/setTheme', { theme: 'light' });
    expect(inits.length).toBe(2);
    expect(inits.every((init) => init.credentials === 'include')).toBe(true);
  });

  it('refetches the token once and retries when the answer is CSRF_INVALID', async () => {
    const api = createApiClient({ baseUrl });
    await api.call('/users/setTheme', { theme: 'light' });
    rejectNextToken = true;
    const answer = await api.call('/users/setTheme', { theme: 'dark' });
    expect(answer.status).toBe('ok');
    expect(csrfFetches).toBe(2);
    expect(seen.filter((r) => r.path === '/users/setTheme').map((r) => r.token)).toEqual(['t1', 't1', 't2']);
  });

  it('decodes an error envelope whatever the HTTP status', async () => {
    const api = createApiClient({ baseUrl });
    expect(await api.call('/auth/login', { username: 'x', password: 'y' })).toEqual({
      status: 'error',
      data: 'INVALID_CREDENTIALS',
    });
  });

  it('uses GET without a token for /auth/logout', async () => {
    const api = createApiClient({ baseUrl });
    expect((await api.call('/auth/logout')).status).toBe('ok');
    expect(seen).toEqual([{ path: '/auth/logout', method: 'GET', token: undefined, body: null }]);
  });

  it('cancels the calls in flight when the logout starts and sends none while it runs', async () => {
    const sent: string[] = [];
    let finishLogout = () => {};
    // A stub fetch: GETs of data hang until cancelled; the logout answers when the test says.
    const fetchStub = (async (input: string, init: RequestInit) => {
      const path = new URL(input).pathname;
      sent.push(path);
      const ok = () => new Response(JSON.stringify({ status: 'ok', data: null }));
      if (path === '/auth/logout')
        return new Promise<Response>((resolve) => (finishLogout = () => resolve(ok())));
      if (path === '/auth/checkLogin') return ok();
      return new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    }) as typeof fetch;
    const api = createApiClient({ baseUrl, fetch: fetchStub });
    const running = api.request('/dashboard/slow', undefined, 'GET');
    const logout = api.call('/auth/logout');
    expect(await running).toEqual({ status: 'error', data: 'NOT_LOGGED_IN' });
    expect(await api.request('/dashboard/late', undefined, 'GET')).toEqual({
      status: 'error',
      data: 'NOT_LOGGED_IN',
    });
    finishLogout();
    expect((await logout).status).toBe('ok');
    expect((await api.request('/auth/checkLogin', undefined, 'GET')).status).toBe('ok');
    expect(sent).toEqual(['/dashboard/slow', '/auth/logout', '/auth/checkLogin']);
  });

  it('turns a network failure or a non-JSON answer into SERVER_ERROR', async () => {
    const down = createApiClient({ baseUrl: 'http://127.0.0.1:1' });
    expect(await down.call('/users/setTheme', { theme: 'light' })).toEqual({
      status: 'error',
      data: 'SERVER_ERROR',
    });
    const api = createApiClient({ baseUrl });
    expect(await api.request('/broken', {})).toEqual({ status: 'error', data: 'SERVER_ERROR' });
  });
});

describe('calls started with the page (early.ts)', () => {
  it('answers the same call from the early request once, and reuses its CSRF token', async () => {
    const early = startEarlyCalls(baseUrl, [{ path: '/users/setTheme', body: { theme: 'light' } }]);
    await early.answers.get('/users/setTheme {"theme":"light"}');
    const api = createApiClient({ baseUrl });
    expect(await api.call('/users/setTheme', { theme: 'light' })).toEqual({
      status: 'ok',
      data: { theme: 'light' },
    });
    // Taken once: the same call again goes to the network, with the early token (no second PUT).
    await api.call('/users/setTheme', { theme: 'light' });
    expect(seen.filter((r) => r.path === '/users/setTheme').map((r) => r.token)).toEqual(['t1', 't1']);
    expect(csrfFetches).toBe(1);
  });

  it('never answers another body, a stale answer or a CSRF refusal from the early request', async () => {
    const api = createApiClient({ baseUrl });
    const other = startEarlyCalls(baseUrl, [{ path: '/users/setTheme', body: { theme: 'light' } }]);
    await Promise.all(other.answers.values());
    expect(await api.call('/users/setTheme', { theme: 'dark' })).toEqual({
      status: 'ok',
      data: { theme: 'dark' },
    });

    clearEarlyCalls();
    const stale = startEarlyCalls(baseUrl, [{ path: '/users/setTheme', body: { theme: 'light' } }]);
    await Promise.all(stale.answers.values());
    stale.startedAt -= EARLY_MAX_AGE_MS + 1;
    seen = [];
    await api.call('/users/setTheme', { theme: 'light' });
    expect(seen.filter((r) => r.path === '/users/setTheme')).toHaveLength(1);

    clearEarlyCalls();
    rejectNextToken = true;
    const refused = startEarlyCalls(baseUrl, [{ path: '/users/setTheme', body: { theme: 'light' } }]);
    expect(await refused.answers.get('/users/setTheme {"theme":"light"}')).toEqual({
      status: 'error',
      data: 'CSRF_INVALID',
    });
    expect(await api.call('/users/setTheme', { theme: 'light' })).toEqual({
      status: 'ok',
      data: { theme: 'light' },
    });
  });

  it('sends the calls at once with a token the tab already had, and drops it when the API refuses it', async () => {
    const known = startEarlyCalls(
      baseUrl,
      [{ path: '/users/setTheme', body: { theme: 'light' } }],
      undefined,
      'kept',
    );
    expect(await known.answers.get('/users/setTheme {"theme":"light"}')).toEqual({
      status: 'ok',
      data: { theme: 'light' },
    });
    expect(await known.token).toBe('kept');
    expect(csrfFetches).toBe(0);
    expect(seen.map((r) => `${r.method} ${r.path} ${r.token}`)).toEqual(['POST /users/setTheme kept']);

    clearEarlyCalls();
    seen = [];
    rejectNextToken = true;
    const refused = startEarlyCalls(
      baseUrl,
      [{ path: '/users/setTheme', body: { theme: 'light' } }],
      undefined,
      'gone',
    );
    expect(await refused.answers.get('/users/setTheme {"theme":"light"}')).toEqual({
      status: 'error',
      data: 'CSRF_INVALID',
    });
    expect(await refused.token).toBeNull();
    // The client fetches its own token instead of sending the refused one again.
    const api = createApiClient({ baseUrl });
    expect(await api.call('/users/setTheme', { theme: 'light' })).toEqual({
      status: 'ok',
      data: { theme: 'light' },
    });
    expect(seen.map((r) => `${r.method} ${r.path} ${r.token}`)).toEqual([
      'POST /users/setTheme gone',
      'PUT /api/csrf undefined',
      'POST /users/setTheme t1',
    ]);
  });
  it("follows a check the page itself began: the entry's calls wait for its answer and use its token", async () => {
    // early-page.ts, in the page: the check alone, with the CSRF round trip.
    const check = { path: '/users/setTheme', body: { theme: 'page' } };
    const page = startEarlyCalls(baseUrl, [check]);
    // The entry, later: the same first call, then a call its answer admits and one it does not.
    const admitted: unknown[] = [];
    const entry = startEarlyCalls(baseUrl, [
      check,
      {
        path: '/users/setTheme',
        body: { theme: 'screen' },
        admits: (first) => {
          admitted.push(first);
          return true;
        },
      },
      { path: '/users/setTheme', body: { theme: 'refused' }, admits: () => false },
    ]);
    expect(entry).toBe(page);
    expect(await entry.answers.get('/users/setTheme {"theme":"screen"}')).toEqual({
      status: 'ok',
      data: { theme: 'screen' },
    });
    expect(await entry.answers.get('/users/setTheme {"theme":"refused"}')).toBeNull();
    expect(admitted).toEqual([{ status: 'ok', data: { theme: 'page' } }]);
    // One token for both, the check sent once.
    expect(csrfFetches).toBe(1);
    expect(seen.map((r) => `${r.method} ${r.path} ${r.token} ${JSON.stringify(r.body)}`)).toEqual([
      'PUT /api/csrf undefined null',
      'POST /users/setTheme t1 {"theme":"page"}',
      'POST /users/setTheme t1 {"theme":"screen"}',
    ]);
  });
});
