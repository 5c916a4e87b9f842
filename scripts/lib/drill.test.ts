import { describe, expect, it } from 'vitest';
import { DRILLS, runDrill } from './drill.ts';

/**
 * The fault drills of `npm run drill`, small: 300 leads each, an 8 s CRM outage. Real processes
 * (API, worker, a redis-server of the test's own), a fake CRM on 127.0.0.1.
 */
describe('fault drills, 300 leads each', () => {
  for (const drill of DRILLS) {
    it(`${drill}: every accepted lead at the CRM once, no ledger entry twice, totals equal the ledger`, {
      timeout: 240_000,
    }, async () => {
      const result = await runDrill(drill, { leads: 300, outageMs: 8_000, timeoutMs: 180_000 });
      expect({ ...result, seconds: 0, notes: [] }).toEqual({
        drill,
        leads: 300,
        accepted: 300,
        duplicated: 0,
        missing: 0,
        unknownAtCrm: 0,
        duplicatedLedger: 0,
        drift: 0,
        balanceSum: 0,
        seconds: 0,
        notes: [],
        ok: true,
      });
    });
  }
});
