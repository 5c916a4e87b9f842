import { rebuildDailyStats } from '@leadmesh/core';
import { leadDeliver } from '@leadmesh/jobs';
import { PRODUCT_KEY } from '@leadmesh/schema';
import { advertisers, customPayouts, leadDailyStats, leads, offers, users } from '@leadmesh/schema/tables';
import { Queue } from 'bullmq';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrafficWorld, nextIp, type SiteVisitor, type TrafficWorld } from '../tracking/test-world.ts';
import { INTAKE_RULES } from './intake.service.ts';

let w: TrafficWorld;
let crmQueue: Queue;
beforeAll(async () => {
  w = await createTrafficWorld();
  crmQueue = new Queue('crm', {
    connection: w.api.runtime.platform.queueRedis,
    prefix: w.api.deps.env.REDIS_PREFIX,
  });
});
afterAll(async () => {
  await crmQueue?.close();
  await w?.close();
});

const rollupOrder = [
  leadDailyStats.Day,
  leadDailyStats.OfferID,
  leadDailyStats.CountryCode,
  leadDailyStats.City,
  leadDailyStats.Domain,
  leadDailyStats.IsPhone,
  leadDailyStats.UserID,
];

let phoneCounter = 1000000;
/** A valid Serbian mobile number nobody used yet. */
const freshPhone = () => `+381 60 ${++phoneCounter}`;

/** A visitor who followed the tracking link of `code` and orders on its landing. */
async function orderVia(
  code: string,
  fields: Record<string, unknown> = {},
  visitor: SiteVisitor = w.visitor(),
): Promise<{ status: number; body: Record<string, unknown>; leadId: number | null; visitor: SiteVisitor }> {
  const { token } = await visitor.click(code);
  const before = await w.lastLead();
  const answer = await visitor.order(code, { name: 'Ana Anić', phone: freshPhone(), ...fields }, token);
  const after = await w.lastLead();
  const leadId = after && after.ID !== before?.ID ? after.ID : null;
  return { ...answer, leadId, visitor };
}

/** A taken offer of a fresh offer (its own day counts, limits and advertiser). */
async function freshTaken(offer: Partial<typeof offers.$inferInsert> = {}, userId = w.publisher.user.ID) {
  const o = await w.createOffer(offer);
  const landing = await w.createWebsite(o.ID, 'Landing');
  const taken = await w.takeOffer({ BoundUser: userId, BoundOffer: o.ID, BoundLandingWebsite: landing.ID });
  return { offer: o, taken };
}

describe('an accepted lead', () => {
  it('answers the thank-you page and stores the lead with its money frozen', async () => {
    const { offer, taken } = await freshTaken();
    const { status, body, leadId, visitor } = await orderVia(taken.TrackingCode, {
      phone: '060/100-2000',
      quantity: '2',
      uid: 'u-1',
      c1: 'fb',
      color: 'green',
      size: 42,
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      data: { redirect: `/o/${taken.TrackingCode}/landing/thanks.html` },
    });
    const lead = await w.lead(leadId!);
    expect(lead).toMatchObject({
      BoundUser: w.publisher.user.ID,
      BoundAdvertiser: w.advertiser.ID,
      BoundOffer: offer.ID,
      BoundTakenOffer: taken.ID,
      OfferName: offer.OfferName,
      ProductName: offer.OfferProductName,
      Status: -1,
      BlockedReason: null,
      LeadPrice: 1500,
      EarnedAmount: 1200,
      PlatformEarnedAmount: 300,
      PlatformTax: 20,
      ReferralAmount: 0,
      Phone: '+381601002000',
      CountryCode: 'RS',
      PurchaseDomain: 'http://tea-news.example',
      PurchaseLeadType: 'CPA',
      FriendlyName: 'Tea on my blog',
      PurchaseIP: visitor.ip,
      PurchaseIsPhone: false,
    });
    expect(lead.BoundClick).toBeGreaterThan(0);
    expect(lead.PurchaseDetails).toEqual({
      [`${PRODUCT_KEY}-name`]: 'Ana Anić',
      [`${PRODUCT_KEY}-phone`]: '060/100-2000',
      [`${PRODUCT_KEY}-quantity`]: 2,
      [`${PRODUCT_KEY}-uid`]: 'u-1',
      [`${PRODUCT_KEY}-c1`]: 'fb',
      GenericData: { color: 'green', size: 42 },
    });
    expect(await w.dayCounts(offer.ID)).toEqual([
      { OfferID: offer.ID, Day: new Date().toISOString().slice(0, 10), Accepted: 1, Blocked: 0 },
    ]);
    const job = await crmQueue.getJob(leadDeliver.key({ leadId: leadId!, attempt: 1 }));
    expect(job?.name).toBe('lead.deliver');
    expect(job?.data).toEqual({ leadId, attempt: 1 });
  });

  it('takes the sub ids of the tracking link when the form does not send them', async () => {
    const visitor = w.visitor();
    const { token } = await visitor.click(w.taken.TrackingCode, '?c2=native&stclickid=abc');
    await visitor.order(w.taken.TrackingCode, { name: 'Mila', phone: freshPhone(), c1: 'form' }, token);
    const lead = await w.lastLead();
    expect(lead.PurchaseDetails).toMatchObject({
      [`${PRODUCT_KEY}-c1`]: 'form',
      [`${PRODUCT_KEY}-c2`]: 'native',
      [`${PRODUCT_KEY}-stclickid`]: 'abc',
    });
  });

  it("pays the publisher's custom payout minus the tax; the advertiser still pays the offer's payout", async () => {
    const { offer, taken } = await freshTaken();
    await w.db.insert(customPayouts).values({ UserID: w.publisher.user.ID, OfferID: offer.ID, Payout: 1300 });
    const { leadId } = await orderVia(taken.TrackingCode);
    expect(await w.lead(leadId!)).toMatchObject({
      LeadPrice: 1500,
      EarnedAmount: 1040,
      PlatformEarnedAmount: 460,
    });
  });

  it("freezes the offer's referral payout only when the publisher's referrer has referrals enabled", async () => {
    const referrer = await w.api.createUser('referrer1', { isVerified: true, isRefferalEnabled: true });
    const silent = await w.api.createUser('referrer2', { isVerified: true, isRefferalEnabled: false });
    const referred = await w.api.createUser('referred1', { isVerified: true });
    const referred2 = await w.api.createUser('referred2', { isVerified: true });
    await w.db.update(users).set({ ReferredByID: referrer.ID }).where(eq(users.ID, referred.ID));
    await w.db.update(users).set({ ReferredByID: silent.ID }).where(eq(users.ID, referred2.ID));
    const a = await freshTaken({}, referred.ID);
    const b = await freshTaken({}, referred2.ID);
    expect(await w.lead((await orderVia(a.taken.TrackingCode)).leadId!)).toMatchObject({
      ReferralAmount: 100,
    });
    expect(await w.lead((await orderVia(b.taken.TrackingCode)).leadId!)).toMatchObject({ ReferralAmount: 0 });
  });

  it('a plain form post (no script) is taken with the cookie and redirected (303) to the thank-you page', async () => {
    const visitor = w.visitor();
    await visitor.click(w.taken.TrackingCode);
    const response = await visitor.request('POST', `/o/${w.taken.TrackingCode}/landing/index.html`, {
      body: new URLSearchParams({ name: 'Plain Form', phone: freshPhone() }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/o/${w.taken.TrackingCode}/landing/thanks.html`);
    expect((await w.lastLead()).PurchaseDetails).toMatchObject({ [`${PRODUCT_KEY}-name`]: 'Plain Form' });
  });

  it('a landing without a thank-you page sends the buyer to the built-in one', async () => {
    const offer = await w.createOffer();
    const landing = await w.createWebsite(offer.ID, 'Landing', {
      'index.html': '<form><input name="phone"></form>',
    });
    const taken = await w.takeOffer({
      BoundUser: w.publisher.user.ID,
      BoundOffer: offer.ID,
      BoundLandingWebsite: landing.ID,
    });
    const { body } = await orderVia(taken.TrackingCode);
    expect(body.data).toEqual({ redirect: `/o/${taken.TrackingCode}/_lm/thanks` });
    const page = await w.visitor().get(`/o/${taken.TrackingCode}/_lm/thanks`);
    expect(await page.text()).toContain('Thank you for your order');
  });

  it('an order 45 days later is still attributed to the click through the cookie', async () => {
    const visitor = w.visitor();
    const { token } = await visitor.click(w.taken.TrackingCode);
    // Later: the buyer opens the landing again without the link's query; the page carries the cookie's click.
    const page = await visitor.get(`/o/${w.taken.TrackingCode}/landing/index.html`);
    expect(await page.text()).toContain(`data-click="${token}"`);
    await visitor.order(w.taken.TrackingCode, { name: 'Later', phone: freshPhone() }, token);
    const lead = await w.lastLead();
    await w.flush();
    expect(lead.BoundClick).toBeGreaterThan(0);
  });
});

describe('idempotency', () => {
  it('a double submit of the landing makes one lead and answers the same thank-you page', async () => {
    const visitor = w.visitor();
    const { token } = await visitor.click(w.taken.TrackingCode);
    const before = await w.leadCount();
    const fields = { name: 'Twice', phone: freshPhone() };
    const [a, b] = await Promise.all([
      visitor.order(w.taken.TrackingCode, fields, token),
      visitor.order(w.taken.TrackingCode, fields, token),
    ]);
    expect(a).toEqual(b);
    expect(a.status).toBe(200);
    expect(await w.leadCount()).toBe(before + 1);
  });

  it('a server posting the same IdempotencyKey (or Idempotency-Key header) gets the same lead', async () => {
    const token = await w.apiToken(w.publisher.user.ID);
    const post = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      serverPost(
        token,
        { BoundTakenOffer: w.taken.ID, name: 'Server', phone: freshPhone(), ...body },
        headers,
      );
    const before = await w.leadCount();
    const first = await post({ IdempotencyKey: 'order-77', phone: '+381 60 7000001' });
    const again = await post({ IdempotencyKey: 'order-77', phone: '+381 60 7000002' });
    expect(first.body.status).toBe('ok');
    expect(again.body.data).toEqual({ ...(first.body.data as object), replayed: true });
    const viaHeader = await post({}, { 'Idempotency-Key': 'order-78' });
    const viaHeaderAgain = await post({}, { 'Idempotency-Key': 'order-78' });
    expect((viaHeaderAgain.body.data as { ID: number }).ID).toBe((viaHeader.body.data as { ID: number }).ID);
    expect(await w.leadCount()).toBe(before + 2);
  });
});

async function serverPost(token: string | null, body: unknown, headers: Record<string, string> = {}) {
  const response = await w.api.app.request(
    'http://localhost/intake/leads',
    {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    },
    { remoteAddr: '127.0.0.1' },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('blocked leads: stored with status 4 and a reason, never delivered, counted per day', () => {
  async function expectBlocked(
    reason: string,
    leadId: number | null,
    offerId: number,
    answer?: { status: number; body: Record<string, unknown> },
  ) {
    expect(leadId).not.toBeNull();
    const lead = await w.lead(leadId!);
    expect(lead).toMatchObject({ Status: 4, BlockedReason: reason, LeadPrice: 0, EarnedAmount: 0 });
    expect(await crmQueue.getJob(leadDeliver.key({ leadId: leadId!, attempt: 1 }))).toBeUndefined();
    const [day] = await w.dayCounts(offerId);
    expect(day.Blocked).toBeGreaterThan(0);
    // The buyer is told nothing: a blocked order looks like any other.
    if (answer) expect(answer.body.status).toBe('ok');
  }

  it('OFFER_INACTIVE', async () => {
    const { offer, taken } = await freshTaken({ OfferActive: false });
    const answer = await orderVia(taken.TrackingCode);
    await expectBlocked('OFFER_INACTIVE', answer.leadId, offer.ID, answer);
  });

  it('OFFER_INACTIVE for a deleted offer too', async () => {
    const { offer, taken } = await freshTaken();
    await w.db.update(offers).set({ deletedAt: new Date() }).where(eq(offers.ID, offer.ID));
    await expectBlocked('OFFER_INACTIVE', (await orderVia(taken.TrackingCode)).leadId, offer.ID);
  });

  it('DAILY_LIMIT once the day has OfferLimit accepted leads', async () => {
    const { offer, taken } = await freshTaken({ OfferLimit: 2 });
    expect((await w.lead((await orderVia(taken.TrackingCode)).leadId!)).Status).toBe(-1);
    expect((await w.lead((await orderVia(taken.TrackingCode)).leadId!)).Status).toBe(-1);
    await expectBlocked('DAILY_LIMIT', (await orderVia(taken.TrackingCode)).leadId, offer.ID);
    const [day] = await w.dayCounts(offer.ID);
    expect(day).toMatchObject({ Accepted: 2, Blocked: 1 });
  });

  it("COUNTRY_NOT_ALLOWED when the phone's country is outside the offer's (no geo for the IP)", async () => {
    const { offer, taken } = await freshTaken();
    const answer = await orderVia(taken.TrackingCode, { phone: '+1 202 555 0143' });
    await expectBlocked('COUNTRY_NOT_ALLOWED', answer.leadId, offer.ID);
    expect((await w.lead(answer.leadId!)).CountryCode).toBe('US');
  });

  it("COUNTRY_NOT_ALLOWED when the click's geo is outside the offer's, whatever the phone", async () => {
    const { offer, taken } = await freshTaken();
    const answer = await orderVia(taken.TrackingCode, {}, w.visitor('8.8.8.8'));
    await expectBlocked('COUNTRY_NOT_ALLOWED', answer.leadId, offer.ID);
  });

  it('DUPLICATE_PHONE for the same phone on the same offer within the window', async () => {
    const { offer, taken } = await freshTaken();
    const phone = freshPhone();
    expect((await w.lead((await orderVia(taken.TrackingCode, { phone })).leadId!)).Status).toBe(-1);
    // Typed differently, same number.
    const again = await orderVia(taken.TrackingCode, { phone: phone.replace('+381 ', '0') });
    await expectBlocked('DUPLICATE_PHONE', again.leadId, offer.ID);
    // Another offer takes the same phone.
    const other = await freshTaken();
    expect((await w.lead((await orderVia(other.taken.TrackingCode, { phone })).leadId!)).Status).toBe(-1);
    expect(INTAKE_RULES.duplicatePhoneWindowMs).toBe(24 * 3_600_000);
  });

  it('LOW_BALANCE when the price would take the credit below minBalance; infinite credit is exempt', async () => {
    const user = await w.api.createUser('pooradv', { isVerified: true, isPublisherHidden: true });
    const poor = await w.api.createAdvertiser(user.ID, true);
    await w.topUp(2000, poor.ID);
    await w.db.update(advertisers).set({ minBalance: 1000 }).where(eq(advertisers.ID, poor.ID));
    const { offer, taken } = await freshTaken({ BoundAdvertiser: poor.ID });
    await expectBlocked('LOW_BALANCE', (await orderVia(taken.TrackingCode)).leadId, offer.ID);
    await w.db.update(advertisers).set({ isInfiniteCredits: true }).where(eq(advertisers.ID, poor.ID));
    expect((await w.lead((await orderVia(taken.TrackingCode)).leadId!)).Status).toBe(-1);
  });

  it('PUBLISHER_NOT_ALLOWED for an unverified or hidden publisher', async () => {
    const unverified = await w.api.createUser('unverified9', {});
    const hidden = await w.api.createUser('hiddenpub9', { isVerified: true, isPublisherHidden: true });
    for (const user of [unverified, hidden]) {
      const { offer, taken } = await freshTaken({}, user.ID);
      await expectBlocked('PUBLISHER_NOT_ALLOWED', (await orderVia(taken.TrackingCode)).leadId, offer.ID);
    }
  });

  it('PHONE_INVALID for a number that is not a phone', async () => {
    const { offer, taken } = await freshTaken();
    const answer = await orderVia(taken.TrackingCode, { phone: '12345' });
    await expectBlocked('PHONE_INVALID', answer.leadId, offer.ID, answer);
    expect((await w.lead(answer.leadId!)).Phone).toBeNull();
  });

  it("BOT for a headless user agent and for the page script's report", async () => {
    const { offer, taken } = await freshTaken();
    const headless = w.visitor(
      nextIp(),
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
    );
    await expectBlocked('BOT', (await orderVia(taken.TrackingCode, {}, headless)).leadId, offer.ID);
    const driven = await orderVia(taken.TrackingCode, {
      client: { webdriver: true, brands: [], automationGlobals: [] },
    });
    await expectBlocked('BOT', driven.leadId, offer.ID);
    const globals = await orderVia(taken.TrackingCode, { client: { automationGlobals: ['callPhantom'] } });
    await expectBlocked('BOT', globals.leadId, offer.ID);
    // A clean report changes nothing.
    const clean = await orderVia(taken.TrackingCode, { client: { webdriver: false, brands: ['Chromium'] } });
    expect((await w.lead(clean.leadId!)).Status).toBe(-1);
  });

  it(`IP_LIMIT once one IP sent ${INTAKE_RULES.leadsPerIp} leads within the hour`, async () => {
    const { offer, taken } = await freshTaken();
    const ip = nextIp();
    for (let i = 0; i < INTAKE_RULES.leadsPerIp; i++) {
      const answer = await orderVia(taken.TrackingCode, {}, w.visitor(ip));
      expect((await w.lead(answer.leadId!)).BlockedReason).toBeNull();
    }
    await expectBlocked('IP_LIMIT', (await orderVia(taken.TrackingCode, {}, w.visitor(ip))).leadId, offer.ID);
  });

  it('counts blocked leads per offer and day', async () => {
    const { offer, taken } = await freshTaken({ OfferActive: false });
    await orderVia(taken.TrackingCode);
    await orderVia(taken.TrackingCode);
    const [day] = await w.dayCounts(offer.ID);
    expect(day).toMatchObject({ Accepted: 0, Blocked: 2 });
  });
});

describe('bad input answers a clear error and writes nothing', () => {
  async function nothingWritten(run: () => Promise<unknown>) {
    await w.flush();
    const before = await w.leadCount();
    await run();
    expect(await w.leadCount()).toBe(before);
  }

  it('an order without a click id, with a forged one, or with another taken offer’s is refused (403)', async () => {
    const other = await freshTaken();
    const visitor = w.visitor();
    const { token: foreign } = await visitor.click(other.taken.TrackingCode);
    const fields = { name: 'X', phone: freshPhone() };
    for (const token of [null, 'forged.token', `${foreign.split('.')[0]}.AAAAAAAAAAAAAAAAAAAAAA`, foreign]) {
      await nothingWritten(async () => {
        const fresh = w.visitor();
        const answer = await fresh.order(w.taken.TrackingCode, fields, token);
        expect(answer.status).toBe(403);
        expect(answer.body).toMatchObject({ status: 'error', data: 'FORBIDDEN' });
        expect((answer.body.details as { message: string }).message).toContain('expired');
      });
    }
  });

  it('missing or oversized fields answer VALIDATION_ERROR with the field and message', async () => {
    const visitor = w.visitor();
    const { token } = await visitor.click(w.taken.TrackingCode);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ phone: freshPhone() }, 'name', 'Please enter your name'],
      [{ name: ' ', phone: freshPhone() }, 'name', 'Please enter your name'],
      [{ name: 'A' }, 'phone', 'Please enter your phone number'],
      [{ name: 'A', phone: '' }, 'phone', 'Please enter your phone number'],
      [
        { name: 'A', phone: freshPhone(), quantity: 'lots' },
        'quantity',
        'Quantity must be a whole number from 1 to 1000',
      ],
      [{ name: 'A', phone: freshPhone(), c1: 'x'.repeat(201) }, 'c1', 'At most 200 characters'],
      [
        {
          name: 'A',
          phone: freshPhone(),
          ...Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`f${i}`, 'v'])),
        },
        'GenericData',
        'An order may carry at most 30 other fields',
      ],
      [{ name: 'A', phone: freshPhone(), nested: { deep: 1 } }, 'GenericData.nested', ''],
    ];
    for (const [fields, field, message] of cases) {
      await nothingWritten(async () => {
        const answer = await visitor.order(w.taken.TrackingCode, fields, token);
        expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
        expect(answer.body).toMatchObject({ status: 'error', data: 'VALIDATION_ERROR', details: { field } });
        if (message) expect((answer.body.details as { message: string }).message).toBe(message);
      });
    }
  });

  it('a body that is not JSON, a form without fields, or another content type is refused', async () => {
    const visitor = w.visitor();
    await visitor.click(w.taken.TrackingCode);
    const path = `/o/${w.taken.TrackingCode}/_lm/order`;
    await nothingWritten(async () => {
      const bad = await visitor.request('POST', path, {
        body: '{nope',
        headers: { 'content-type': 'application/json' },
      });
      expect(bad.status).toBe(400);
      const text = await visitor.request('POST', path, {
        body: 'hi',
        headers: { 'content-type': 'text/plain' },
      });
      expect(text.status).toBe(415);
      const form = await visitor.request('POST', `/o/${w.taken.TrackingCode}/landing/index.html`, {
        body: 'name=',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status).toBe(400);
      expect(await form.text()).toContain('Please enter your name');
      const huge = await visitor.request('POST', path, {
        body: JSON.stringify({ name: 'x'.repeat(70_000) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(huge.status).toBe(413);
    });
  });

  it('an order to an unknown or deleted taken offer is a page, not a lead', async () => {
    await nothingWritten(async () => {
      const answer = await w.visitor().order('no-such-code', { name: 'A', phone: freshPhone() }, 'x.y');
      expect(answer.status).toBe(404);
    });
  });
});

describe('POST /intake/leads (servers with an API token)', () => {
  it('takes a lead for the token user’s taken offer and answers its id, status and reason', async () => {
    const token = await w.apiToken(w.publisher.user.ID);
    const { offer, taken } = await freshTaken();
    const answer = await serverPost(token, {
      BoundTakenOffer: taken.ID,
      name: 'From server',
      phone: freshPhone(),
      c3: 'sub',
      GenericData: { address: 'Main street 1' },
    });
    expect(answer.status).toBe(200);
    const data = answer.body.data as { ID: number; Status: number; BlockedReason: null; replayed: boolean };
    expect(data).toMatchObject({
      Status: -1,
      BlockedReason: null,
      replayed: false,
      StatusName: 'Lead processing',
    });
    expect(await w.lead(data.ID)).toMatchObject({
      BoundOffer: offer.ID,
      BoundTakenOffer: taken.ID,
      BoundClick: null,
      PurchaseIP: null,
      PurchaseDetails: {
        [`${PRODUCT_KEY}-name`]: 'From server',
        [`${PRODUCT_KEY}-c3`]: 'sub',
        [`${PRODUCT_KEY}-quantity`]: 1,
        GenericData: { address: 'Main street 1' },
      },
    });
  });

  it('takes a lead naming only the offer; the buyer’s ip and user agent feed the checks', async () => {
    const token = await w.apiToken(w.publisher.user.ID);
    const { offer } = await freshTaken();
    const ok = await serverPost(token, { BoundOffer: offer.ID, name: 'Direct', phone: freshPhone() });
    expect(ok.body.data).toMatchObject({ Status: -1 });
    expect(await w.lead((ok.body.data as { ID: number }).ID)).toMatchObject({ BoundTakenOffer: null });
    const bot = await serverPost(token, {
      BoundOffer: offer.ID,
      name: 'Bot',
      phone: freshPhone(),
      userAgent: 'curl/8.5.0',
    });
    expect(bot.body.data).toMatchObject({ Status: 4, BlockedReason: 'BOT', StatusName: 'Bad lead' });
    const abroad = await serverPost(token, {
      BoundOffer: offer.ID,
      name: 'US',
      phone: freshPhone(),
      ip: '8.8.8.8',
    });
    expect(abroad.body.data).toMatchObject({ BlockedReason: 'COUNTRY_NOT_ALLOWED' });
  });

  it('refuses a missing, unknown or flagless token, another user’s taken offer and bad bodies; writes nothing', async () => {
    const mine = await w.apiToken(w.publisher.user.ID);
    const readOnly = await w.apiToken(w.publisher.user.ID, { canReadLeads: true });
    const othersTaken = (await freshTaken({}, w.publisher2.user.ID)).taken;
    const lead = { BoundTakenOffer: w.taken.ID, name: 'A', phone: freshPhone() };
    const cases: [string | null, unknown, number, string][] = [
      [null, lead, 401, 'NOT_LOGGED_IN'],
      ['not-a-real-token-at-all-123', lead, 401, 'NOT_LOGGED_IN'],
      [readOnly, lead, 403, 'FORBIDDEN'],
      [mine, { ...lead, BoundTakenOffer: othersTaken.ID }, 403, 'FORBIDDEN'],
      [mine, { ...lead, BoundTakenOffer: 999_999 }, 404, 'NOT_FOUND'],
      [mine, { BoundOffer: 999_999, name: 'A', phone: freshPhone() }, 404, 'NOT_FOUND'],
      [mine, { ...lead, BoundOffer: othersTaken.BoundOffer + 1000 }, 400, 'VALIDATION_ERROR'],
      [mine, { name: 'A', phone: freshPhone() }, 400, 'VALIDATION_ERROR'],
      [mine, { ...lead, phone: undefined }, 400, 'VALIDATION_ERROR'],
      [mine, { ...lead, ip: 'not-an-ip' }, 400, 'VALIDATION_ERROR'],
      [mine, { ...lead, unexpected: 1 }, 400, 'VALIDATION_ERROR'],
      [mine, '{broken', 400, 'VALIDATION_ERROR'],
      [mine, JSON.stringify({ ...lead, name: 'x'.repeat(70_000) }), 413, 'VALIDATION_ERROR'],
    ];
    for (const [token, body, status, code] of cases) {
      await w.flush();
      const before = await w.leadCount();
      const answer = await serverPost(token, body);
      expect(answer.status, `${code} ${JSON.stringify(body).slice(0, 60)}`).toBe(status);
      expect(answer.body).toMatchObject({ status: 'error', data: code });
      expect(await w.leadCount()).toBe(before);
    }
  });

  it('a deleted taken offer cannot receive server leads', async () => {
    const token = await w.apiToken(w.publisher.user.ID);
    const { taken } = await freshTaken();
    await w.publisher.client.call('/takenOffers/deleteTakenOffer', { ID: taken.ID });
    const answer = await serverPost(token, { BoundTakenOffer: taken.ID, name: 'A', phone: freshPhone() });
    expect(answer).toMatchObject({ status: 404, body: { data: 'NOT_FOUND' } });
  });
});

describe('group commit', () => {
  it('takes concurrent leads in shared transactions, each decided as if alone', async () => {
    const token = await w.apiToken(w.publisher.user.ID);
    const { offer, taken } = await freshTaken({ OfferLimit: 12 });
    const stats = w.api.deps.traffic.intake.stats;
    const before = { ...stats };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        serverPost(token, { BoundTakenOffer: taken.ID, name: 'G', phone: freshPhone() }),
      ),
    );
    const reasons = answers.map((a) => (a.body.data as { BlockedReason: string | null }).BlockedReason);
    expect(reasons.filter((r) => r === null)).toHaveLength(12);
    expect(reasons.filter((r) => r === 'DAILY_LIMIT')).toHaveLength(8);
    const [day] = await w.dayCounts(offer.ID);
    expect(day).toMatchObject({ Accepted: 12, Blocked: 8 });
    expect(stats.leads - before.leads).toBe(20);
    expect(stats.groups - before.groups).toBeLessThan(20);
  });

  it('concurrent posts with one key make one lead, even inside one transaction', async () => {
    const token = await w.apiToken(w.publisher.user.ID);
    const before = await w.leadCount();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        serverPost(token, {
          BoundTakenOffer: w.taken.ID,
          name: 'K',
          phone: freshPhone(),
          IdempotencyKey: 'one-key',
        }),
      ),
    );
    const ids = new Set(answers.map((a) => (a.body.data as { ID: number }).ID));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => (a.body.data as { replayed: boolean }).replayed)).toHaveLength(4);
    expect(await w.leadCount()).toBe(before + 1);
  });

  it('runs its statements on the libSQL transaction under drizzle (the fast path)', async () => {
    const { sqlRunner } = await import('./sql-runner.ts');
    expect(await w.db.transaction(async (tx) => sqlRunner(tx).fast)).toBe(true);
    // Without it (another driver), the same statements go through drizzle's sql.
    const slow = sqlRunner(w.db);
    expect(slow.fast).toBe(false);
    expect(await slow.rows<{ x: number; y: string }>('select ? as x, ? as y', [7, 'a?b'])).toEqual([
      { x: 7, y: 'a?b' },
    ]);
  });
});

describe('orders per address', () => {
  it(`refuses more than ${60} orders from one address in 10 minutes with 429, storing nothing`, async () => {
    const world = await createTrafficWorld({ env: { RATE_LIMIT_DISABLED: 'false' } });
    try {
      const visitor = world.visitor('10.99.99.99');
      const { token } = await visitor.click(world.taken.TrackingCode);
      let last = { status: 0, body: {} as Record<string, unknown> };
      for (let i = 0; i < 61; i++) {
        last = await visitor.order(
          world.taken.TrackingCode,
          { name: 'Flood', phone: `+381 61 ${2000000 + i}` },
          token,
        );
      }
      expect(last).toMatchObject({ status: 429, body: { status: 'error', data: 'RATE_LIMITED' } });
      expect(await world.leadCount()).toBe(60);
    } finally {
      await world.close();
    }
  });
});

describe('what intake keeps beside the lead', () => {
  it('the daily rollups it writes equal a rebuild from the leads; every lead has its intake event', async () => {
    // Two orders from one address (the second is not the first from its IP), one blocked lead.
    const visitor = w.visitor();
    await orderVia(w.taken.TrackingCode, {}, visitor);
    await orderVia(w.taken.TrackingCode, {}, visitor);
    await orderVia(w.taken.TrackingCode, { phone: '12' });
    const kept = await w.db
      .select()
      .from(leadDailyStats)
      .orderBy(...rollupOrder);
    await w.db.transaction((tx) => rebuildDailyStats(tx));
    const rebuilt = await w.db
      .select()
      .from(leadDailyStats)
      .orderBy(...rollupOrder);
    expect(kept).toEqual(rebuilt);
    expect(kept.reduce((sum, row) => sum + row.Total, 0)).toBe(await w.leadCount());

    const [missing] = await w.db
      .select({ n: sql<number>`count(*)` })
      .from(leads)
      .where(
        sql`not exists (select 1 from lead_events e where e.lead_id = ${leads.ID} and e.kind = 'intake')`,
      );
    expect(missing?.n).toBe(0);
    const [second, first] = await w.db
      .select()
      .from(leads)
      .where(eq(leads.PurchaseIP, visitor.ip))
      .orderBy(desc(leads.ID));
    expect(first?.FirstFromIP).toBe(true);
    expect(second?.FirstFromIP).toBe(false);
  });
});
