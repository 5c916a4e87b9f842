/**
 * Small crypto helpers on node:crypto (Deno provides it too). Synchronous on purpose: hashing a
 * session id or signing a CSRF nonce takes microseconds, while WebCrypto's promise goes through the
 * thread pool and back, which under load left the API idle a third of the time.
 */
import {
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/** Random bytes drawn from the CSPRNG 4 KB at a time: one system call per hundred tokens, not one each. */
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

/** `bytes` random bytes as base64url, read straight from the pool (no copy of them is made). */
export function randomToken(bytes = 32): string {
  if (bytes > POOL_SIZE) return randomBytes(bytes).toString('base64url');
  if (offset + bytes > pool.length) {
    pool = randomBytes(POOL_SIZE);
    offset = 0;
  }
  const token = pool.toString('base64url', offset, offset + bytes);
  // Bytes once handed out are wiped from the pool, so no later reader can see them.
  pool.fill(0, offset, offset + bytes);
  offset += bytes;
  return token;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/** Makes an HMAC key once per process; signing then reuses it. */
export function hmacKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

export function hmac(key: KeyObject, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

/** Compares two strings in time that does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A random decimal code of `digits` digits, without modulo bias. */
export function randomDigits(digits: number): string {
  let out = '';
  while (out.length < digits) {
    for (const byte of randomBytes(digits)) {
      if (byte < 250 && out.length < digits) out += String(byte % 10);
    }
  }
  return out;
}
