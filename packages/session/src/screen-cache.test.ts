import type { ApiClient } from '@leadmesh/api-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  claimScreenCache,
  clearScreenCache,
  readKeptSession,
  readScreenCache,
  writeScreenCache,
} from './screen-cache.ts';
import { createSessionStore } from './store.ts';
import { fakeSession } from './test-fixtures.ts';

const KEY = 'dashboard:publisher:[]';

function clientAnswering(checkLogin: () => unknown) {
  return {
    call: vi.fn(async (path: string) => {
      if (path === '/auth/checkLogin') return checkLogin();
      return { status: 'ok', data: null };
    }),
    request: vi.fn(),
    setBaseUrl: vi.fn(),
    resetCsrf: vi.fn(),
  } as unknown as ApiClient;
}

function sessionOf(id: number) {
  const data = fakeSession();
  data.UserInfo.ID = id;
  return data;
}

beforeEach(() => sessionStorage.clear());

describe('screen cache (decision 0086)', () => {
  it('gives a user back what that user kept, per key', () => {
    claimScreenCache(7);
    writeScreenCache(7, KEY, { total: 12 });
    writeScreenCache(7, 'dashboard:publisher:[{"name":"Country"}]', { total: 3 });
    expect(readScreenCache(7, KEY)).toEqual({ total: 12 });
    expect(readScreenCache(7, 'dashboard:publisher:[{"name":"Country"}]')).toEqual({ total: 3 });
    expect(readScreenCache(7, 'dashboard:advertiser:[]')).toBeNull();
  });

  it('never gives one user what another kept', () => {
    claimScreenCache(7);
    writeScreenCache(7, KEY, { total: 12 });
    expect(readScreenCache(8, KEY)).toBeNull();
    // Another user's writes are refused while the tab is 7's.
    writeScreenCache(8, KEY, { total: 99 });
    expect(readScreenCache(8, KEY)).toBeNull();
    // A changed owner forgets 7's entries.
    claimScreenCache(8);
    expect(readScreenCache(7, KEY)).toBeNull();
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('leadmesh-screen:7:'))).toEqual([]);
  });

  it('keeps nothing before a user claimed the tab, and nothing after a clear', () => {
    writeScreenCache(7, KEY, { total: 12 });
    expect(readScreenCache(7, KEY)).toBeNull();
    claimScreenCache(7);
    writeScreenCache(7, KEY, { total: 12 });
    clearScreenCache();
    expect(readScreenCache(7, KEY)).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('leaves the tab’s other entries alone and reads a broken entry as none', () => {
    sessionStorage.setItem('leadmesh-csrf-token', 'abc');
    claimScreenCache(7);
    sessionStorage.setItem('leadmesh-screen:7:broken', '{not json');
    expect(readScreenCache(7, 'broken')).toBeNull();
    clearScreenCache();
    expect(sessionStorage.getItem('leadmesh-csrf-token')).toBe('abc');
  });

  it('is cleared by a logout, by a check that says logged out, and on another user’s check', async () => {
    let answer: unknown = { status: 'ok', data: sessionOf(7) };
    const store = createSessionStore(clientAnswering(() => answer));
    await store.getState().checkLogin();
    writeScreenCache(7, KEY, { total: 12 });
    expect(readScreenCache(7, KEY)).toEqual({ total: 12 });

    await store.getState().logout();
    expect(readScreenCache(7, KEY)).toBeNull();

    await store.getState().checkLogin();
    writeScreenCache(7, KEY, { total: 12 });
    answer = { status: 'error', data: 'NOT_LOGGED_IN' };
    await store.getState().checkLogin();
    expect(readScreenCache(7, KEY)).toBeNull();

    answer = { status: 'ok', data: sessionOf(7) };
    await store.getState().checkLogin();
    writeScreenCache(7, KEY, { total: 12 });
    answer = { status: 'ok', data: sessionOf(8) };
    await store.getState().checkLogin();
    expect(readScreenCache(7, KEY)).toBeNull();
    expect(readScreenCache(8, KEY)).toBeNull();
  });

  it('is handed to the user a login answered (setSession)', async () => {
    const store = createSessionStore(clientAnswering(() => ({ status: 'ok', data: sessionOf(7) })));
    await store.getState().checkLogin();
    writeScreenCache(7, KEY, { total: 12 });
    store.getState().setSession(sessionOf(9));
    expect(readScreenCache(7, KEY)).toBeNull();
    writeScreenCache(9, KEY, { total: 1 });
    expect(readScreenCache(9, KEY)).toEqual({ total: 1 });
  });

  it('keeps the checked session: a new page of the tab draws it until its own check answers (0091)', async () => {
    let answer: unknown = { status: 'ok', data: sessionOf(7) };
    const client = clientAnswering(() => answer);
    await createSessionStore(client).getState().checkLogin();

    // The tab's next page: its store draws user 7 before any answer, and the check names nobody.
    const next = createSessionStore(client);
    next.getState().drawKeptSession();
    expect(next.getState().userData?.UserInfo.ID).toBe(7);
    expect(next.getState().isLoggedIn).toBeNull();
    answer = { status: 'ok', data: sessionOf(8) };
    await next.getState().checkLogin();
    expect(vi.mocked(client.call).mock.calls.at(-1)).toEqual(['/auth/checkLogin', { BoundUser: null }]);
    // The check decides: another user's session replaces the kept one and is kept in its place.
    expect(next.getState().userData?.UserInfo.ID).toBe(8);
    expect(readKeptSession<{ UserInfo: { ID: number } }>()?.UserInfo.ID).toBe(8);

    // Logged out: nothing kept is drawn any more.
    answer = { status: 'error', data: 'NOT_LOGGED_IN' };
    const later = createSessionStore(client);
    later.getState().drawKeptSession();
    await later.getState().checkLogin();
    expect(later.getState()).toMatchObject({ userData: null, isLoggedIn: false });
    const after = createSessionStore(client);
    after.getState().drawKeptSession();
    expect(after.getState().userData).toBeNull();
  });

  it('draws a kept session only while nothing is known, and keeps the one a login answered', async () => {
    const store = createSessionStore(clientAnswering(() => ({ status: 'error', data: 'NOT_LOGGED_IN' })));
    store.getState().setSession(sessionOf(9));
    expect(readKeptSession<{ UserInfo: { ID: number } }>()?.UserInfo.ID).toBe(9);
    await store.getState().checkLogin();
    store.getState().drawKeptSession();
    expect(store.getState()).toMatchObject({ userData: null, isLoggedIn: false });
  });
});
