import * as t from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test/harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(async () => {
  await api.close();
});

const DAY = 86_400_000;

describe('referrals', () => {
  it('answer the referrer’s own earnings by day and user, per advertiser and offer, registers and the overview', async () => {
    const { user: referrer, client } = await api.loggedIn('refowner', {
      isVerified: true,
      isRefferalEnabled: true,
    });
    const pub = await api.createUser('refpub', { isVerified: true });
    const adv = await api.createUser('refadv', { isVerified: true, isPublisherHidden: true });
    await api.db.update(t.users).set({ ReferredByID: referrer.ID }).where(eq(t.users.ID, pub.ID));
    await api.db.update(t.users).set({ ReferredByID: referrer.ID }).where(eq(t.users.ID, adv.ID));
    await api.createAdvertiser(adv.ID);
    const now = Date.now();
    await api.db.insert(t.referralEarnings).values([
      {
        BoundUser: referrer.ID,
        ReferredUser: pub.ID,
        Kind: 'publisher',
        BoundLead: 1,
        Amount: 50,
        createdAt: new Date(now - 2 * DAY),
      },
      {
        BoundUser: referrer.ID,
        ReferredUser: pub.ID,
        Kind: 'publisher',
        BoundLead: 2,
        Amount: 70,
        createdAt: new Date(now - 2 * DAY + 1000),
      },
      {
        BoundUser: referrer.ID,
        ReferredUser: pub.ID,
        Kind: 'publisher',
        BoundLead: 3,
        Amount: 30,
        createdAt: new Date(now),
      },
      {
        BoundUser: referrer.ID,
        ReferredUser: adv.ID,
        Kind: 'advertiser',
        Amount: 5_000,
        createdAt: new Date(now - DAY),
      },
    ]);
    const publishers = await client.call('/referral/getAllPublisherReferralsForUser', { Filters: [] });
    const today = new Date(now).toISOString().slice(0, 10);
    const twoDaysAgo = new Date(now - 2 * DAY).toISOString().slice(0, 10);
    expect(publishers.data).toEqual([
      { Date: today, Username: 'refpub', EarnedAmount: 30 },
      { Date: twoDaysAgo, Username: 'refpub', EarnedAmount: 120 },
    ]);
    const advertisers = await client.call('/referral/getAllAdvertiserReferralsForUser', { Filters: [] });
    expect(advertisers.data).toEqual([
      expect.objectContaining({ Username: 'refadv', OfferName: null, Earned: 5_000, Count: 1 }),
    ]);
    const registers = await client.call('/referral/getAllReferralRegisters', {});
    expect(
      (registers.data as { Username: string; isAdvertiser: boolean }[])
        .map((r) => [r.Username, r.isAdvertiser])
        .sort(),
    ).toEqual([
      ['refadv', true],
      ['refpub', false],
    ]);
    const overview = await client.call('/referral/getReferralOverview', {});
    expect(overview.data).toMatchObject({
      EarningsOverTime: { [today]: 30, [twoDaysAgo]: 120 },
      UniqueCount: 2,
      RegisterCount: 2,
      TotalEarned: 5_150,
      RefCode: referrer.RefCode,
    });
  });

  it('are the caller’s own; a disabled programme shows nothing and no code', async () => {
    const owner = await api.createUser('refowner2', { isRefferalEnabled: true });
    const { client } = await api.loggedIn('refnosy', { isVerified: true });
    expect((await client.call('/referral/getAllReferralRegisters', { BoundUser: owner.ID })).data).toBe(
      'FORBIDDEN',
    );
    expect(
      (await client.call('/referral/getAllPublisherReferralsForUser', { BoundUser: owner.ID, Filters: [] }))
        .data,
    ).toBe('FORBIDDEN');
    expect((await client.call('/referral/getReferralOverview', {})).data).toMatchObject({ RefCode: null });
    expect((await client.call('/referral/getAllPublisherReferralsForUser', { Filters: [] })).data).toEqual(
      [],
    );
  });

  it('an unverified account is told NOT_VERIFIED on every referral call, as its screens say (decision 0018)', async () => {
    const { client } = await api.loggedIn('refunverified', { isRefferalEnabled: true });
    for (const [path, body] of [
      ['/referral/getReferralOverview', {}],
      ['/referral/getAllPublisherReferralsForUser', { Filters: [] }],
      ['/referral/getAllAdvertiserReferralsForUser', { Filters: [] }],
      ['/referral/getAllReferralRegisters', {}],
    ] as const) {
      const answer = await client.callRaw(path, body);
      expect(answer, path).toMatchObject({ status: 'error', data: 'NOT_VERIFIED', httpStatus: 403 });
    }
  });
});
