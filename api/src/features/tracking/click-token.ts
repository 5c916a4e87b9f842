import type { KeyObject } from 'node:crypto';
import { hmac, hmacKey, randomToken, safeEqual } from '../../lib/crypto.ts';

/** Characters of the signature kept in a token: 22 base64url characters are 132 bits. */
const SIGNATURE_CHARS = 22;
const CLICK_KEY = /^[A-Za-z0-9_-]{16,43}$/;

/** The HMAC key of click tokens, derived from APP_SECRET apart from the CSRF key. */
export function clickTokenKey(secret: string): KeyObject {
  return hmacKey(`click-token:${secret}`);
}

/**
 * A fresh public click id (`ClickKey`), known before its row is written: the time in milliseconds
 * (9 base-36 digits, so keys sort by time) and 96 random bits. Keys that grow with time are appended
 * at the end of the table's unique index instead of at random places in it: about half the SQLite work
 * of a click on a large table (decision 0011).
 */
export function newClickKey(now = Date.now()): string {
  return `${now.toString(36).padStart(9, '0')}${randomToken(12)}`;
}

/**
 * The token a landing carries: `{ClickKey}.{HMAC}`. The signature covers the taken offer too, so a
 * click of one taken offer cannot be replayed on another's order form.
 *
 * @example
 * ```ts
 * const token = signClick(key, newClickKey(), takenOffer.ID); // 'q1…Zw.Xe…9A'
 * verifyClick(key, token, takenOffer.ID); // the ClickKey, or null
 * ```
 */
export function signClick(key: KeyObject, clickKey: string, takenOfferId: number): string {
  return `${clickKey}.${hmac(key, `${takenOfferId}:${clickKey}`).slice(0, SIGNATURE_CHARS)}`;
}

/** The ClickKey of a token signed for this taken offer, or null (malformed, forged, another offer's). */
export function verifyClick(key: KeyObject, token: unknown, takenOfferId: number): string | null {
  if (typeof token !== 'string' || token.length > 80) return null;
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const clickKey = token.slice(0, dot);
  if (!CLICK_KEY.test(clickKey)) return null;
  return safeEqual(signClick(key, clickKey, takenOfferId), token) ? clickKey : null;
}
