import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database (CRM tokens, postback signing secrets) are sealed with AES-256-GCM:
 * a random 96-bit nonce, the field or owner as associated data (a sealed value copied to another
 * field or row does not open) and a 256-bit key derived with HKDF-SHA256 from the platform's key
 * material. Sealed text: `v1.<base64url(nonce | tag | ciphertext)>`, the format of the postback
 * signing secrets' box, so either opens the other's values.
 *
 * Key material: `DATA_ENCRYPTION_KEY`, else `APP_SECRET`, else (outside production only) a fixed
 * development key. A box opens with every key of its ring, so values sealed before a dedicated
 * key was set, or by the demo seed (which runs before `npm start` makes its APP_SECRET), still open.
 */
export interface SecretBox {
  /** Seals a plain value; `context` (e.g. `crm.apiToken`, an owner) is bound to it. */
  seal(plain: string, context?: string): string;
  /** Opens a sealed value with the same context. A value that is not sealed (older rows) comes back as it is. */
  open(stored: string, context?: string): string;
}

const VERSION = 'v1';
const NONCE = 12;
const TAG = 16;
const DEVELOPMENT_KEY_MATERIAL = 'leadmesh-development-only-data-key';

export interface SecretKeyEnv {
  NODE_ENV?: string;
  DATA_ENCRYPTION_KEY?: string;
  APP_SECRET?: string;
}

/** A sealed value no key of the ring opens (another key, another context, damaged). */
export class SecretUnreadable extends Error {
  override readonly name = 'SecretUnreadable';
}

/** Production without key material: nothing is sealed with a guessable key. */
export class MissingDataKey extends Error {
  override readonly name = 'MissingDataKey';
}

const deriveKey = (material: string): Buffer =>
  Buffer.from(hkdfSync('sha256', Buffer.from(material, 'utf8'), 'leadmesh', 'secret-box v1 aes-256-gcm', 32));

/** Whether a stored value is sealed (rather than a plain value written before sealing). */
export const isSealed = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(`${VERSION}.`) && value.length >= 40;

function openWith(key: Buffer, raw: Buffer, context: string): string | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(NONCE, NONCE + TAG));
    return Buffer.concat([decipher.update(raw.subarray(NONCE + TAG)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * A box over key material: the first seals, every one opens.
 *
 * @example
 * const box = createSecretBox('a long random secret');
 * const stored = box.seal('token-123', 'crm.apiToken');
 * box.open(stored, 'crm.apiToken'); // 'token-123'
 */
export function createSecretBox(material: string | readonly string[]): SecretBox {
  const ring = (typeof material === 'string' ? [material] : [...new Set(material)]).map(deriveKey);
  if (ring.length === 0) throw new Error('A secret box needs key material');
  return {
    seal(plain, context = '') {
      const nonce = randomBytes(NONCE);
      const cipher = createCipheriv('aes-256-gcm', ring[0], nonce);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(stored, context = '') {
      if (!isSealed(stored)) return stored;
      const raw = Buffer.from(stored.slice(VERSION.length + 1), 'base64url');
      if (raw.length < NONCE + TAG) throw new SecretUnreadable('A stored secret is damaged');
      for (const key of ring) {
        const plain = openWith(key, raw, context);
        if (plain !== null) return plain;
      }
      throw new SecretUnreadable(
        'A stored secret does not open with this process’s keys (another key or field?)',
      );
    },
  };
}

const boxes = new Map<string, SecretBox>();

/**
 * The process's box from its environment (memoised): `DATA_ENCRYPTION_KEY`, else `APP_SECRET`,
 * else outside production the development key seals; the others that are set (and outside
 * production the development key) open too. In production without key material the box refuses
 * every use with `MissingDataKey`.
 */
export function secretBoxFromEnv(env: SecretKeyEnv): SecretBox {
  const production = env.NODE_ENV === 'production';
  const materials = [env.DATA_ENCRYPTION_KEY, env.APP_SECRET].filter((s): s is string => !!s);
  if (!production) materials.push(DEVELOPMENT_KEY_MATERIAL);
  if (materials.length === 0) {
    const refuse = (): never => {
      throw new MissingDataKey('DATA_ENCRYPTION_KEY (or APP_SECRET) must be set to keep secrets');
    };
    return { seal: refuse, open: refuse };
  }
  const cacheKey = materials.join('\u0000');
  let box = boxes.get(cacheKey);
  if (!box) {
    box = createSecretBox(materials);
    boxes.set(cacheKey, box);
  }
  return box;
}

/** What masks hide a secret behind. */
export const MASK = '••••';

/**
 * A secret as answers show it: `••••` and its last 4 characters, or `••••` alone when it is
 * shorter than 12 (four of eight characters would give half of it away).
 *
 * @example
 * maskSecret('sk_live_0123456789abcd'); // '••••abcd'
 */
export function maskSecret(value: string | null | undefined): string {
  if (!value) return '';
  return value.length >= 12 ? `${MASK}${value.slice(-4)}` : MASK;
}

/** Whether a value is what {@link maskSecret} answers (a form sending the masked value back unchanged). */
export const isMasked = (value: string): boolean => value.startsWith(MASK);

/**
 * Replaces every occurrence of the given secrets in a text (a URL, a request body, an answer)
 * by their mask, longest first, for logs and attempt records.
 */
export function maskIn(text: string, secrets: readonly (string | null | undefined)[]): string {
  let out = text;
  const known = [...new Set(secrets.filter((s): s is string => !!s && s.length >= 4))].sort(
    (a, b) => b.length - a.length,
  );
  for (const secret of known) {
    out = out.split(secret).join(maskSecret(secret));
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) out = out.split(encoded).join(maskSecret(secret));
  }
  return out;
}
