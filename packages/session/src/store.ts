import { type ApiClient, api as sharedApi } from '@leadmesh/api-client';
import type { SessionData, Theme } from '@leadmesh/schema';
import { REF_ID_STORAGE_KEY } from '@leadmesh/schema/constants';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { claimScreenCache, clearScreenCache, keepSession, readKeptSession } from './screen-cache.ts';

export { captureRefId } from './ref-id.ts';
export { claimScreenCache, clearScreenCache, readScreenCache, writeScreenCache } from './screen-cache.ts';

/** Session state (public §3, Session state). */
export interface SessionState {
  /** Dark unless the user chose light. */
  theme: Theme;
  /** Changing it makes the session re-check the login (`refresh()`). */
  timestamp: number;
  userData: SessionData | null;
  /**
   * `null` while unknown (at start), then true or false. While it is null, `userData` may hold the
   * session this tab kept from its last check (`drawKeptSession`): drawn, never sent.
   */
  isLoggedIn: boolean | null;
  /** Ask the server whether the login is still valid. */
  checkLogin(): Promise<void>;
  /**
   * Until the first check answers, draw the session this tab kept from its last one (a return
   * visit, issue 19, decision 0091); the check still decides. Does nothing once anything is known.
   */
  drawKeptSession(): void;
  /** Store the session a login or sign-up answered (so guards see it before the re-check ends). */
  setSession(data: SessionData): void;
  /** Touch the timestamp: the store re-checks the login (after log in, sign up, profile edits). */
  refresh(): void;
  /** Switch dark/light and save it with `/users/setTheme`. */
  toggleTheme(): Promise<void>;
  /** End the session (`GET /auth/logout`) and mark logged out. */
  logout(): Promise<void>;
}

export type SessionStore = StoreApi<SessionState>;

/** A user's theme: any stored theme other than light means dark (dashboards §4). */
const themeOf = (data: SessionData): Theme => (data.UserInfo.Flags.theme === 'light' ? 'light' : 'dark');

/**
 * Creates a session store. The shell and the remotes share one instance (`sessionStore`, a Module
 * Federation singleton); tests create their own with a fake client.
 */
export function createSessionStore(client: ApiClient = sharedApi): SessionStore {
  return createStore<SessionState>()((set, get) => ({
    theme: 'dark',
    timestamp: Date.now(),
    userData: null,
    isLoggedIn: null,
    async checkLogin() {
      // A kept session is only drawn: the server is asked who is logged in, as on a first visit.
      const boundUser = get().isLoggedIn ? (get().userData?.UserInfo.ID ?? null) : null;
      const answer = await client.call('/auth/checkLogin', { BoundUser: boundUser });
      if (answer.status === 'ok') {
        get().setSession(answer.data);
      } else {
        // Any other status or a failed request: logged out, no message (public §4).
        clearScreenCache();
        set({ userData: null, isLoggedIn: false });
      }
    },
    drawKeptSession() {
      if (get().isLoggedIn !== null || get().userData) return;
      const kept = readKeptSession<SessionData>();
      if (kept) set({ userData: kept, theme: themeOf(kept) });
    },
    setSession(data) {
      // The tab's kept screens are this user's only (decision 0086), before any screen reads them.
      claimScreenCache(data.UserInfo.ID);
      keepSession(data);
      set({ userData: data, isLoggedIn: true, theme: themeOf(data) });
    },
    refresh() {
      set({ timestamp: Math.max(Date.now(), get().timestamp + 1) });
    },
    async toggleTheme() {
      const theme: Theme = get().theme === 'dark' ? 'light' : 'dark';
      set({ theme });
      await client.call('/users/setTheme', { theme });
    },
    async logout() {
      clearScreenCache();
      await client.call('/auth/logout');
      set({ userData: null, isLoggedIn: false });
    },
  }));
}

/**
 * Checks the login now and again whenever the timestamp changes. Returns the unsubscribe function.
 */
export function startSessionSync(store: SessionStore): () => void {
  void store.getState().checkLogin();
  return store.subscribe((state, previous) => {
    if (state.timestamp !== previous.timestamp) void state.checkLogin();
  });
}

/** The class the dark theme puts on `<body>`. */
export const DARK_BODY_CLASS = 'dark';

/**
 * Whether a page is dark: only dashboard addresses follow the dark theme; public pages are always
 * light (public §2: the dark class goes whenever the address does not contain `dashboard`).
 */
export function themeIsDark(pathname: string, theme: Theme): boolean {
  return theme === 'dark' && pathname.includes('dashboard');
}

/** Puts the dark class on the body only on dashboard addresses with the dark theme (`themeIsDark`). */
export function applyBodyTheme(pathname: string, theme: Theme, body: HTMLElement = document.body): void {
  body.classList.toggle(DARK_BODY_CLASS, themeIsDark(pathname, theme));
}

/** The stored referral id, if any (sent as `refID` on sign-up). */
export function readRefId(storage: Storage = localStorage): string | null {
  return storage.getItem(REF_ID_STORAGE_KEY);
}
