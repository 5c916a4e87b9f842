import { type ApiClient, createApiClient } from '@leadmesh/api-client';
import { REF_ID_STORAGE_KEY } from '@leadmesh/schema/constants';
import { describe, expect, it, vi } from 'vitest';
import { applyBodyTheme, captureRefId, createSessionStore, startSessionSync } from './store.ts';
import { fakeSession } from './test-fixtures.ts';

function fakeClient(answers: Record<string, () => unknown>) {
  const calls: { path: string; body: unknown }[] = [];
  const client = {
    call: vi.fn(async (path: string, body?: unknown) => {
      calls.push({ path, body });
      const answer = answers[path];
      if (!answer) return { status: 'error', data: 'SERVER_ERROR' };
      return answer();
    }),
    request: vi.fn(),
    setBaseUrl: vi.fn(),
    resetCsrf: vi.fn(),
  } as unknown as ApiClient;
  return { client, calls };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('session store', () => {
  it('starts unknown, checks the login on load and stores the user', async () => {
    const { client, calls } = fakeClient({
      '/auth/checkLogin': () => ({ status: 'ok', data: fakeSession({ theme: 'light' }) }),
    });
    const store = createSessionStore(client);
    expect(store.getState().isLoggedIn).toBeNull();
    const stop = startSessionSync(store);
    await flush();
    expect(calls.map((c) => c.path)).toEqual(['/auth/checkLogin']);
    expect(store.getState().isLoggedIn).toBe(true);
    expect(store.getState().userData?.UserInfo.Username).toBe('publisher');
    expect(store.getState().theme).toBe('light');
    stop();
  });

  it('checks the login again whenever the timestamp changes', async () => {
    const { client, calls } = fakeClient({
      '/auth/checkLogin': () => ({ status: 'ok', data: fakeSession() }),
    });
    const store = createSessionStore(client);
    const stop = startSessionSync(store);
    await flush();
    store.getState().refresh();
    await flush();
    store.setState({ timestamp: store.getState().timestamp + 10 });
    await flush();
    expect(calls.filter((c) => c.path === '/auth/checkLogin')).toHaveLength(3);
    stop();
  });

  it('marks logged out with no data on an error answer or a failed request', async () => {
    let answer: () => unknown = () => ({ status: 'ok', data: fakeSession() });
    const { client } = fakeClient({ '/auth/checkLogin': () => answer() });
    const store = createSessionStore(client);
    await store.getState().checkLogin();
    expect(store.getState().isLoggedIn).toBe(true);
    answer = () => ({ status: 'error', data: 'NOT_LOGGED_IN' });
    await store.getState().checkLogin();
    expect(store.getState()).toMatchObject({ isLoggedIn: false, userData: null });
    const failing = createSessionStore(fakeClient({}).client);
    await failing.getState().checkLogin();
    expect(failing.getState().isLoggedIn).toBe(false);
  });

  it('decodes the API’s 200 answer for a visitor (NOT_LOGGED_IN) as logged out, through the real client', async () => {
    const paths: string[] = [];
    const client = createApiClient({
      baseUrl: 'http://api.test',
      fetch: async (input) => {
        const path = new URL(String(input)).pathname;
        paths.push(path);
        const body =
          path === '/api/csrf'
            ? { status: 'ok', data: { token: 't1' } }
            : { status: 'error', data: 'NOT_LOGGED_IN' };
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      },
    });
    const store = createSessionStore(client);
    store.getState().setSession(fakeSession());
    await store.getState().checkLogin();
    expect(paths).toContain('/auth/checkLogin');
    expect(store.getState()).toMatchObject({ isLoggedIn: false, userData: null });
  });

  it('stores a session a login answered at once', () => {
    const store = createSessionStore(fakeClient({}).client);
    store.getState().setSession(fakeSession({ theme: 'light' }));
    expect(store.getState()).toMatchObject({ isLoggedIn: true, theme: 'light' });
  });

  it('treats any theme other than light as dark', async () => {
    const { client } = fakeClient({
      '/auth/checkLogin': () => ({ status: 'ok', data: fakeSession({ theme: 'dark' }) }),
    });
    const store = createSessionStore(client);
    await store.getState().checkLogin();
    expect(store.getState().theme).toBe('dark');
  });

  it('toggles the theme and saves it with /users/setTheme', async () => {
    const { client, calls } = fakeClient({ '/users/setTheme': () => ({ status: 'ok', data: {} }) });
    const store = createSessionStore(client);
    expect(store.getState().theme).toBe('dark');
    await store.getState().toggleTheme();
    expect(store.getState().theme).toBe('light');
    await store.getState().toggleTheme();
    expect(calls).toEqual([
      { path: '/users/setTheme', body: { theme: 'light' } },
      { path: '/users/setTheme', body: { theme: 'dark' } },
    ]);
  });

  it('logs out with /auth/logout', async () => {
    const { client, calls } = fakeClient({
      '/auth/checkLogin': () => ({ status: 'ok', data: fakeSession() }),
      '/auth/logout': () => ({ status: 'ok', data: null }),
    });
    const store = createSessionStore(client);
    await store.getState().checkLogin();
    await store.getState().logout();
    expect(calls.at(-1)?.path).toBe('/auth/logout');
    expect(store.getState().isLoggedIn).toBe(false);
  });
});

describe('body theme', () => {
  it('puts the dark class on the body only on dashboard addresses', () => {
    applyBodyTheme('/dashboard/publisher', 'dark');
    expect(document.body.classList.contains('dark')).toBe(true);
    applyBodyTheme('/publishers', 'dark');
    expect(document.body.classList.contains('dark')).toBe(false);
    applyBodyTheme('/dashboard/publisher', 'light');
    expect(document.body.classList.contains('dark')).toBe(false);
  });
});

describe('referral id', () => {
  it('keeps ?ref= in local storage and keeps it when later pages have none', () => {
    localStorage.clear();
    expect(captureRefId('?ref=XYZ')).toBe('XYZ');
    expect(localStorage.getItem(REF_ID_STORAGE_KEY)).toBe('XYZ');
    expect(captureRefId('')).toBe('XYZ');
    // The overview's link form {host}/#/?ref={code} (dashboards §2).
    expect(captureRefId('', localStorage, '#/?ref=FROM-HASH')).toBe('FROM-HASH');
    expect(localStorage.getItem(REF_ID_STORAGE_KEY)).toBe('FROM-HASH');
  });
});
