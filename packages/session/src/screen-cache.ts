/**
 * The last answer a screen drew, kept per user in the tab (`sessionStorage`), so a return visit can
 * draw it at once while the screen fetches the fresh one (issue 19, decision 0086). Only the user
 * who owns the tab's entries can read them: the session store clears them on a logout, when a check
 * says logged out, and when a check or a login answers another user (`claimScreenCache`).
 */

const PREFIX = 'leadmesh-screen:';
/** Whose entries the tab holds (a user ID). */
const OWNER_KEY = `${PREFIX}owner`;

/** The tab's storage, or null where there is none (tests without a DOM, blocked storage). */
function tabStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

interface Entry<T> {
  user: number;
  value: T;
}

const entryKey = (user: number, key: string) => `${PREFIX}${user}:${key}`;

/** The value `user` last kept under `key`, or null (none, another user's, unreadable). */
export function readScreenCache<T>(user: number, key: string, storage = tabStorage()): T | null {
  try {
    if (storage?.getItem(OWNER_KEY) !== String(user)) return null;
    const raw = storage.getItem(entryKey(user, key));
    if (!raw) return null;
    const entry = JSON.parse(raw) as Entry<T>;
    return entry.user === user ? entry.value : null;
  } catch {
    return null;
  }
}

/** Keeps `value` for `user` under `key`; ignored when the tab holds another user's entries. */
export function writeScreenCache<T>(user: number, key: string, value: T, storage = tabStorage()): void {
  try {
    if (!storage || storage.getItem(OWNER_KEY) !== String(user)) return;
    const entry: Entry<T> = { user, value };
    storage.setItem(entryKey(user, key), JSON.stringify(entry));
  } catch {
    // A full or blocked storage only costs the instant drawing next time.
  }
}

/** Forgets every kept answer (a logout, a check that says logged out). */
export function clearScreenCache(storage = tabStorage()): void {
  try {
    if (!storage) return;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Nothing kept can be read back either.
  }
}

/** Makes `user` the owner of the tab's entries: another user's entries are forgotten first. */
export function claimScreenCache(user: number, storage = tabStorage()): void {
  try {
    if (!storage || storage.getItem(OWNER_KEY) === String(user)) return;
    clearScreenCache(storage);
    storage.setItem(OWNER_KEY, String(user));
  } catch {
    // Without storage nothing is kept, so nothing can be shown to anyone.
  }
}

/** The kept session's key among the owner's entries. */
const SESSION_KEY = 'session';

/** Keeps the session a check or a login answered, as its user's entry (the tab must be theirs). */
export function keepSession<T extends { UserInfo: { ID: number } }>(data: T, storage = tabStorage()): void {
  writeScreenCache(data.UserInfo.ID, SESSION_KEY, data, storage);
}

/** The session the tab's owner last had, or null (none kept, unreadable). */
export function readKeptSession<T>(storage = tabStorage()): T | null {
  try {
    const owner = Number(storage?.getItem(OWNER_KEY));
    return Number.isSafeInteger(owner) && owner > 0 ? readScreenCache<T>(owner, SESSION_KEY, storage) : null;
  } catch {
    return null;
  }
}
