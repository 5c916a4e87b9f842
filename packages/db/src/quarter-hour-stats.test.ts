/**
 * The triggers behind quarter_hour_stats (decision 0050): after random inserts, status and money
 * changes, moves and deletes of leads, the counters equal the same aggregate over the leads; clicks
 * count once inserted and stay counted after retention deletes them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, type DbHandle } from './client.ts';
import { applyMigrations } from './migrate.ts';

let dir: string;
let handle: DbHandle;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'leadmesh-quarter-'));
  handle = await createDb({ url: `file:${join(dir, 'quarter.db')}` });
  await applyMigrations(handle.db);
});
afterAll(() => {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

const COUNTERS = `total, s_retrying, s_processing, s_waiting, s_in_progress, s_confirmed, s_rejected, s_bad,
  s_crm_error, s_handover, unique_ips, earned_cents, spent_cents`;

/** What the leads say, in the counters' shape (rows with anything in them). */
const FROM_LEADS = `select (created_at / 900000) * 900000 as quarter, user_id, advertiser_id, offer_id, count(*) as total,
  sum(status = -2) as s_retrying, sum(status = -1) as s_processing, sum(status = 0) as s_waiting,
  sum(status = 1) as s_in_progress, sum(status = 2) as s_confirmed, sum(status = 3) as s_rejected,
  sum(status = 4) as s_bad, sum(status = 5) as s_crm_error, sum(status = 6) as s_handover,
  sum(first_from_ip) as unique_ips, sum(case when status = 2 then earned_cents else 0 end) as earned_cents,
  sum(case when status = 2 then price_cents else 0 end) as spent_cents
  from leads group by 1, 2, 3, 4 order by 1, 2, 3, 4`;
const KEPT = `select quarter, user_id, advertiser_id, offer_id, ${COUNTERS} from quarter_hour_stats
  where total <> 0 order by 1, 2, 3, 4`;

function random(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

it('the lead counters equal an aggregate of the leads after 3,000 random changes', async () => {
  const { db } = handle;
  const pick = random(16);
  const base = Date.parse('2026-03-09T20:00:00Z');
  const ids: number[] = [];
  for (let step = 0; step < 3000; step++) {
    const op = ids.length < 50 ? 0 : pick(10);
    if (op < 4) {
      const [row] = await db.all<{
        id: number;
      }>(sql`insert into leads (user_id, advertiser_id, offer_id, offer_name,
        product_name, status, price_cents, earned_cents, lead_type, details, first_from_ip, created_at, updated_at)
        values (${1 + pick(3)}, ${1 + pick(2)}, ${1 + pick(4)}, 'o', 'p', ${pick(9) - 2}, ${pick(5000)}, ${pick(4000)},
          'CPL', '{}', ${pick(2)}, ${base + pick(40 * 3600_000)}, 0) returning id`);
      ids.push(Number(row.id));
    } else {
      const id = ids[pick(ids.length)];
      if (op < 8) await db.run(sql`update leads set status = ${pick(9) - 2} where id = ${id}`);
      else if (op === 8)
        await db.run(
          sql`update leads set earned_cents = ${pick(4000)}, created_at = ${base + pick(40 * 3600_000)}, user_id = ${1 + pick(3)} where id = ${id}`,
        );
      else {
        await db.run(sql`delete from leads where id = ${id}`);
        ids.splice(ids.indexOf(id), 1);
      }
    }
  }
  // a change that touches no counted column fires nothing
  await db.run(sql`update leads set updated_at = 1`);
  const kept = await db.all(sql.raw(KEPT));
  expect(kept.length).toBeGreaterThan(20);
  expect(kept).toEqual(await db.all(sql.raw(FROM_LEADS)));
  // The same by UTC day (the leads span three of them).
  const keptDays = await db.all(
    sql.raw(KEPT.replaceAll('quarter_hour_stats', 'utc_day_stats').replaceAll('quarter', 'day')),
  );
  expect(keptDays.length).toBeGreaterThan(3);
  expect(keptDays).toEqual(
    await db.all(
      sql.raw(
        FROM_LEADS.replace(
          '(created_at / 900000) * 900000 as quarter',
          '(created_at / 86400000) * 86400000 as day',
        ),
      ),
    ),
  );
});

it('counts clicks once, and keeps them when retention deletes the raw rows', async () => {
  const { db } = handle;
  await db.run(
    sql`insert into users (id, username, email, password_hash, ref_code) values (900, 'clicker', 'c@x.example', 'x', 'rc-c')`,
  );
  await db.run(
    sql`insert into advertisers (id, user_id, company_name, company_address) values (900, 900, 'Co', 'Street')`,
  );
  await db.run(sql`insert into offers (id, advertiser_id, name, product_name, product_brand, product_price, type, countries, images, description)
    values (900, 900, 'o', 'p', 'b', '1 EUR', 'CPL', '[]', '[]', 'd')`);
  await db.run(
    sql`insert into taken_offers (id, user_id, offer_id, tracking_code) values (900, 900, 900, 'tc')`,
  );
  const at = Date.parse('2026-03-10T10:05:00Z');
  for (let i = 0; i < 5; i++)
    await db.run(sql`insert or ignore into clicks (click_key, taken_offer_id, user_id, offer_id, created_at)
      values (${`k${i % 4}`}, 900, 900, 900, ${at + i * 1000})`);
  const clicks = async () =>
    (
      await db.all<{ n: number; advertiser: number }>(
        sql`select clicks as n, advertiser_id as advertiser from quarter_hour_stats where user_id = 900 and quarter = ${Date.parse('2026-03-10T10:00:00Z')}`,
      )
    )[0];
  // five tries, one key twice: four clicks, on the offer's advertiser
  expect(await clicks()).toEqual({ n: 4, advertiser: 900 });
  const daily = async () =>
    (
      await db.all<{ n: number }>(
        sql`select clicks as n from utc_day_stats where user_id = 900 and day = ${Date.parse('2026-03-10T00:00:00Z')}`,
      )
    )[0].n;
  expect(await daily()).toBe(4);
  await db.run(sql`delete from clicks where user_id = 900`);
  expect((await clicks()).n).toBe(4);
  expect(await daily()).toBe(4);
});
