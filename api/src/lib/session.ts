import type { Caller } from '@leadmesh/core';
import { type Db, preparedOnce } from '@leadmesh/db';
import { SESSION_TTL_DAYS } from '@leadmesh/schema';
import { advertisers, sessions, users } from '@leadmesh/schema/tables';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../context.ts';
import { randomToken, sha256 } from './crypto.ts';

export const SESSION_COOKIE = 'lm_session';
const TTL_MS = SESSION_TTL_DAYS * 86_400_000;
/** lastSeenAt is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 5 * 60_000;

/** Secure cookies over TLS, behind a proxy that says so, and always in production. */
export function isSecureRequest(c: Context<AppEnv>): boolean {
  const { env } = c.get('deps');
  return (
    env.COOKIE_SECURE ||
    env.NODE_ENV === 'production' ||
    c.req.url.startsWith('https:') ||
    c.req.header('x-forwarded-proto') === 'https'
  );
}

const sessionLookup = preparedOnce((db) =>
  db
    .select({ lastSeenAt: sessions.lastSeenAt, user: users, advertiser: advertisers })
    .from(sessions)
    .innerJoin(users, eq(users.ID, sessions.UserID))
    .leftJoin(advertisers, eq(advertisers.UserID, users.ID))
    .where(
      and(eq(sessions.IDHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .limit(1)
    .prepare(),
);

/**
 * The caller behind the session cookie: the session row (by the SHA-256 of the cookie), its
 * user and advertiser, in one prepared statement. An unknown or expired id is no session.
 * Memoised per request, so calling it twice costs one lookup.
 */
export async function loadSession(c: Context<AppEnv>): Promise<Caller | null> {
  // c.get, not c.var: Hono builds a new object of every variable on each c.var read.
  const known = c.get('caller');
  if (known !== undefined) return known;
  c.set('caller', null);
  c.set('sessionIdHash', null);
  const raw = getCookie(c, SESSION_COOKIE);
  if (!raw || raw.length > 100) return null;
  const { db, now } = c.get('deps');
  const idHash = sha256(raw);
  const at = now();
  const [row] = await sessionLookup(db).execute({ idHash, now: at });
  if (!row) return null;
  const caller = { user: row.user, advertiser: row.advertiser };
  c.set('caller', caller);
  c.set('sessionIdHash', idHash);
  if (at - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(at), expiresAt: new Date(at + TTL_MS) })
      .where(eq(sessions.IDHash, idHash));
  }
  return caller;
}

/** The caller a user id stands for (after a login): the user and their advertiser profile. */
export async function loadCaller(db: Db, userId: number): Promise<Caller | null> {
  const [row] = await db
    .select({ user: users, advertiser: advertisers })
    .from(users)
    .leftJoin(advertisers, eq(advertisers.UserID, users.ID))
    .where(eq(users.ID, userId))
    .limit(1);
  return row ? { user: row.user, advertiser: row.advertiser } : null;
}

/** Starts a session with a fresh id (never reusing one sent by the browser: no fixation). */
export async function startSession(c: Context<AppEnv>, userId: number): Promise<void> {
  const { db, now } = c.var.deps;
  const previous = c.var.sessionIdHash;
  const id = randomToken(32);
  await db.transaction(async (tx) => {
    if (previous) await tx.delete(sessions).where(eq(sessions.IDHash, previous));
    await tx.insert(sessions).values({
      IDHash: sha256(id),
      UserID: userId,
      expiresAt: new Date(now() + TTL_MS),
      lastSeenAt: new Date(now()),
      IP: c.var.clientIp,
      UserAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
    });
  });
  setCookie(c, SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecureRequest(c),
    path: '/',
    maxAge: TTL_MS / 1000,
  });
}

/** Removes the session row, so the id stops working everywhere, and clears the cookie. */
export async function endSession(c: Context<AppEnv>): Promise<void> {
  const idHash = c.var.sessionIdHash;
  if (idHash) await c.var.deps.db.delete(sessions).where(eq(sessions.IDHash, idHash));
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isSecureRequest(c) });
  c.set('caller', null);
  c.set('sessionIdHash', null);
}
