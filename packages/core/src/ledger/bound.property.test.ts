/**
 * Issue 18 §2 / decision 0031: the money bound, checked inside the ledger's transaction. Random
 * sequences of transfers with extreme amounts never leave a total outside the range, totals stay
 * equal to their transfers and all balances sum to zero.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMigrations, createDb, type DbHandle } from '@leadmesh/db';
import { BALANCE_BOUND_MESSAGE, MONEY_BOUND_CENTS, MONEY_BOUND_MESSAGE } from '@leadmesh/schema';
import { ledgerAccounts } from '@leadmesh/schema/tables';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type AccountRef,
  accountTotals,
  advertiserAccount,
  findLedgerDrift,
  findLedgerOutOfRange,
  isBoundedKind,
  ledgerSum,
  OUTSIDE,
  PLATFORM,
  postTransfer,
  publisherAccount,
} from './index.ts';

const B = MONEY_BOUND_CENTS;
const dirs: string[] = [];
async function freshDb(): Promise<DbHandle> {
  const dir = mkdtempSync(join(tmpdir(), 'leadmesh-bound-'));
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
  fc.integer({ min: 1, max: 3 }).map(advertiserAccount),
  fc.integer({ min: 1, max: 3 }).map(publisherAccount),
);
const amountArb = fc.oneof(
  fc.constantFrom(1, B - 1, B, B + 1, B / 2, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER - 1),
  fc.integer({ min: 1, max: B + 10 }),
  fc.integer({ min: 1, max: 10_000 }),
);
const opArb = fc.record({ from: accountArb, to: accountArb, amount: amountArb });
const name = (a: AccountRef) => `${a.kind}:${a.owner}`;

describe('the money bound in the ledger', () => {
  it('random sequences with extreme amounts: each transfer applies exactly when every total stays in range; totals = transfers, sum 0', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 60, maxLength: 120 }), async (ops) => {
        const handle = await freshDb();
        try {
          const model = new Map<string, { debits: bigint; credits: bigint; kind: AccountRef['kind'] }>();
          const get = (a: AccountRef) => model.get(name(a)) ?? { debits: 0n, credits: 0n, kind: a.kind };
          for (const op of ops) {
            if (name(op.from) === name(op.to)) continue;
            const amount = BigInt(op.amount);
            const debit = get(op.from);
            const credit = get(op.to);
            const nextDebit = { ...debit, debits: debit.debits + amount };
            const nextCredit = { ...credit, credits: credit.credits + amount };
            const inRange = (t: typeof debit) =>
              t.debits <= BigInt(Number.MAX_SAFE_INTEGER) &&
              t.credits <= BigInt(Number.MAX_SAFE_INTEGER) &&
              (!isBoundedKind(t.kind) ||
                (t.credits - t.debits < BigInt(B) && t.credits - t.debits > -BigInt(B)));
            const expected = op.amount < B && inRange(nextDebit) && inRange(nextCredit);
            let applied = true;
            try {
              await handle.db.transaction((tx) =>
                postTransfer(tx, { debit: op.from, credit: op.to, amount: op.amount, code: 'adjustment' }),
              );
            } catch (error) {
              applied = false;
              expect([MONEY_BOUND_MESSAGE, BALANCE_BOUND_MESSAGE]).toContain((error as Error).message);
            }
            expect(applied, `${name(op.from)} → ${name(op.to)} ${op.amount}`).toBe(expected);
            if (applied) {
              model.set(name(op.from), nextDebit);
              model.set(name(op.to), nextCredit);
            }
          }
          expect(await findLedgerDrift(handle.db)).toEqual([]);
          expect(await findLedgerOutOfRange(handle.db)).toEqual([]);
          expect(await ledgerSum(handle.db)).toBe(0);
          for (const [key, t] of model) {
            const [kind, owner] = key.split(':');
            const read = await accountTotals(handle.db, { kind: t.kind, owner: Number(owner) });
            expect(kind).toBe(t.kind);
            expect(read).toEqual({
              debits: Number(t.debits),
              credits: Number(t.credits),
              balance: Number(t.credits - t.debits),
            });
          }
        } finally {
          handle.close();
        }
      }),
      { numRuns: 6 },
    );
  });

  it('the bound is refused, the bound minus one cent accepted, for an amount and for a balance', async () => {
    const handle = await freshDb();
    try {
      const move = (debit: AccountRef, credit: AccountRef, amount: number) =>
        handle.db.transaction((tx) => postTransfer(tx, { debit, credit, amount, code: 'top_up' }));
      await expect(move(OUTSIDE, advertiserAccount(1), B)).rejects.toThrow(MONEY_BOUND_MESSAGE);
      expect(await move(OUTSIDE, advertiserAccount(1), B - 1)).toBeTypeOf('number');
      await expect(move(OUTSIDE, advertiserAccount(1), 1)).rejects.toThrow(BALANCE_BOUND_MESSAGE);
      // Below zero the same: an owner's balance stays above −bound.
      expect(await move(publisherAccount(1), OUTSIDE, B - 1)).toBeTypeOf('number');
      await expect(move(publisherAccount(1), OUTSIDE, 1)).rejects.toThrow(BALANCE_BOUND_MESSAGE);
      expect((await accountTotals(handle.db, advertiserAccount(1))).balance).toBe(B - 1);
      expect(await findLedgerOutOfRange(handle.db)).toEqual([]);
      expect(await ledgerSum(handle.db)).toBe(0);
    } finally {
      handle.close();
    }
  });

  it('ledger:check flags a total outside the range, and totals are read exactly, never rounded', async () => {
    const handle = await freshDb();
    try {
      await handle.db.transaction((tx) =>
        postTransfer(tx, { debit: OUTSIDE, credit: advertiserAccount(2), amount: 5, code: 'top_up' }),
      );
      // A total written past the safe integers behind the ledger's back (as the repro left it).
      await handle.db.run(
        sql`update ${ledgerAccounts} set credits_posted = 9007199254740993 where kind = 'advertiser'`,
      );
      const flagged = await findLedgerOutOfRange(handle.db);
      expect(flagged).toMatchObject([
        { kind: 'advertiser', owner: 2, creditsPosted: '9007199254740993', balance: '9007199254740993' },
      ]);
      await expect(accountTotals(handle.db, advertiserAccount(2))).rejects.toThrow(
        /outside the safe integers/,
      );
      // The drift report keeps the exact digits (a number would have read 9007199254740992).
      const [drift] = await findLedgerDrift(handle.db);
      expect(drift.creditsPosted).toBe('9007199254740993');
    } finally {
      handle.close();
    }
  });
});
