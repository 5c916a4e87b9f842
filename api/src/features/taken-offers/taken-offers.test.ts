import { domains, takenOffers } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrafficWorld, type TrafficWorld } from '../tracking/test-world.ts';

let w: TrafficWorld;
beforeAll(async () => {
  w = await createTrafficWorld();
});
afterAll(async () => {
  await w?.close();
});

const take = (client: TrafficWorld['publisher']['client'], body: Record<string, unknown>) =>
  client.call('/takenOffers/addTakenOffer', body);

function takeBody(overrides: Record<string, unknown> = {}) {
  return {
    BoundOffer: w.offer.ID,
    BoundDomain: w.domain.ID,
    BoundLandingWebsite: w.landing.ID,
    BoundPreLandingWebsite: w.prelanding.ID,
    FriendlyName: 'Blog tea',
    ...overrides,
  };
}

describe('/takenOffers/addTakenOffer', () => {
  it('takes an offer on an own domain, with an unguessable tracking code', async () => {
    const answer = await take(w.publisher.client, { authUser: w.publisher.user.ID, ...takeBody() });
    expect(answer.status).toBe('ok');
    const taken = answer.data as { ID: number; TakenOfferName: string };
    expect(taken).toMatchObject({
      BoundOffer: w.offer.ID,
      BoundDomain: w.domain.ID,
      BoundLandingWebsite: w.landing.ID,
      BoundPreLandingWebsite: w.prelanding.ID,
      FriendlyName: 'Blog tea',
      TakenOfferName: w.offer.OfferName,
    });
    const [row] = await w.db.select().from(takenOffers).where(eq(takenOffers.ID, taken.ID));
    expect(row.BoundUser).toBe(w.publisher.user.ID);
    expect(row.TrackingCode).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('takes an offer on an internal domain, without a prelanding and without a name', async () => {
    const answer = await take(
      w.publisher2.client,
      takeBody({ BoundDomain: w.internalDomain.ID, BoundPreLandingWebsite: null, FriendlyName: '' }),
    );
    expect(answer.data).toMatchObject({ BoundPreLandingWebsite: null, FriendlyName: null });
  });

  it('refuses another publisher’s domain and authUser, and ids that do not exist', async () => {
    const [theirs] = await w.db
      .insert(domains)
      .values({ DomainName: 'http://theirs.example', BoundUser: w.publisher2.user.ID })
      .returning();
    expect((await take(w.publisher.client, takeBody({ BoundDomain: theirs.ID }))).data).toBe('FORBIDDEN');
    expect((await take(w.publisher.client, { ...takeBody(), authUser: w.publisher2.user.ID })).data).toBe(
      'FORBIDDEN',
    );
    expect((await take(w.publisher.client, takeBody({ BoundDomain: 999_999 }))).data).toBe('NOT_FOUND');
    expect((await take(w.publisher.client, takeBody({ BoundOffer: 999_999 }))).data).toBe('NOT_FOUND');
  });

  it('refuses websites of another offer or of the wrong type', async () => {
    const other = await w.createOffer();
    const otherLanding = await w.createWebsite(other.ID, 'Landing');
    const cases: [Record<string, unknown>, string][] = [
      [{ BoundLandingWebsite: otherLanding.ID }, 'BoundLandingWebsite'],
      [{ BoundLandingWebsite: w.prelanding.ID }, 'BoundLandingWebsite'],
      [{ BoundPreLandingWebsite: w.landing.ID }, 'BoundPreLandingWebsite'],
      [{ BoundLandingWebsite: 999_999 }, 'BoundLandingWebsite'],
    ];
    for (const [overrides, field] of cases) {
      const answer = await take(w.publisher.client, takeBody(overrides));
      expect(answer, JSON.stringify(overrides)).toMatchObject({
        status: 'error',
        data: 'VALIDATION_ERROR',
        details: { field },
      });
    }
  });

  it('refuses an inactive or deleted offer', async () => {
    const inactive = await w.createOffer({ OfferActive: false });
    const landing = await w.createWebsite(inactive.ID, 'Landing');
    const answer = await take(
      w.publisher.client,
      takeBody({ BoundOffer: inactive.ID, BoundLandingWebsite: landing.ID, BoundPreLandingWebsite: null }),
    );
    expect(answer).toMatchObject({ data: 'VALIDATION_ERROR', details: { field: 'BoundOffer' } });
    const deleted = await w.createOffer({ deletedAt: new Date() });
    const deletedLanding = await w.createWebsite(deleted.ID, 'Landing');
    const gone = await take(
      w.publisher.client,
      takeBody({
        BoundOffer: deleted.ID,
        BoundLandingWebsite: deletedLanding.ID,
        BoundPreLandingWebsite: null,
      }),
    );
    expect(gone.data).toBe('NOT_FOUND');
  });

  it('is for verified publishers only', async () => {
    const unverified = await w.api.loggedIn('unverified5', {});
    expect((await take(unverified.client, takeBody())).data).toBe('NOT_VERIFIED');
    expect((await take(w.admin.client, takeBody())).data).toBe('FORBIDDEN');
    const before = (await w.db.select().from(takenOffers)).length;
    await take(w.api.client(), takeBody());
    expect((await w.db.select().from(takenOffers)).length).toBe(before);
  });
});

describe('/takenOffers/getAllTakenOffers', () => {
  it('lists the caller’s live taken offers only, newest first, with filters', async () => {
    const mine = await w.publisher.client.call('/takenOffers/getAllTakenOffers', { Filters: [] });
    const rows = mine.data as { ID: number; TakenOfferName: string; createdAt: string }[];
    const owned = await w.db.select().from(takenOffers).where(eq(takenOffers.BoundUser, w.publisher.user.ID));
    expect(rows.map((r) => r.ID).sort()).toEqual(
      owned
        .filter((t) => !t.deletedAt)
        .map((t) => t.ID)
        .sort(),
    );
    expect(rows[0].ID).toBeGreaterThan(rows[rows.length - 1].ID);
    const filtered = await w.publisher.client.call('/takenOffers/getAllTakenOffers', {
      Filters: [{ name: 'FriendlyName', op: 'eq', value: 'Tea on my blog' }],
    });
    expect((filtered.data as { ID: number }[]).map((r) => r.ID)).toEqual([w.taken.ID]);
    const theirs = await w.publisher.client.call('/takenOffers/getAllTakenOffers', {
      BoundUser: w.publisher2.user.ID,
      Filters: [],
    });
    expect(theirs.data).toBe('FORBIDDEN');
  });
});

describe('/takenOffers/generateOfferLink and deleteTakenOffer', () => {
  it('answers the tracking link on the sites server, which redirects', async () => {
    const answer = await w.publisher.client.call('/takenOffers/generateOfferLink', { ID: w.taken.ID });
    expect(answer.data).toBe(`http://127.0.0.1:5100/t/${w.taken.TrackingCode}`);
    const response = await w.visitor().get(new URL(answer.data as string).pathname);
    expect(response.status).toBe(302);
  });

  it('refuses another publisher’s taken offer (generate and delete) without changing it', async () => {
    expect((await w.publisher2.client.call('/takenOffers/generateOfferLink', { ID: w.taken.ID })).data).toBe(
      'FORBIDDEN',
    );
    expect((await w.publisher2.client.call('/takenOffers/deleteTakenOffer', { ID: w.taken.ID })).data).toBe(
      'FORBIDDEN',
    );
    const [row] = await w.db.select().from(takenOffers).where(eq(takenOffers.ID, w.taken.ID));
    expect(row.deletedAt).toBeNull();
  });

  it('deletes softly: the row stays, the list and the link forget it, the tracking link answers 410', async () => {
    const taken = await w.takeOffer({
      BoundUser: w.publisher.user.ID,
      BoundOffer: w.offer.ID,
      BoundLandingWebsite: w.landing.ID,
    });
    expect((await w.visitor().get(`/t/${taken.TrackingCode}`)).status).toBe(302);
    expect(await w.publisher.client.call('/takenOffers/deleteTakenOffer', { ID: taken.ID })).toMatchObject({
      status: 'ok',
      data: null,
    });
    const [row] = await w.db.select().from(takenOffers).where(eq(takenOffers.ID, taken.ID));
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect((await w.visitor().get(`/t/${taken.TrackingCode}`)).status).toBe(410);
    expect((await w.publisher.client.call('/takenOffers/generateOfferLink', { ID: taken.ID })).data).toBe(
      'NOT_FOUND',
    );
    expect((await w.publisher.client.call('/takenOffers/deleteTakenOffer', { ID: taken.ID })).data).toBe(
      'NOT_FOUND',
    );
    const list = await w.publisher.client.call('/takenOffers/getAllTakenOffers', { Filters: [] });
    expect((list.data as { ID: number }[]).some((r) => r.ID === taken.ID)).toBe(false);
  });
});

describe('tracking links on the publishers’ domains (production)', () => {
  it('uses the taken offer’s domain when SITES_ON_PUBLISHER_DOMAINS is set', async () => {
    const world = await createTrafficWorld({ env: { SITES_ON_PUBLISHER_DOMAINS: 'true' } });
    try {
      const answer = await world.publisher.client.call('/takenOffers/generateOfferLink', {
        ID: world.taken.ID,
      });
      expect(answer.data).toBe(`http://tea-news.example/t/${world.taken.TrackingCode}`);
    } finally {
      await world.close();
    }
  });
});
