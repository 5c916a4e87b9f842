import { clicksRetention, endpointsDisableFailing, offerApproveRates, payoutAuto } from '@leadmesh/jobs';
import { ENDPOINT_DISABLE_SWEEP_MS } from '@leadmesh/schema';
import * as t from '@leadmesh/schema/tables';
import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../api/src/test/harness.ts';
import { waitFor } from './crm/test-support/wait.ts';
import { parseWorkerEnv } from './env.ts';
import { type RunningWorker, startWorker } from './worker.ts';

let api: TestApi;
let worker: RunningWorker;
beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  worker = await startWorker(
    parseWorkerEnv({
      NODE_ENV: 'test',
      DATABASE_URL: api.deps.env.DATABASE_URL,
      REDIS_PREFIX: api.deps.env.REDIS_PREFIX,
      MAIL_SINK_DIR: `${api.deps.env.DATA_DIR}/mail-test`,
      OUTBOX_SWEEP_MS: '600000',
    }),
  );
});
afterAll(async () => {
  await worker?.close();
  await api?.close();
});

const scheduled = async (name: string) => {
  const queue = new Queue(name, {
    connection: api.runtime.platform.queueRedis,
    prefix: api.deps.env.REDIS_PREFIX,
  });
  const schedulers = await queue.getJobSchedulers();
  await queue.close();
  return schedulers.map((s) => [s.key, s.every]).sort();
};

it('schedules the hourly and daily jobs once, whatever the number of worker processes', async () => {
  const second = await startWorker(worker.ctx.env);
  await second.close();
  expect(await scheduled(payoutAuto.queue)).toEqual([[payoutAuto.id, 3_600_000]]);
  expect(await scheduled(offerApproveRates.queue)).toEqual(
    [
      [clicksRetention.id, 86_400_000],
      [endpointsDisableFailing.id, ENDPOINT_DISABLE_SWEEP_MS],
      [offerApproveRates.id, 3_600_000],
    ].sort(),
  );
});

it('a sweep puts back the schedules a flushed Redis lost', async () => {
  const queue = new Queue(payoutAuto.queue, {
    connection: api.runtime.platform.queueRedis,
    prefix: api.deps.env.REDIS_PREFIX,
  });
  await queue.removeJobScheduler(payoutAuto.id);
  await queue.close();
  expect(await scheduled(payoutAuto.queue)).toEqual([]);
  const sweeping = await startWorker({ ...worker.ctx.env, OUTBOX_SWEEP_MS: 200 });
  try {
    // startWorker schedules at once; remove again so only the sweep can bring it back.
    const again = new Queue(payoutAuto.queue, {
      connection: api.runtime.platform.queueRedis,
      prefix: api.deps.env.REDIS_PREFIX,
    });
    await again.removeJobScheduler(payoutAuto.id);
    await again.close();
    await waitFor(async () => (await scheduled(payoutAuto.queue)).length === 1, 10_000, 'the schedule back');
    expect(await scheduled(payoutAuto.queue)).toEqual([[payoutAuto.id, 3_600_000]]);
  } finally {
    await sweeping.close();
  }
});

it("the approve-rate job stores every offer's rate from its decided leads", async () => {
  const owner = await api.createUser('rateadv', { isVerified: true, isPublisherHidden: true });
  const advertiser = await api.createAdvertiser(owner.ID);
  const publisher = await api.createUser('ratepub', { isVerified: true });
  const [offer] = await api.db
    .insert(t.offers)
    .values({
      BoundAdvertiser: advertiser.ID,
      OfferName: 'Rated',
      OfferProductName: 'P',
      OfferProductBrand: 'B',
      OfferProductPrice: '1 EUR',
      OfferType: 'CPA',
      OfferCountry: ['RS'],
      OfferImages: [],
      OfferDescription: '',
    })
    .returning();
  // 8 confirmed, 2 rejected, 1 still waiting: 80%.
  const statuses = [2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 0];
  await api.db.insert(t.leads).values(
    statuses.map((Status) => ({
      BoundUser: publisher.ID,
      BoundAdvertiser: advertiser.ID,
      BoundOffer: offer.ID,
      OfferName: 'Rated',
      ProductName: 'P',
      Status,
      LeadPrice: 100,
      EarnedAmount: 80,
      PlatformEarnedAmount: 20,
      PurchaseLeadType: 'CPA' as const,
      PurchaseDetails: {},
    })),
  );
  await worker.ctx.jobs.requeue(offerApproveRates, {});
  await waitFor(
    async () =>
      (await api.db.select().from(t.offers).where(eq(t.offers.ID, offer.ID)))[0]
        .OfferMonthlyConversionRatio === 80,
    30_000,
    'the approve rate of the offer',
  );
});
