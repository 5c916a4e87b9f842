import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { fillUrlTemplate } from './macros.ts';
import {
  isInspectorUrl,
  newSigningSecret,
  signatureHeaders,
  signedContent,
  verifySignature,
} from './signing.ts';

/** What a receiver without a Standard Webhooks library does for a GET postback (README example). */
function verifyUrl(secret: string, url: string, headers: Record<string, string>): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const content = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${url}`;
  const expected = Buffer.from(createHmac('sha256', key).update(content).digest('base64'));
  return headers['webhook-signature'].split(' ').some((part) => {
    const [version, signature] = part.split(',');
    const given = Buffer.from(signature ?? '');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

describe('newSigningSecret', () => {
  it('is whsec_ and 24 random bytes in base64, usable by Standard Webhooks', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    expect(newSigningSecret()).not.toBe(secret);
    expect(() => new Webhook(secret)).not.toThrow();
  });
});

describe('signatureHeaders', () => {
  const secret = newSigningSecret();
  const previous = newSigningSecret();
  const body = JSON.stringify({ event: 'conversion', leadId: 42, payout: '12.50' });

  it('signs a POST body so Webhook.verify accepts it', () => {
    const payload = signedContent({ method: 'POST', url: 'https://r.example/hook', body });
    expect(payload).toBe(body);
    const headers = signatureHeaders({ secrets: [secret], msgId: 'msg_1', timestamp: new Date(), payload });
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-timestamp']).toMatch(/^\d+$/);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('writes the timestamp as whole unix seconds', () => {
    const headers = signatureHeaders({
      secrets: [secret],
      msgId: 'msg_1',
      timestamp: new Date('2026-01-02T03:04:05.678Z'),
      payload: '',
    });
    expect(headers['webhook-timestamp']).toBe(String(Date.UTC(2026, 0, 2, 3, 4, 5) / 1000));
  });

  it('signs the exact URL of a GET postback, checkable with a plain HMAC', () => {
    const url = fillUrlTemplate('https://r.example/pb?click={clickid}&amount={payout}', {
      clickid: 'abc 123',
      payout: 12.5,
    });
    const payload = signedContent({ method: 'GET', url });
    expect(payload).toBe('https://r.example/pb?click=abc%20123&amount=12.5');
    const headers = signatureHeaders({ secrets: [secret], msgId: 'pb_7', timestamp: new Date(), payload });
    expect(verifyUrl(secret, url, { ...headers })).toBe(true);
    expect(new Webhook(secret).verify(url, headers, { jsonParse: false })).toBeUndefined();
  });

  it('signs the URL as sent: normalised, without its fragment', () => {
    expect(signedContent({ method: 'get', url: 'HTTPS://R.Example:443/pb?a=1 2#frag' })).toBe(
      'https://r.example/pb?a=1%202',
    );
    expect(signedContent({ method: 'HEAD', url: 'https://r.example/x' })).toBe('https://r.example/x');
    expect(signedContent({ method: 'DELETE', url: 'https://r.example/x' })).toBe('');
  });

  it('carries one signature per secret during rotation, each verifying on its own', () => {
    const headers = signatureHeaders({
      secrets: [secret, previous],
      msgId: 'msg_2',
      timestamp: new Date(),
      payload: body,
    });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow(/No matching signature/);
  });

  it('fails verification when the payload, the timestamp or the id is changed', () => {
    const now = new Date();
    const url = 'https://r.example/pb?click=abc&amount=12.5';
    const headers = {
      ...signatureHeaders({ secrets: [secret], msgId: 'msg_3', timestamp: now, payload: body }),
    };
    const urlHeaders = {
      ...signatureHeaders({ secrets: [secret], msgId: 'msg_3', timestamp: now, payload: url }),
    };
    const wh = new Webhook(secret);

    expect(() => wh.verify(body.replace('12.50', '99.00'), headers)).toThrow(/No matching signature/);
    expect(verifyUrl(secret, url.replace('12.5', '99'), urlHeaders)).toBe(false);

    const earlier = String(Number(headers['webhook-timestamp']) - 1);
    expect(() => wh.verify(body, { ...headers, 'webhook-timestamp': earlier })).toThrow(
      /No matching signature/,
    );
    expect(verifyUrl(secret, url, { ...urlHeaders, 'webhook-timestamp': earlier })).toBe(false);

    expect(() => wh.verify(body, { ...headers, 'webhook-id': 'msg_4' })).toThrow(/No matching signature/);
    expect(verifyUrl(secret, url, { ...urlHeaders, 'webhook-id': 'msg_4' })).toBe(false);
  });

  it('is refused by Webhook.verify when too old (replay)', () => {
    const old = new Date(Date.now() - 10 * 60 * 1000);
    const headers = signatureHeaders({ secrets: [secret], msgId: 'msg_5', timestamp: old, payload: body });
    expect(() => new Webhook(secret).verify(body, headers)).toThrow(/too old/);
  });

  it('needs a secret and a header-safe id', () => {
    expect(() => signatureHeaders({ secrets: [], msgId: 'm', timestamp: new Date(), payload: '' })).toThrow();
    expect(() =>
      signatureHeaders({ secrets: [secret], msgId: 'a b\r\n', timestamp: new Date(), payload: '' }),
    ).toThrow();
    expect(() =>
      signatureHeaders({ secrets: ['whsec_'], msgId: 'm', timestamp: new Date(), payload: '' }),
    ).toThrow();
  });
});

describe('verifySignature', () => {
  const secret = newSigningSecret();
  const other = newSigningSecret();
  const url = 'https://r.example/pb?lead=7&status=2';
  const now = new Date('2026-11-27T10:00:00Z');
  const headers = signatureHeaders({ secrets: [secret], msgId: 'pb_7', timestamp: now, payload: url });

  it('accepts what signatureHeaders made, with any of the secrets, and agrees with the library', () => {
    expect(verifySignature({ secrets: [secret], headers, payload: url, now })).toBe('valid');
    expect(verifySignature({ secrets: [other, secret], headers, payload: url, now })).toBe('valid');
    const body = '{"lead_id":7}';
    const posted = signatureHeaders({
      secrets: [secret, other],
      msgId: 'pb_8',
      timestamp: now,
      payload: body,
    });
    expect(verifySignature({ secrets: [other], headers: posted, payload: body, now })).toBe('valid');
  });

  it('tells a wrong secret or content, a stale timestamp and missing headers apart', () => {
    expect(verifySignature({ secrets: [other], headers, payload: url, now })).toBe('invalid');
    expect(verifySignature({ secrets: [secret], headers, payload: `${url}0`, now })).toBe('invalid');
    const later = new Date(now.getTime() + 6 * 60_000);
    expect(verifySignature({ secrets: [secret], headers, payload: url, now: later })).toBe('expired');
    expect(verifySignature({ secrets: [secret], headers: {}, payload: url, now })).toBe('missing');
  });
});

describe('isInspectorUrl', () => {
  it('is the sites origin exactly, under /pb/', () => {
    const sites = 'http://127.0.0.1:5100';
    expect(isInspectorUrl('http://127.0.0.1:5100/pb/abc?lead=1', sites)).toBe(true);
    expect(isInspectorUrl('http://127.0.0.1:5100/pb/abc/deeper', sites)).toBe(true);
    expect(isInspectorUrl('http://127.0.0.1:5101/pb/abc', sites)).toBe(false);
    expect(isInspectorUrl('https://127.0.0.1:5100/pb/abc', sites)).toBe(false);
    expect(isInspectorUrl('http://127.0.0.1:5100/t/abc', sites)).toBe(false);
    expect(isInspectorUrl('http://user:pw@127.0.0.1:5100/pb/abc', sites)).toBe(false);
    expect(isInspectorUrl('not a url', sites)).toBe(false);
    expect(isInspectorUrl('http://127.0.0.1:5100/pb/abc', undefined)).toBe(false);
  });
});
