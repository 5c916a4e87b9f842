import { expect, it } from 'vitest';
import { runScaleOut } from './scale.ts';

/** `npm run scale`, small: two APIs behind HAProxy, two workers, one DB, one Redis. */
it('two API and two worker processes under mixed load: nothing lost, nothing doubled', {
  timeout: 300_000,
}, async () => {
  const result = await runScaleOut({ leads: 300, perSecond: 40, seconds: 15 });
  expect(result.errorSamples).toEqual([]);
  expect(result).toMatchObject({
    duplicated: 0,
    missing: 0,
    unknownAtCrm: 0,
    duplicatedLedger: 0,
    drift: 0,
    balanceSum: 0,
    errors: 0,
    clicksWritten: result.clicksAnswered,
    ok: true,
  });
  expect(result.accepted).toBeGreaterThanOrEqual(300);
  expect(result.clicksAnswered).toBeGreaterThan(0);
  // Both API processes answered their share through the balancer.
  for (const n of result.served) expect(n).toBeGreaterThan(0.25 * (result.served[0] + result.served[1]));
});
