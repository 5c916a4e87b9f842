import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { guardedRequest } from './guarded-fetch.ts';
import { fillUrlTemplate } from './macros.ts';
import { newSigningSecret, signatureHeaders, signedContent } from './signing.ts';
import { type FakeServer, startFakeServer } from './test-support/fake-server.ts';
import { installNetworkJail } from './test-support/network-jail.ts';

/** The README's library-free receiver check, verbatim in spirit. */
function verifyLeadmesh(
  req: { method: string; url: string; headers: IncomingHttpHeaders },
  rawBody: string,
  secret: string,
  publicOrigin: string,
): boolean {
  const id = req.headers['webhook-id'] as string | undefined;
  const ts = req.headers['webhook-timestamp'] as string | undefined;
  const signatures = req.headers['webhook-signature'] as string | undefined;
  if (!id || !ts || !signatures) return false;
  if (Math.abs(Date.now() / 1000 - Number(ts)) > 300) return false;
  const signed = req.method === 'GET' || req.method === 'HEAD' ? publicOrigin + req.url : rawBody;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = Buffer.from(createHmac('sha256', key).update(`${id}.${ts}.${signed}`).digest('base64'));
  return signatures.split(' ').some((part) => {
    const [version, signature = ''] = part.split(',');
    const given = Buffer.from(signature);
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

let jail: ReturnType<typeof installNetworkJail>;
beforeAll(() => {
  jail = installNetworkJail();
});
afterAll(() => jail.restore());

describe('a signed postback, filled, sent and verified by a receiver', () => {
  let receiver: FakeServer;
  const secret = newSigningSecret();
  const verdicts: { library: boolean; manual: boolean }[] = [];

  beforeAll(async () => {
    receiver = await startFakeServer((req, res, seen) => {
      const manual = verifyLeadmesh(seen, seen.body, secret, receiver.origin);
      let library = true;
      try {
        const payload = seen.method === 'GET' ? receiver.origin + seen.url : seen.body;
        new Webhook(secret).verify(payload, req.headers as Record<string, string>, { jsonParse: false });
      } catch {
        library = false;
      }
      verdicts.push({ library, manual });
      res.end(library && manual ? 'valid' : 'invalid');
    });
  });
  afterAll(() => receiver.close());
  afterEach(() => {
    expect(jail.violations).toEqual([]);
    jail.reset();
  });

  it('verifies a GET postback whose data is in the URL', async () => {
    const url = fillUrlTemplate(`${receiver.origin}/pb/{offer}?click={clickid}&amount={payout}&x={unknown}`, {
      offer: 'summer sale/2',
      clickid: 'a&b=c ü',
      payout: 12.5,
    });
    const headers = signatureHeaders({
      secrets: [newSigningSecret(), secret],
      msgId: 'pb_1',
      timestamp: new Date(),
      payload: signedContent({ method: 'GET', url }),
    });
    const res = await guardedRequest({ url, headers, allowLoopback: true });
    expect(res.body).toBe('valid');
    expect(verdicts.at(-1)).toEqual({ library: true, manual: true });
  });

  it('verifies a POST webhook whose data is in the body', async () => {
    const url = `${receiver.origin}/hooks/leadmesh`;
    const body = JSON.stringify({ type: 'conversion.approved', leadId: 42, payout: '12.50' });
    const headers = signatureHeaders({
      secrets: [secret],
      msgId: 'wh_1',
      timestamp: new Date(),
      payload: signedContent({ method: 'POST', url, body }),
    });
    const res = await guardedRequest({
      url,
      method: 'POST',
      body,
      headers: { ...headers, 'content-type': 'application/json' },
      allowLoopback: true,
    });
    expect(res.body).toBe('valid');
  });

  it('is rejected when the URL was changed on the way', async () => {
    const url = fillUrlTemplate(`${receiver.origin}/pb?amount={payout}`, { payout: 12.5 });
    const headers = signatureHeaders({
      secrets: [secret],
      msgId: 'pb_2',
      timestamp: new Date(),
      payload: signedContent({ method: 'GET', url }),
    });
    const res = await guardedRequest({ url: url.replace('12.5', '1250'), headers, allowLoopback: true });
    expect(res.body).toBe('invalid');
    expect(verdicts.at(-1)).toEqual({ library: false, manual: false });
  });
});
