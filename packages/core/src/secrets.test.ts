import { describe, expect, it } from 'vitest';
import {
  createSecretBox,
  isMasked,
  isSealed,
  MissingDataKey,
  maskIn,
  maskSecret,
  SecretUnreadable,
  secretBoxFromEnv,
} from './secrets.ts';

describe('secret box', () => {
  const box = createSecretBox('first-secret-first-secret');

  it('seals with AES-256-GCM and opens again; the stored text never holds the secret', () => {
    const stored = box.seal('bx-outbound-token-123', 'crm.outboundToken');
    expect(isSealed(stored)).toBe(true);
    expect(stored).not.toContain('bx-outbound');
    expect(stored).toMatch(/^v1\.[\w-]+$/);
    expect(box.open(stored, 'crm.outboundToken')).toBe('bx-outbound-token-123');
  });

  it('seals the same value differently each time (random IV)', () => {
    expect(box.seal('same', 'x')).not.toBe(box.seal('same', 'x'));
  });

  it('refuses a value moved to another field, a tampered value and an unknown key', () => {
    const stored = box.seal('token', 'crm.apiToken');
    expect(() => box.open(stored, 'crm.postbackSecret')).toThrow(SecretUnreadable);
    const body = Buffer.from(stored.slice(3), 'base64url');
    body[body.length - 1] ^= 1;
    expect(() => box.open(`v1.${body.toString('base64url')}`, 'crm.apiToken')).toThrow(SecretUnreadable);
    const other = createSecretBox('another-secret-another-secret');
    expect(() => other.open(stored, 'crm.apiToken')).toThrow(SecretUnreadable);
  });

  it('opens values sealed by an older key of its ring; plain (older) values come back as they are', () => {
    const old = createSecretBox('old-secret-old-secret-old');
    const rotated = createSecretBox(['new-secret-new-secret-new', 'old-secret-old-secret-old']);
    expect(rotated.open(old.seal('v', 'c'), 'c')).toBe('v');
    expect(rotated.open('plain-token', 'c')).toBe('plain-token');
    expect(() => old.open(rotated.seal('w', 'c'), 'c')).toThrow(SecretUnreadable);
  });

  it('from the environment: a dedicated key first, APP_SECRET next, the development key outside production', () => {
    const dedicated = secretBoxFromEnv({ NODE_ENV: 'test', DATA_ENCRYPTION_KEY: 'dedicated-key-0123456789' });
    const appSecret = secretBoxFromEnv({ NODE_ENV: 'test', APP_SECRET: 'app-secret-0123456789' });
    const development = secretBoxFromEnv({ NODE_ENV: 'development' });
    const probe = dedicated.seal('p', 'c');
    expect(() => appSecret.open(probe, 'c')).toThrow(SecretUnreadable);
    expect(() => development.open(appSecret.seal('p', 'c'), 'c')).toThrow(SecretUnreadable);
    // what the seed sealed with the development key opens in a development API that has APP_SECRET
    expect(appSecret.open(development.seal('seeded', 'crm.apiToken'), 'crm.apiToken')).toBe('seeded');
    // production: a key is required, and the development key opens nothing
    expect(() => secretBoxFromEnv({ NODE_ENV: 'production' }).seal('x', 'c')).toThrow(MissingDataKey);
    const production = secretBoxFromEnv({ NODE_ENV: 'production', APP_SECRET: 'app-secret-0123456789' });
    expect(() => production.open(development.seal('seeded', 'c'), 'c')).toThrow(SecretUnreadable);
    expect(secretBoxFromEnv({ NODE_ENV: 'test', APP_SECRET: 'app-secret-0123456789' })).toBe(appSecret);
  });
});

describe('masks', () => {
  it('shows the last 4 characters of long secrets only', () => {
    expect(maskSecret('sk_live_0123456789abcd')).toBe('••••abcd');
    expect(maskSecret('short-token')).toBe('••••');
    expect(maskSecret('')).toBe('');
    expect(isMasked('••••abcd')).toBe(true);
    expect(isMasked('abcd')).toBe(false);
  });

  it('masks every occurrence of the secrets in a text, URL-encoded ones too', () => {
    const text =
      'POST https://x.test/rest/1/abcdefghijkl1234/crm.lead.add token=s3cret%2Bvalue-long&again=abcdefghijkl1234';
    const masked = maskIn(text, ['abcdefghijkl1234', 's3cret+value-long', null]);
    expect(masked).not.toContain('abcdefghijkl1234');
    expect(masked).not.toContain('s3cret');
    expect(masked).toContain('/rest/1/••••1234/');
    expect(masked).toContain('token=••••long');
  });
});
