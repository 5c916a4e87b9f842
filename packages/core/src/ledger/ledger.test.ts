import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMigrations, createDb, type DbHandle } from '@leadmesh/db';
import { ledgerAccounts, ledgerTransfers, TRANSFER_CODES } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountRef,
  accountTotals,
  advertiserAccount,
  findLedgerDrift,
  ledgerSum,
  OUTSIDE,
  PLATFORM,
  paidAccount,
  postSignedTransfer,
  postTransfer,
  publisherAccount,
  recomputeLedgerTotals,
  referrerAccount,
} from './index.ts';

const dirs: string[] = [];
async function freshDb(): Promise<DbHandle> {
  const dir = mkdtempSync(join(tmpdir(), 'leadmesh-ledger-'));
  dirs.push(dir);
  const handle = await createDb({ url: `file:${join(dir, 'ledger.db')}` });
  await applyMigrations(handle.db);
  return handle;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const accountArb: fc.Arbitrary<AccountRef> = fc.oneof(
  fc.constant(OUTSIDE),
  fc.constant(PLATFORM),
  fc.integer({ min: 1, max: 6 }).map(advertiserAccount),
  fc.integer({ min: 1, max: 8 }).map(publisherAccount),
  fc.integer({ min: 1, max: 8 }).map(referrerAccount),
  fc.integer({ min: 1, max: 8 }).map(paidAccount),
);
const opArb = fc.record({
  from: accountArb,
  to: accountArb,
  amount: fc.integer({ min: -500_000, max: 500_000 }),
  code: fc.constantFrom(...TRANSFER_CODES),
  key: fc.option(
    fc.integer({ min: 1, max: 300 }).map((n) => `k${n}`),
    { nil: undefined },
  ),
});

describe('running totals', () => {
  it('after thousands of random transfers every total equals its ledger and all balances sum to zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1500, maxLength: 2500 }), async (ops) => {
        const handle = await freshDb();
        try {
          const expected = new Map<string, { debits: number; credits: number }>();
          const keys = new Set<string>();
          for (let i = 0; i < ops.length; i += 50) {
            await handle.db.transaction(async (tx) => {
              for (const op of ops.slice(i, i + 50)) {
                const same = op.from.kind === op.to.kind && op.from.owner === op.to.owner;
                if (same || op.amount === 0) continue;
                const id = await postSignedTransfer(tx, op.from, op.to, op.amount, {
                  code: op.code,
                  key: op.key,
                });
                const applies = !op.key || !keys.has(op.key);
                expect(id === null).toBe(!applies);
                if (!applies) continue;
                if (op.key) keys.add(op.key);
                const [debit, credit] = op.amount > 0 ? [op.from, op.to] : [op.to, op.from];
                const d = expected.get(`${debit.kind}:${debit.owner}`) ?? { debits: 0, credits: 0 };
                d.debits += Math.abs(op.amount);
                expected.set(`${debit.kind}:${debit.owner}`, d);
                const c = expected.get(`${credit.kind}:${credit.owner}`) ?? { debits: 0, credits: 0 };
                c.credits += Math.abs(op.amount);
                expected.set(`${credit.kind}:${credit.owner}`, c);
              }
            });
          }
          expect(await findLedgerDrift(handle.db)).toEqual([]);
          expect(await ledgerSum(handle.db)).toBe(0);
          for (const [key, totals] of expected) {
            const [kind, owner] = key.split(':');
            const read = await accountTotals(handle.db, {
              kind: kind as AccountRef['kind'],
              owner: Number(owner),
            });
            expect(read).toEqual({ ...totals, balance: totals.credits - totals.debits });
          }
        } finally {
          handle.close();
        }
      }),
      { numRuns: 4 },
    );
  });
});

describe('transfers', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await freshDb();
  });
  afterAll(() => handle.close());

  it('a transfer inside a rolled-back transaction leaves no trace, totals included', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await postTransfer(tx, {
          debit: OUTSIDE,
          credit: advertiserAccount(1),
          amount: 1000,
          code: 'top_up',
        });
        throw new Error('the change that caused it failed');
      }),
    ).rejects.toThrow('the change that caused it failed');
    expect(await accountTotals(handle.db, advertiserAccount(1))).toEqual({
      debits: 0,
      credits: 0,
      balance: 0,
    });
    expect(await handle.db.select().from(ledgerTransfers)).toEqual([]);
  });

  it('refuses zero, negative, fractional and unsafe amounts, and a transfer to the same account', async () => {
    for (const amount of [0, -5, 1.5, Number.NaN, 2 ** 60]) {
      await expect(
        handle.db.transaction((tx) =>
          postTransfer(tx, { debit: OUTSIDE, credit: PLATFORM, amount, code: 'adjustment' }),
        ),
      ).rejects.toThrow();
    }
    await expect(
      handle.db.transaction((tx) =>
        postTransfer(tx, { debit: PLATFORM, credit: PLATFORM, amount: 5, code: 'adjustment' }),
      ),
    ).rejects.toThrow();
    expect(await findLedgerDrift(handle.db)).toEqual([]);
  });

  it('the same key posted from two concurrent transactions moves the money once', async () => {
    const post = () =>
      handle.db.transaction((tx) =>
        postTransfer(tx, {
          debit: advertiserAccount(2),
          credit: PLATFORM,
          amount: 700,
          code: 'lead_charge',
          key: 'lead:1:charge:1',
        }),
      );
    const results = await Promise.all([post(), post(), post()]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect((await accountTotals(handle.db, advertiserAccount(2))).balance).toBe(-700);
  });

  it('ledger check finds a total that was edited behind its back, and recompute repairs it', async () => {
    await handle.db.transaction((tx) =>
      postTransfer(tx, { debit: OUTSIDE, credit: advertiserAccount(3), amount: 5000, code: 'top_up' }),
    );
    await handle.db
      .update(ledgerAccounts)
      .set({ CreditsPosted: 9999 })
      .where(eq(ledgerAccounts.Kind, 'advertiser'));
    const drift = await findLedgerDrift(handle.db);
    expect(drift.length).toBeGreaterThan(0);
    expect(drift[0]).toMatchObject({ kind: 'advertiser', creditsPosted: '9999' });
    await recomputeLedgerTotals(handle.db);
    expect(await findLedgerDrift(handle.db)).toEqual([]);
    expect((await accountTotals(handle.db, advertiserAccount(3))).balance).toBe(5000);
  });
});
