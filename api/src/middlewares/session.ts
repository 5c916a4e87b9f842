import { SESSION_TTL_DAYS } from '@leadmesh/schema';
import { advertisers, sessions, users } from '@leadmesh/schema/tables';
import { and, eq, gt } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';

export const SESSION_COOKIE = 'lm_session';
const TTL_MS = SESSION_TTL_DAYS * 86_400_000;
/** lastSeenAt is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 5 * 60_000;

export function isSecureRequest(c: Context<AppEnv>): boolean {
  return (
    c.var.deps.env.COOKIE_SECURE ||
    new URL(c.req.url).protocol === 'https:' ||
    c.req.header('x-forwarded-proto') === 'https'
  );
}

/**
 * Loads the principal from the session cookie: the session row (by the SHA-256 of the
 * cookie), its user and advertiser. An unknown or expired id is simply no session.
 *
 * @example app.use('*', sessionMiddleware)
 */
export const sessionMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  c.set('principal', null);
  c.set('sessionIdHash', null);
  const raw = getCookie(c, SESSION_COOKIE);
  if (raw && raw.length <= 100) {
    const { db, now } = c.var.deps;
    const idHash = await sha256(raw);
    const [row] = await db
      .select({ session: sessions, user: users, advertiser: advertisers })
      .from(sessions)
      .innerJoin(users, eq(users.ID, sessions.UserID))
      .leftJoin(advertisers, eq(advertisers.UserID, users.ID))
      .where(and(eq(sessions.IDHash, idHash), gt(sessions.expiresAt, new Date(now()))))
      .limit(1);
    if (row) {
      c.set('principal', { user: row.user, advertiser: row.advertiser });
      c.set('sessionIdHash', idHash);
      if (now() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now()), expiresAt: new Date(now() + TTL_MS) })
          .where(eq(sessions.IDHash, idHash));
      }
    }
  }
  await next();
});

/** Starts a session with a fresh id (never reusing one sent by the browser: no fixation). */
export async function startSession(c: Context<AppEnv>, userId: number): Promise<void> {
  const { db, now } = c.var.deps;
  const previous = c.var.sessionIdHash;
  if (previous) await db.delete(sessions).where(eq(sessions.IDHash, previous));
  const id = randomToken(32);
  await db.insert(sessions).values({
    IDHash: await sha256(id),
    UserID: userId,
    expiresAt: new Date(now() + TTL_MS),
    lastSeenAt: new Date(now()),
    IP: c.var.deps.env.NODE_ENV === 'test' ? null : (c.req.header('x-forwarded-for') ?? null),
    UserAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
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
  c.set('principal', null);
  c.set('sessionIdHash', null);
}
