import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { websites } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import type { TestClient } from '../../test/harness.ts';
import { createTrafficWorld, type TrafficWorld } from '../tracking/test-world.ts';

let w: TrafficWorld;
beforeAll(async () => {
  w = await createTrafficWorld();
});
afterAll(async () => {
  await w?.close();
});

type Entry = [name: string, content: string, mode?: number];

async function zipOf(entries: Entry[]): Promise<Uint8Array> {
  const zip = new ZipFile();
  for (const [name, content, mode] of entries)
    zip.addBuffer(Buffer.from(content), name, mode ? { mode } : {});
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

const SITE: Entry[] = [
  [
    'site/index.html',
    '<html><head></head><body><form data-leadmesh-order><input name="phone"></form></body></html>',
  ],
  ['site/thanks.html', '<h1>Thanks</h1>'],
  ['site/img/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
];

async function upload(
  client: TestClient,
  fields: Record<string, string | undefined>,
  file: Uint8Array | null = null,
  fileName = 'site.zip',
  type = 'application/zip',
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  if (file) form.append('websiteFile', new File([new Uint8Array(file)], fileName, { type }));
  const token = client.csrfToken ?? (await client.fetchCsrf());
  const response = await client.raw('POST', '/websites/uploadWebsite', {
    body: form,
    headers: { 'X-XSRF-TOKEN': token },
  });
  return {
    httpStatus: response.status,
    ...((await response.json()) as {
      status: string;
      data: unknown;
      details?: { field?: string; message: string };
    }),
  };
}

const folders = () => (existsSync(w.websitesDir) ? readdirSync(w.websitesDir) : []);

const good = () => ({
  WebsiteName: 'Tea landing',
  BoundOffer: String(w.offer.ID),
  EntryFile: 'index.html',
  WebsiteType: 'Landing',
  PurchaseCompleteFile: 'thanks.html',
});

describe('/websites/uploadWebsite', () => {
  it('unpacks the zip into a folder of its own and answers the website with its preview URL', async () => {
    const answer = await upload(w.admin.client, good(), await zipOf(SITE));
    expect(answer.status).toBe('ok');
    const site = answer.data as { ID: number; URL: string; EntryFile: string; PurchaseCompleteFile: string };
    expect(site).toMatchObject({
      WebsiteName: 'Tea landing',
      BoundOffer: w.offer.ID,
      WebsiteType: 'Landing',
      EntryFile: 'site/index.html',
      PurchaseCompleteFile: 'site/thanks.html',
      Offer: { OfferName: w.offer.OfferName },
    });
    const [row] = await w.db.select().from(websites).where(eq(websites.ID, site.ID));
    expect(site.URL).toBe(`http://127.0.0.1:5100/w/${row.StorageKey}/site/index.html`);
    expect(existsSync(join(w.websitesDir, row.StorageKey, 'site', 'img', 'logo.svg'))).toBe(true);
    // The preview answers on the sites server, with the script in preview mode.
    const preview = await w.visitor().get(new URL(site.URL).pathname);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('data-preview="1"');
  });

  it('answers the spec’s messages for missing fields (public §5), in the spec’s order', async () => {
    const zip = await zipOf(SITE);
    const cases: [Record<string, string | undefined>, Uint8Array | null, string, string][] = [
      [{ ...good(), WebsiteName: '' }, zip, 'WebsiteName', "Website name can't be empty"],
      [
        { ...good(), WebsiteName: undefined, EntryFile: undefined },
        null,
        'WebsiteName',
        "Website name can't be empty",
      ],
      [{ ...good(), EntryFile: ' ' }, zip, 'EntryFile', "Entry file can't be empty"],
      [good(), null, 'websiteFile', 'File not found or invalid'],
      [{ ...good(), WebsiteType: '' }, zip, 'WebsiteType', "Website type can't be empty"],
      [{ ...good(), WebsiteType: 'Popup' }, zip, 'WebsiteType', "Website type can't be empty"],
      [{ ...good(), BoundOffer: '' }, zip, 'BoundOffer', "Offer can't be empty"],
      [{ ...good(), BoundOffer: 'abc' }, zip, 'BoundOffer', "Offer can't be empty"],
    ];
    const before = folders().length;
    for (const [fields, file, field, message] of cases) {
      const answer = await upload(w.admin.client, fields, file);
      expect(answer, JSON.stringify(fields)).toMatchObject({
        httpStatus: 400,
        status: 'error',
        data: 'VALIDATION_ERROR',
      });
      expect(answer.details?.field).toBe(field);
      expect(answer.details?.message).toBe(`${field}: ${message}`);
    }
    expect(folders().length).toBe(before);
  });

  it('refuses a file that is not a zip with the spec’s message', async () => {
    const answer = await upload(
      w.admin.client,
      good(),
      new TextEncoder().encode('hello'),
      'notes.txt',
      'text/plain',
    );
    expect(answer.details).toMatchObject({
      field: 'websiteFile',
      message: 'websiteFile: File not found or invalid',
    });
  });

  it('refuses unsafe or broken archives with the reason, leaving no folder behind', async () => {
    const before = folders().length;
    const cases: [Uint8Array, RegExp][] = [
      [new TextEncoder().encode('PK not really a zip'), /not a readable \.zip/],
      [
        await zipOf([
          ['index.html', '<p>x</p>'],
          ['link', '/etc/passwd', 0o120777],
        ]),
        /symbolic link/,
      ],
      [
        await zipOf([
          ['index.html', '<p>x</p>'],
          ['dev', '', 0o020644],
        ]),
        /special file/,
      ],
    ];
    for (const [zip, message] of cases) {
      const answer = await upload(w.admin.client, good(), zip);
      expect(answer).toMatchObject({
        status: 'error',
        data: 'VALIDATION_ERROR',
        details: { field: 'websiteFile' },
      });
      expect(answer.details?.message).toMatch(message);
    }
    expect(folders().length).toBe(before);
  });

  it('refuses an entry or thank-you page missing from the archive, or not a page, and removes the folder', async () => {
    const before = folders().length;
    const missing = await upload(w.admin.client, { ...good(), EntryFile: 'home.html' }, await zipOf(SITE));
    expect(missing.details?.field).toBe('EntryFile');
    expect(missing.details?.message).toContain('"home.html" (EntryFile) is not in the archive');
    const near = await upload(w.admin.client, { ...good(), EntryFile: 'INDEX.html' }, await zipOf(SITE));
    expect(near.details?.message).toContain('Did you mean "index.html"?');
    const thanks = await upload(
      w.admin.client,
      { ...good(), PurchaseCompleteFile: 'done.html' },
      await zipOf(SITE),
    );
    expect(thanks.details?.field).toBe('PurchaseCompleteFile');
    const notPage = await upload(w.admin.client, { ...good(), EntryFile: 'img/logo.svg' }, await zipOf(SITE));
    expect(notPage.details).toMatchObject({ field: 'EntryFile', message: 'EntryFile must be an .html page' });
    const traversal = await upload(
      w.admin.client,
      { ...good(), EntryFile: '../index.html' },
      await zipOf(SITE),
    );
    expect(traversal.details?.field).toBe('EntryFile');
    expect(folders().length).toBe(before);
  });

  it('refuses an offer that does not exist', async () => {
    const answer = await upload(w.admin.client, { ...good(), BoundOffer: '999999' }, await zipOf(SITE));
    expect(answer.details).toMatchObject({ field: 'BoundOffer', message: 'Offer not found' });
  });

  it('extracts concurrent uploads into different folders', async () => {
    const zip = await zipOf(SITE);
    const answers = await Promise.all(
      [1, 2, 3].map((n) => upload(w.admin.client, { ...good(), WebsiteName: `Same ${n}` }, zip)),
    );
    const ids = answers.map((a) => (a.data as { ID: number }).ID);
    const rows = await Promise.all(
      ids.map(async (id) => (await w.db.select().from(websites).where(eq(websites.ID, id)))[0]),
    );
    const keys = new Set(rows.map((r) => r.StorageKey));
    expect(keys.size).toBe(3);
    for (const key of keys) expect(existsSync(join(w.websitesDir, key, 'site', 'index.html'))).toBe(true);
  });

  it('is for admins only', async () => {
    const answer = await upload(w.publisher.client, good(), await zipOf(SITE));
    expect(answer.data).toBe('FORBIDDEN');
  });
});

describe('/websites/getAllWebsites', () => {
  it('lists an active offer’s websites with preview URLs for a verified publisher, prelandings first', async () => {
    const answer = await w.publisher.client.call('/websites/getAllWebsites', { BoundOffer: w.offer.ID });
    expect(answer.status).toBe('ok');
    const list = answer.data as { ID: number; WebsiteType: string; URL: string }[];
    expect(list[0].WebsiteType).toBe('PreLanding');
    const landing = list.find((s) => s.ID === w.landing.ID)!;
    expect(landing.URL).toBe(`http://127.0.0.1:5100/w/${w.landing.StorageKey}/index.html`);
    expect(Object.keys(landing).sort()).toEqual(['BoundOffer', 'ID', 'URL', 'WebsiteName', 'WebsiteType']);
  });

  it('hides inactive offers from publishers, not from admins', async () => {
    const offer = await w.createOffer({ OfferActive: false });
    await w.createWebsite(offer.ID, 'Landing');
    expect((await w.publisher.client.call('/websites/getAllWebsites', { BoundOffer: offer.ID })).data).toBe(
      'NOT_FOUND',
    );
    const admin = await w.admin.client.call('/websites/getAllWebsites', { BoundOffer: offer.ID });
    expect((admin.data as unknown[]).length).toBe(1);
  });

  it('refuses authUser naming another publisher', async () => {
    const answer = await w.publisher.client.call('/websites/getAllWebsites', {
      authUser: w.publisher2.user.ID,
      BoundOffer: w.offer.ID,
    });
    expect(answer.data).toBe('FORBIDDEN');
  });
});

describe('/websites/getAllWebsitesFrontend', () => {
  it('lists websites newest first with filters and pages', async () => {
    const all = await w.admin.client.call('/websites/getAllWebsitesFrontend', {
      paginationOffset: 0,
      Filters: [],
    });
    const rows = (all.data as { DBData: { ID: number; createdAt: string; Offer: { OfferName: string } }[] })
      .DBData;
    expect(rows.length).toBeGreaterThan(2);
    expect(rows[0].ID).toBeGreaterThan(rows[rows.length - 1].ID);
    const pre = await w.admin.client.call('/websites/getAllWebsitesFrontend', {
      Filters: [{ name: 'WebsiteType', op: 'eq', value: 'PreLanding' }],
    });
    const preRows = (pre.data as { DBData: { WebsiteType: string }[] }).DBData;
    expect(preRows.length).toBeGreaterThan(0);
    expect(preRows.every((r) => r.WebsiteType === 'PreLanding')).toBe(true);
    const byOffer = await w.admin.client.call('/websites/getAllWebsitesFrontend', {
      Filters: [{ name: 'OfferName', op: 'contains', value: 'Slim' }],
      limit: 1,
      paginationOffset: 1,
    });
    expect((byOffer.data as { DBData: unknown[] }).DBData).toHaveLength(1);
    const bad = await w.admin.client.call('/websites/getAllWebsitesFrontend', {
      Filters: [{ name: 'StorageKey', op: 'eq', value: 'x' }],
    });
    expect(bad).toMatchObject({ status: 'error', data: 'VALIDATION_ERROR' });
  });
});

describe('/websites/deleteWebsite', () => {
  it('refuses a website live taken offers use, then deletes it and its files once they are gone', async () => {
    const offer = await w.createOffer();
    const landing = await w.createWebsite(offer.ID, 'Landing');
    const taken = await w.takeOffer({
      BoundUser: w.publisher.user.ID,
      BoundOffer: offer.ID,
      BoundLandingWebsite: landing.ID,
    });
    const refused = await w.admin.client.call('/websites/deleteWebsite', { id: landing.ID });
    expect(refused).toMatchObject({ status: 'error', data: 'CONFLICT' });
    expect(refused.details?.message).toContain('used by 1 taken offer');
    await w.publisher.client.call('/takenOffers/deleteTakenOffer', { ID: taken.ID });
    const done = await w.admin.client.call('/websites/deleteWebsite', { id: landing.ID });
    expect(done).toMatchObject({ status: 'ok', data: null });
    expect(await w.db.select().from(websites).where(eq(websites.ID, landing.ID))).toEqual([]);
    expect(existsSync(join(w.websitesDir, landing.StorageKey))).toBe(false);
    expect((await w.visitor().get(`/w/${landing.StorageKey}/index.html`)).status).toBe(404);
    expect((await w.admin.client.call('/websites/deleteWebsite', { id: landing.ID })).data).toBe('NOT_FOUND');
  });
});
