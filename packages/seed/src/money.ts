import {
  advertiserAccount,
  OUTSIDE,
  PLATFORM,
  postTransfer,
  recomputeLedgerTotals,
  referrerAccount,
} from '@leadmesh/core';
import * as t from '@leadmesh/schema/tables';
import { sql } from 'drizzle-orm';
import type { Advertisers } from './advertisers.ts';
import { DAY, type SeedContext, withoutIndexes } from './context.ts';
import type { People } from './people.ts';

type MoneyStep = (ctx: SeedContext, people: People, partners: Advertisers) => Promise<void>;

const at = (ctx: SeedContext, daysAgo: number) => new Date(ctx.now - daysAgo * DAY);

/** Every account the set-wise inserts join against. */
const seedAccounts: MoneyStep = async (ctx, people, partners) => {
  const { db } = ctx.handle;
  const owners = [
    people.publisher,
    people.publisher2,
    people.newbie,
    people.advertiserUser,
    people.advertiserUser2,
  ];
  await db
    .insert(t.ledgerAccounts)
    .values([
      { Kind: 'outside', OwnerID: 0 },
      { Kind: 'platform', OwnerID: 0 },
      ...partners.advertisers.map((a) => ({ Kind: 'advertiser' as const, OwnerID: a.ID })),
      ...owners.flatMap((u) => [
        { Kind: 'publisher' as const, OwnerID: u.ID },
        { Kind: 'referrer' as const, OwnerID: u.ID },
        { Kind: 'paid' as const, OwnerID: u.ID },
      ]),
    ])
    .onConflictDoNothing();
};

/** Top-ups cover what the confirmed leads cost plus a cushion; the first counts as referral. */
const seedTopUps: MoneyStep = async (ctx, people, partners) => {
  const { db } = ctx.handle;
  const { days } = ctx;
  for (const [i, advertiser] of partners.advertisers.entries()) {
    const [charged] = await db.all<{ total: number | null }>(
      sql`select sum(price_cents) as total from leads where advertiser_id = ${advertiser.ID} and status = 2`,
    );
    const topUp = Math.ceil((Number(charged?.total ?? 0) + 250_000) / 100_000) * 100_000;
    await db.transaction(async (tx) => {
      await postTransfer(tx, {
        debit: OUTSIDE,
        credit: advertiserAccount(advertiser.ID),
        amount: topUp,
        code: 'top_up',
        comment: 'Prepayment by bank transfer',
        createdBy: people.admin.ID,
        at: at(ctx, days + 2),
      });
      await tx.insert(t.payoutLines).values({
        BoundAdvertiser: advertiser.ID,
        Amount: topUp,
        Description: 'Credit top-up',
        Comment: 'Bank transfer',
        createdAt: at(ctx, days + 2),
      });
      if (i === 0) {
        // advertiser was referred by publisher: their referral percent of the counted top-up.
        const referral = Math.round((topUp * people.publisher.ReferralPercentEarnings) / 100);
        await postTransfer(tx, {
          debit: PLATFORM,
          credit: referrerAccount(people.publisher.ID),
          amount: referral,
          code: 'referral_earning',
          comment: 'Referral share of a top-up',
          at: at(ctx, days + 2),
        });
        await tx.insert(t.referralEarnings).values({
          BoundUser: people.publisher.ID,
          ReferredUser: advertiser.UserID,
          Kind: 'advertiser',
          Amount: referral,
          createdAt: at(ctx, days + 2),
        });
      }
    });
  }
};

/**
 * Platform payouts: the two older runs are processed and paid the confirmed leads before them;
 * the newest is still waiting to be processed.
 */
const seedPayoutRuns: MoneyStep = async (ctx, people) => {
  const { db } = ctx.handle;
  const { now } = ctx;
  const runs = [
    { daysAgo: 45, processed: true },
    { daysAgo: 15, processed: true },
    { daysAgo: 1, processed: false },
  ];
  const payouts = await db
    .insert(t.platformPayouts)
    .values(
      runs.map((run) => ({
        Processed: run.processed,
        processedAt: run.processed ? new Date(now - run.daysAgo * DAY + 3600_000) : null,
        CreatedBy: people.admin.ID,
        createdAt: at(ctx, run.daysAgo),
      })),
    )
    .returning();
  let previous = 0;
  for (const [i, run] of runs.entries()) {
    const until = now - run.daysAgo * DAY;
    const onlyPublisher = run.processed ? sql`` : sql` and user_id = ${people.publisher.ID}`;
    await db.run(sql`update leads set platform_payout_id = ${payouts[i].ID}, money_withdrawn = ${run.processed ? 1 : 0}
      where status = 2 and platform_payout_id is null and created_at >= ${previous} and created_at < ${until}${onlyPublisher}`);
    previous = until;
  }
};

/**
 * Per confirmed lead: the advertiser pays the price, the publisher earns their share, and a
 * referred publisher's referrer earns the offer's referral payout; processed payouts pass the
 * earnings through the user's paid account on the way out.
 */
const seedLeadTransfers: MoneyStep = async (ctx) => {
  const { client } = ctx.handle;
  await withoutIndexes(ctx, 'ledger_transfers', async () => {
    const account = (kind: string, owner: string) =>
      `(select id from ledger_accounts where kind = '${kind}' and owner_id = ${owner})`;
    await client.execute(`insert into ledger_transfers (debit_account_id, credit_account_id, amount_cents, code, idempotency_key, lead_id, created_at)
      select ${account('advertiser', 'l.advertiser_id')}, ${account('platform', '0')}, l.price_cents, 'lead_charge', 'lead:' || l.id || ':charge:1', l.id, l.updated_at
      from leads l where l.status = 2 and l.advertiser_paid = 1 and l.price_cents > 0`);
    await client.execute(`insert into ledger_transfers (debit_account_id, credit_account_id, amount_cents, code, idempotency_key, lead_id, created_at)
      select ${account('platform', '0')}, ${account('publisher', 'l.user_id')}, l.earned_cents, 'publisher_earning', 'lead:' || l.id || ':earning:1', l.id, l.updated_at
      from leads l where l.status = 2 and l.publisher_paid = 1 and l.earned_cents > 0`);
    await client.execute({
      sql: `insert into referral_earnings (referrer_user_id, referred_user_id, kind, lead_id, offer_id, amount_cents, created_at)
        select u.referred_by_id, l.user_id, 'publisher', l.id, l.offer_id, l.referral_cents, l.updated_at
        from leads l join users u on u.id = l.user_id join users r on r.id = u.referred_by_id
        where l.status = 2 and r.is_referral_enabled = 1 and l.referral_cents > 0`,
      args: [],
    });
    await client.execute(`insert into ledger_transfers (debit_account_id, credit_account_id, amount_cents, code, idempotency_key, lead_id, created_at)
      select ${account('platform', '0')}, ${account('referrer', 'e.referrer_user_id')}, e.amount_cents, 'referral_earning', 'lead:' || e.lead_id || ':referral:1', e.lead_id, e.created_at
      from referral_earnings e where e.kind = 'publisher'`);
    // Processed payouts: the user's earnings pass through their paid account on the way out.
    await client.execute(`insert into ledger_transfers (debit_account_id, credit_account_id, amount_cents, code, idempotency_key, platform_payout_id, created_at)
      select ${account('publisher', 'l.user_id')}, ${account('paid', 'l.user_id')}, sum(l.earned_cents), 'payout', 'payout:' || p.id || ':user:' || l.user_id, p.id, p.processed_at
      from leads l join platform_payouts p on p.id = l.platform_payout_id
      where p.processed = 1 group by p.id, l.user_id`);
    await client.execute(`insert into ledger_transfers (debit_account_id, credit_account_id, amount_cents, code, idempotency_key, platform_payout_id, created_at)
      select ${account('paid', 'l.user_id')}, ${account('outside', '0')}, sum(l.earned_cents), 'payout_sent', 'payout:' || p.id || ':user:' || l.user_id || ':sent', p.id, p.processed_at
      from leads l join platform_payouts p on p.id = l.platform_payout_id
      where p.processed = 1 group by p.id, l.user_id`);
  });
  await client.execute(`insert into payout_lines (user_id, amount_cents, description, comment, platform_payout_id, created_at)
    select l.user_id, sum(l.earned_cents), 'Payout #' || p.id, 'PayPal', p.id, p.processed_at
    from leads l join platform_payouts p on p.id = l.platform_payout_id where p.processed = 1 group by p.id, l.user_id`);
  await client.execute(`update platform_payouts set total_paid_out_cents =
    coalesce((select sum(earned_cents) from leads where platform_payout_id = platform_payouts.id), 0)`);
};

/** Invoices: the two older of each advertiser are paid, which credited the advertiser. */
const seedInvoices: MoneyStep = async (ctx, people, partners) => {
  const { db } = ctx.handle;
  for (const [i, advertiser] of partners.advertisers.entries()) {
    for (let n = 0; n < 3; n++) {
      const paid = n < 2;
      const amount = (n + 1) * 150_000;
      await db.transaction(async (tx) => {
        const [invoice] = await tx
          .insert(t.invoices)
          .values({
            InvoiceID: `LM-2026-${String(i * 10 + n + 1).padStart(5, '0')}`,
            BoundAdvertiser: advertiser.ID,
            Name: 'Lead generation services',
            Amount: amount,
            isPaid: paid,
            createdAt: at(ctx, 50 - n * 20),
          })
          .returning();
        if (paid) {
          await postTransfer(tx, {
            debit: OUTSIDE,
            credit: advertiserAccount(advertiser.ID),
            amount,
            code: 'invoice_paid',
            invoiceId: invoice.ID,
            key: `invoice:${invoice.ID}:paid`,
            createdBy: people.admin.ID,
            at: at(ctx, 48 - n * 20),
          });
        }
      });
    }
  }
};

/**
 * The money of the demo world, as the ledger would have recorded it: advertisers' top-ups and
 * paid invoices, a charge, an earning and (for referred publishers) a referral earning per
 * confirmed lead, and platform payouts that paid the older earnings out. Per-lead transfers are
 * written set-wise in SQL with the same idempotency keys the lead status service uses; the
 * running totals are then computed from the transfers once.
 */
export async function seedMoney(ctx: SeedContext, people: People, partners: Advertisers): Promise<void> {
  for (const step of [seedAccounts, seedTopUps, seedPayoutRuns, seedLeadTransfers, seedInvoices]) {
    await step(ctx, people, partners);
  }
  await recomputeLedgerTotals(ctx.handle.db);
  ctx.log('ledger written');
}
