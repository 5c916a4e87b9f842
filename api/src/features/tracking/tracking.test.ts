import { clicks } from '@leadmesh/schema/tables';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_HEADERS } from '../../sites/sites.app.ts';
import { verifyClick } from './click-token.ts';
import { createTrafficWorld, type TrafficWorld } from './test-world.ts';

let w: TrafficWorld;
beforeAll(async () => {
  w = await createTrafficWorld();
});
afterAll(async () => {
  await w?.close();
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function clickRow(token: string) {
  await w.flush();
  const key = token.split('.')[0];
  const [row] = await w.db.select().from(clicks).where(eq(clicks.ClickKey, key));
  return row;
}

describe('GET /t/{code}', () => {
  it('answers 302 to the prelanding with a signed click id and a 45-day first-party cookie', async () => {
    const visitor = w.visitor();
    const response = await visitor.get(`/t/${w.taken.TrackingCode}`);
    expect(response.status).toBe(302);
    const location = response.headers.get('location') ?? '';
    expect(location).toMatch(
      new RegExp(`^/o/${w.taken.TrackingCode}/index\\.html\\?click=[\\w-]+\\.[\\w-]+$`),
    );
    const token = new URL(location, 'http://x').searchParams.get('click')!;
    expect(verifyClick(w.api.deps.traffic.clickKey, token, w.taken.ID)).toBe(token.split('.')[0]);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`lm_click=${token}`);
    expect(cookie).toContain(`Path=/o/${w.taken.TrackingCode}/`);
    expect(cookie).toContain(`Max-Age=${45 * 86_400}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Built without Hono's headers (the hot path): every header of the sites origin is still there.
    for (const [name, value] of SITE_HEADERS) expect(response.headers.get(name)).toBe(value);
  });

  it('goes straight to the landing when the taken offer has no prelanding', async () => {
    const taken = await w.takeOffer({
      BoundUser: w.publisher.user.ID,
      BoundOffer: w.offer.ID,
      BoundLandingWebsite: w.landing.ID,
    });
    const { location } = await w.visitor().click(taken.TrackingCode);
    expect(location).toMatch(new RegExp(`^/o/${taken.TrackingCode}/landing/index\\.html\\?click=`));
  });

  it('records time, IP, user agent, device, referer and the sub ids of the link', async () => {
    const visitor = w.visitor('10.20.30.40', IPHONE);
    const before = Date.now();
    const response = await visitor.get(
      `/t/${w.taken.TrackingCode}?c1=fb&c2=adset%207&c6=${'x'.repeat(300)}&stclickid=st-1&other=no`,
      { referer: 'https://news.example/story' },
    );
    const token = new URL(response.headers.get('location')!, 'http://x').searchParams.get('click')!;
    const row = await clickRow(token);
    expect(row).toMatchObject({
      BoundTakenOffer: w.taken.ID,
      BoundUser: w.publisher.user.ID,
      BoundOffer: w.offer.ID,
      IP: '10.20.30.40',
      UserAgent: IPHONE,
      Referer: 'https://news.example/story',
      isPhone: true,
      CountryCode: null,
      City: null,
    });
    expect(row.SubIDs).toEqual({ c1: 'fb', c2: 'adset 7', c6: 'x'.repeat(200), stclickid: 'st-1' });
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before);
  });

  it('places public addresses with the offline geo database, and desktops are not phones', async () => {
    const ip = '8.8.8.8';
    const expected = w.api.deps.traffic.geo.lookup(ip);
    expect(expected.countryCode).toBe('US');
    const { token } = await w.visitor(ip).click(w.taken.TrackingCode);
    const row = await clickRow(token);
    expect(row).toMatchObject({ CountryCode: expected.countryCode, City: expected.city, isPhone: false });
  });

  it('marks only the first click of an IP on an offer in a day as unique', async () => {
    const offer = await w.createOffer();
    const landing = await w.createWebsite(offer.ID, 'Landing');
    const taken = await w.takeOffer({
      BoundUser: w.publisher.user.ID,
      BoundOffer: offer.ID,
      BoundLandingWebsite: landing.ID,
    });
    const other = await w.takeOffer({
      BoundUser: w.publisher2.user.ID,
      BoundOffer: offer.ID,
      BoundLandingWebsite: landing.ID,
    });
    const a = w.visitor('10.77.0.1');
    const b = w.visitor('10.77.0.2');
    // Two in the same batch, one in a later batch, another taken offer of the same offer, another IP.
    const first = await a.click(taken.TrackingCode);
    const second = await a.click(taken.TrackingCode);
    await w.flush();
    const third = await a.click(other.TrackingCode);
    const otherIp = await b.click(taken.TrackingCode);
    await w.flush();
    const rows = await w.db
      .select()
      .from(clicks)
      .where(eq(clicks.BoundOffer, offer.ID))
      .orderBy(asc(clicks.ID));
    const unique = new Map(rows.map((r) => [r.ClickKey, r.isUniqueIP]));
    expect(unique.get(first.token.split('.')[0])).toBe(true);
    expect(unique.get(second.token.split('.')[0])).toBe(false);
    expect(unique.get(third.token.split('.')[0])).toBe(false);
    expect(unique.get(otherIp.token.split('.')[0])).toBe(true);
  });

  it('counts the same IP as unique again on the next UTC day', async () => {
    const offer = await w.createOffer();
    const landing = await w.createWebsite(offer.ID, 'Landing');
    const taken = await w.takeOffer({
      BoundUser: w.publisher.user.ID,
      BoundOffer: offer.ID,
      BoundLandingWebsite: landing.ID,
    });
    const realNow = w.api.deps.now;
    try {
      const day = 86_400_000;
      const start = Math.floor(Date.now() / day) * day;
      w.api.deps.now = () => start - 1000;
      const yesterday = await w.visitor('10.78.0.1').click(taken.TrackingCode);
      w.api.deps.now = () => start + 1000;
      const today = await w.visitor('10.78.0.1').click(taken.TrackingCode);
      expect((await clickRow(yesterday.token)).isUniqueIP).toBe(true);
      expect((await clickRow(today.token)).isUniqueIP).toBe(true);
    } finally {
      w.api.deps.now = realNow;
    }
  });

  it('answers a friendly 404 page for an unknown code and 410 once the taken offer is deleted', async () => {
    const unknown = await w.visitor().get('/t/no-such-code-at-all-here');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('text/html');
    expect(await unknown.text()).toContain('Page not found');

    const taken = await w.takeOffer({
      BoundUser: w.publisher.user.ID,
      BoundOffer: w.offer.ID,
      BoundLandingWebsite: w.landing.ID,
    });
    expect((await w.visitor().get(`/t/${taken.TrackingCode}`)).status).toBe(302);
    const answer = await w.publisher.client.call('/takenOffers/deleteTakenOffer', { ID: taken.ID });
    expect(answer.status).toBe('ok');
    const gone = await w.visitor().get(`/t/${taken.TrackingCode}`);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('no longer active');
    expect((await w.visitor().get(`/o/${taken.TrackingCode}/landing/index.html`)).status).toBe(410);
  });

  it('answers bad codes with a page, never a 5xx', async () => {
    for (const code of ['%E0%A4%A', '..', 'a'.repeat(300), '%00', 'x%2Fy']) {
      const response = await w.visitor().get(`/t/${code}`);
      expect(response.status, code).toBeLessThan(500);
    }
  });
});
