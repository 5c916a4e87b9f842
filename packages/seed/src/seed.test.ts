import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findLedgerDrift, ledgerSum, openCrmData, secretBoxFromEnv } from '@leadmesh/core';
import { applyMigrations, createDb, type DbHandle, verifyPassword } from '@leadmesh/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, isSeeded, seedDemoWorld } from './index.ts';

const dir = mkdtempSync(join(tmpdir(), 'leadmesh-seed-'));
let handle: DbHandle;
const now = Date.UTC(2026, 10, 21, 12);

beforeAll(async () => {
  handle = await createDb({ url: `file:${join(dir, 'seed.db')}` });
  await applyMigrations(handle.db);
  expect(await isSeeded(handle)).toBe(false);
  await seedDemoWorld(handle, {
    leads: 3000,
    now,
    uploadsDir: join(dir, 'uploads'),
    sitesPublicUrl: 'http://127.0.0.1:5199',
  });
}, 60_000);
afterAll(() => {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

const scalar = async (sql: string) => Number((await handle.client.execute(sql)).rows[0][0]);

describe('demo world', () => {
  it('has every demo login with its password', async () => {
    expect(await isSeeded(handle)).toBe(true);
    for (const login of DEMO_LOGINS) {
      const rows = (
        await handle.client.execute({
          sql: 'select password_hash from users where username = ?',
          args: [login.username],
        })
      ).rows;
      expect(rows, login.username).toHaveLength(1);
      expect(await verifyPassword(login.password, String(rows[0].password_hash))).toBe(true);
    }
    expect(await scalar("select is_verified from users where username = 'newbie'")).toBe(0);
  });

  it('has leads in every status but those still on their way to the CRM, over 60 days, some blocked', async () => {
    const statuses = (
      await handle.client.execute('select distinct status from leads order by status')
    ).rows.map((r) => Number(r.status));
    expect(statuses).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await scalar('select count(*) from leads')).toBe(3000);
    const oldest = await scalar('select min(created_at) from leads');
    expect(now - oldest).toBeGreaterThan(40 * 86_400_000);
    expect(now - oldest).toBeLessThanOrEqual(60 * 86_400_000);
    expect(await scalar('select count(*) from leads where blocked_reason is not null')).toBeGreaterThan(0);
  });

  it('keeps the money consistent: shares add up, one charge per confirmed lead, totals equal the ledger', async () => {
    expect(
      await scalar('select count(*) from leads where price_cents <> earned_cents + platform_earned_cents'),
    ).toBe(0);
    const charged = await scalar('select sum(price_cents) from leads where status = 2');
    const charges = await scalar("select sum(amount_cents) from ledger_transfers where code = 'lead_charge'");
    expect(charges).toBe(charged);
    expect(
      await scalar(
        "select count(*) - count(distinct lead_id) from ledger_transfers where code = 'lead_charge'",
      ),
    ).toBe(0);
    expect(await findLedgerDrift(handle.db)).toEqual([]);
    expect(await ledgerSum(handle.db)).toBe(0);
    const credit = await scalar(
      "select min(credits_posted - debits_posted) from ledger_accounts where kind = 'advertiser'",
    );
    expect(credit).toBeGreaterThan(0);
    const paid = await scalar('select sum(earned_cents) from leads where money_withdrawn = 1');
    expect(await scalar("select sum(credits_posted) from ledger_accounts where kind = 'paid'")).toBe(paid);
    expect(await scalar('select count(*) from leads where money_withdrawn = 1 and status <> 2')).toBe(0);
  });

  it('refuses to seed demo logins in production', async () => {
    await expect(seedDemoWorld(handle, { nodeEnv: 'production' })).rejects.toThrow(
      /never seeded in production/,
    );
  });

  it('has offers with images and websites, taken offers, postbacks, payouts, invoices, logs', async () => {
    expect(await scalar('select count(*) from offers')).toBe(5);
    expect(await scalar("select count(*) from offers where images = '[]'")).toBe(0);
    expect(await scalar('select count(*) from websites')).toBe(10);
    expect(await scalar('select count(*) from taken_offers')).toBeGreaterThan(0);
    expect(await scalar('select count(*) from postbacks')).toBeGreaterThan(0);
    expect(await scalar('select count(*) from platform_payouts where processed = 0')).toBe(1);
    expect(await scalar('select count(*) from invoices')).toBe(6);
    expect(await scalar('select count(*) from logs')).toBeGreaterThan(0);
    expect(await scalar('select count(*) from referral_earnings')).toBeGreaterThan(0);
  });
});

describe('what the demo world reaches out to', () => {
  it('delivers every offer to a Sandbox CRM, and keeps no CRM pointing at a host', async () => {
    const crms = (await handle.client.execute('select id, type, data from crms')).rows;
    expect(crms.map((r) => r.type)).toEqual(crms.map(() => 'sandbox'));
    for (const row of crms) {
      const data = openCrmData(secretBoxFromEnv(process.env), 'sandbox', JSON.parse(String(row.data)));
      expect(Object.keys(data).sort()).toEqual([
        'badPercent',
        'confirmPercent',
        'delaySeconds',
        'rejectPercent',
      ]);
    }
    expect(
      await scalar(
        "select count(*) from offers where crm_id is null or crm_id not in (select id from crms where type = 'sandbox')",
      ),
    ).toBe(0);
  });

  it("points every postback at its owner's inspector on the sites server", async () => {
    const rows = (
      await handle.client.execute(
        'select p.url, i.token from postbacks p left join postback_inspectors i on i.user_id = p.user_id',
      )
    ).rows;
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) {
      expect(String(row.url).startsWith(`http://127.0.0.1:5199/pb/${row.token}`), String(row.url)).toBe(true);
    }
    expect(await scalar("select count(*) from postbacks where delivery = 'post-json'")).toBe(1);
  });

  it('serves landings with every file they ask for', () => {
    const websites = join(dir, 'uploads', 'websites');
    const folders = readdirSync(websites);
    expect(folders).toHaveLength(10);
    for (const folder of folders) {
      for (const page of readdirSync(join(websites, folder)).filter((f) => f.endsWith('.html'))) {
        const html = readFileSync(join(websites, folder, page), 'utf8');
        expect(html, `${folder}/${page}`).toContain('<link rel="stylesheet" href="styles.css">');
        const refs = [...html.matchAll(/(?:src|href)="([^"#:]+)"/g)]
          .map((m) => m[1])
          .filter((r) => r !== './landing');
        expect(refs.length).toBeGreaterThan(1);
        for (const ref of refs)
          expect(existsSync(join(websites, folder, ref)), `${folder}/${page}: ${ref}`).toBe(true);
      }
    }
  });
});
