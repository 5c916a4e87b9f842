import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCT_KEY } from '@leadmesh/schema';
import * as t from '@leadmesh/schema/tables';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../api/src/test/harness.ts';
import { parseWorkerEnv } from './env.ts';
import { type RunningWorker, startWorker } from './worker.ts';

let api: TestApi;
let worker: RunningWorker;
let dataDir: string;
let admin: TestClient;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'leadmesh-export-'));
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true', DATA_DIR: dataDir });
  worker = await startWorker(
    parseWorkerEnv({
      NODE_ENV: 'test',
      DATABASE_URL: api.deps.env.DATABASE_URL,
      REDIS_PREFIX: api.deps.env.REDIS_PREFIX,
      DATA_DIR: dataDir,
      OUTBOX_SWEEP_MS: '600000',
    }),
  );
  ({ client: admin } = await api.loggedIn('exportadmin', { isAdmin: true, isVerified: true }));
  const owner = await api.createUser('exportadv', { isVerified: true, isPublisherHidden: true });
  const advertiser = await api.createAdvertiser(owner.ID);
  const publisher = await api.createUser('exportpub', { isVerified: true });
  const [offer] = await api.db
    .insert(t.offers)
    .values({
      BoundAdvertiser: advertiser.ID,
      OfferName: 'Export offer',
      OfferProductName: 'Export gel',
      OfferProductBrand: 'B',
      OfferProductPrice: '1 EUR',
      OfferType: 'CPA',
      OfferCountry: ['RS'],
      OfferImages: [],
      OfferDescription: '<p>x</p>',
    })
    .returning();
  const rows = Array.from({ length: 2_503 }, (_, n) => ({
    BoundUser: publisher.ID,
    BoundAdvertiser: advertiser.ID,
    BoundOffer: offer.ID,
    OfferName: offer.OfferName,
    ProductName: offer.OfferProductName,
    PurchaseLeadType: 'CPA' as const,
    Status: n % 3 === 0 ? 2 : 0,
    Phone: `+38160${String(n).padStart(7, '0')}`,
    PurchaseDetails: { [`${PRODUCT_KEY}-name`]: `Buyer ${n}`, [`${PRODUCT_KEY}-phone`]: `060 ${n}` },
  }));
  for (let i = 0; i < rows.length; i += 500) await api.db.insert(t.leads).values(rows.slice(i, i + 500));
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await api?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitForExport(id: number) {
  for (let i = 0; i < 200; i++) {
    const answer = await admin.call('/leads/getLeadExport', { ID: id });
    const data = answer.data as { State: string };
    if (data.State === 'done' || data.State === 'failed')
      return answer.data as {
        State: string;
        TotalRows: number;
        DoneRows: number;
        Files: { name: string; url: string }[];
      };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('export did not finish');
}

describe('lead export', () => {
  it('writes the filtered leads into N xlsx files the admin downloads and a spreadsheet library reads back', async () => {
    const started = await admin.call('/leads/startLeadExport', {
      Filters: [{ name: 'Status', op: 'eq', value: 2 }],
      Groups: 3,
    });
    expect(started).toMatchObject({ status: 'ok', data: { State: 'queued', Groups: 3 } });
    const done = await waitForExport((started.data as { ID: number }).ID);
    expect(done).toMatchObject({ State: 'done', TotalRows: 835, DoneRows: 835 });
    expect(done.Files.map((f) => f.name)).toEqual([
      'leads_group_1.xlsx',
      'leads_group_2.xlsx',
      'leads_group_3.xlsx',
    ]);
    const seen: number[] = [];
    for (const file of done.Files) {
      const response = await admin.raw('GET', file.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toContain(file.name);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await response.arrayBuffer());
      const sheet = book.worksheets[0];
      expect(sheet.getRow(1).values).toEqual([undefined, 'ID', 'Name', 'Phone', 'Product']);
      sheet.eachRow((row, n) => {
        if (n === 1) return;
        const [, id, name, phone, product] = row.values as unknown[];
        expect(name).toMatch(/^Buyer \d+$/);
        expect(phone).toMatch(/^\+38160\d{7}$/);
        expect(product).toBe('Export gel');
        seen.push(Number(id));
      });
    }
    expect(seen).toHaveLength(835);
    expect(new Set(seen).size).toBe(835);
    const { client: publisher } = await api.loggedIn('exportnosy', { isVerified: true });
    expect((await publisher.raw('GET', done.Files[0].url)).status).toBe(404);
  });

  it('answers small selections at once, refuses big ones inline, and refuses a bad number of groups', async () => {
    const small = await admin.call('/leads/getLeadsForAdminExport', {
      Filters: [{ name: 'ID', op: 'leq', value: 10 }],
    });
    expect((small.data as { DBData: unknown[] }).DBData).toHaveLength(10);
    const all = await admin.call('/leads/getLeadsForAdminExport', { Filters: [] });
    expect((all.data as { DBData: unknown[] }).DBData).toHaveLength(2_503);
    const [template] = await api.db.select().from(t.leads).limit(1);
    const { ID: _id, ...copy } = template;
    for (let i = 0; i < 6; i++) await api.db.insert(t.leads).values(Array.from({ length: 450 }, () => copy));
    const big = await admin.call('/leads/getLeadsForAdminExport', { Filters: [] });
    expect(big.details?.message).toMatch(/5203 leads are too many.*start an export/);
    for (const Groups of [0, -1, 1.5, 'x']) {
      const answer = await admin.call('/leads/startLeadExport', { Filters: [], Groups });
      expect(answer.details?.message, String(Groups)).toContain('Enter a valid number of groups');
    }
  });

  it('an admin sets a lead’s status by hand: the ledger follows and the log says who', async () => {
    const [lead] = await api.db.select().from(t.leads).limit(1);
    const answer = await admin.call('/leads/setLeadStatusAdmin', { ID: lead.ID, newStatus: 3 });
    expect(answer).toMatchObject({ status: 'ok', data: { ID: lead.ID, Status: 3 } });
    expect((await admin.call('/leads/setLeadStatusAdmin', { ID: lead.ID, newStatus: 9 })).data).toBe(
      'VALIDATION_ERROR',
    );
  });
});
