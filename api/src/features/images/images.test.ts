import { Buffer } from 'node:buffer';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imageCalls, MESSAGES } from '@leadmesh/schema';
import { images, offers } from '@leadmesh/schema/tables';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { createTestApi, type TestApi, type TestClient } from '../../test/harness.ts';
import { makeAdvertiser, makeOffer } from '../offers/offers.fixtures.ts';
import { uploadsRoot } from './image-store.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR4AWI6Y2z8H4SZGKAAAAAA//9GCLHHAAAABklEQVQDADraBGceUPKyAAAAAElFTkSuQmCC',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);

let api: TestApi;
let uploads: string;
let admin: TestClient;

beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'leadmesh-uploads-'));
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true', UPLOADS_DIR: uploads });
  admin = (await api.loggedIn('imageadmin', { isAdmin: true, isVerified: true, isPublisherHidden: true }))
    .client;
});
afterAll(async () => {
  await api.close();
  rmSync(uploads, { recursive: true, force: true });
});

/** Posts a multipart form the way the admin offer form does. */
async function upload(client: TestClient, fields: Record<string, string | Blob>, name = 'photo.png') {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(key, value, name);
    else form.append(key, value);
  }
  const token = client.csrfToken ?? (await client.fetchCsrf());
  const response = await client.raw('POST', '/images/uploadImage', {
    body: form,
    headers: { 'X-XSRF-TOKEN': token },
  });
  return {
    httpStatus: response.status,
    ...((await response.json()) as {
      status: string;
      data: unknown;
      details?: { field?: string; message: string; issues?: { message: string }[] };
    }),
  };
}

const imageCount = async () => (await api.db.select({ n: count() }).from(images))[0].n;

describe('/images/uploadImage', () => {
  it('stores a real image under a random name and answers the bare file name', async () => {
    const answer = await upload(admin, {
      image: new Blob([PNG], { type: 'image/png' }),
      ImageName: 'Slim tea',
      tag: 'Offer',
    });
    expect(answer.status).toBe('ok');
    const name = answer.data as string;
    expect(name).toMatch(/^[A-Za-z0-9_-]{24}\.png$/);
    expect(existsSync(join(uploads, 'images', name))).toBe(true);
    const [row] = await api.db.select().from(images).where(eq(images.FileName, name));
    expect(row).toMatchObject({ ImageName: 'Slim tea', Tag: 'Offer', ContentType: 'image/png' });
  });

  it('judges the type by the bytes, not by the name or the declared type', async () => {
    const answer = await upload(
      admin,
      { image: new Blob([GIF], { type: 'image/png' }), ImageName: 'x' },
      'x.png',
    );
    expect(answer.data as string).toMatch(/\.gif$/);
  });

  it('answers the spec’s texts: a missing file, then a refused one with its reason; nothing stored', async () => {
    const before = await imageCount();
    const missing = await upload(admin, { ImageName: 'x' });
    expect(missing).toMatchObject({
      httpStatus: 400,
      data: 'VALIDATION_ERROR',
      details: { field: 'image', message: MESSAGES.imageUploadError },
    });
    const cases: [Buffer, RegExp][] = [
      [SVG, /SVG/],
      [Buffer.from('just some text'), /not an image/],
      [Buffer.alloc(5 * 1024 * 1024 + 1, 0x89), /limit is 5 MB/],
    ];
    for (const [bytes, reason] of cases) {
      const answer = await upload(admin, {
        image: new Blob([new Uint8Array(bytes)], { type: 'image/png' }),
        ImageName: 'x',
      });
      expect(answer).toMatchObject({
        httpStatus: 400,
        data: 'VALIDATION_ERROR',
        details: { field: 'image', message: MESSAGES.imageUploadFailed },
      });
      expect(answer.details?.issues?.[0].message).toMatch(reason);
    }
    expect(await imageCount()).toBe(before);
  });

  it('is for admins only', async () => {
    const { client } = await api.loggedIn('imagepublisher', { isVerified: true });
    const answer = await upload(client, { image: new Blob([PNG]), ImageName: 'x' });
    expect(answer.data).toBe('FORBIDDEN');
  });

  it('reads a form up to its declared bodyLimit, past the JSON limit, and refuses a larger one (413)', async () => {
    const before = await imageCount();
    const padded = (bytes: number) => new Blob([PNG, new Uint8Array(bytes)]);
    // 2 MB is over the JSON limit and under the upload's: read, judged by its bytes and stored.
    const read = await upload(admin, { image: padded(2 * 1024 * 1024), ImageName: 'big' });
    expect(read).toMatchObject({ httpStatus: 200, status: 'ok' });
    const tooLarge = await upload(admin, {
      image: padded(imageCalls.uploadImage.bodyLimit!),
      ImageName: 'x',
    });
    expect(tooLarge).toMatchObject({ httpStatus: 413, data: 'VALIDATION_ERROR' });
    expect(await imageCount()).toBe(before + 1);
  });
});

describe('GET /images/{fileName}', () => {
  it('serves a stored image with immutable caching, nosniff, a sandboxing policy and cross-origin use', async () => {
    const name = (await upload(admin, { image: new Blob([PNG]), ImageName: 'served' })).data as string;
    const response = await api.client().raw('GET', `/images/${name}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
  });

  it('serves the seed’s SVG images with their recorded type, sandboxed so their scripts never run', async () => {
    mkdirSync(join(uploads, 'images'), { recursive: true });
    writeFileSync(join(uploads, 'images', 'offer-1.svg'), SVG);
    await api.db
      .insert(images)
      .values({ FileName: 'offer-1.svg', ImageName: 'seed', Tag: 'Offer', ContentType: 'image/svg+xml' });
    const response = await api.client().raw('GET', '/images/offer-1.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(response.headers.get('content-security-policy')).not.toContain('script-src');
  });

  it('answers 404 for unknown names and refuses unsafe ones', async () => {
    expect((await api.client().raw('GET', '/images/nothing-here.png')).status).toBe(404);
    writeFileSync(join(uploads, 'images', 'unrecorded.png'), PNG);
    expect((await api.client().raw('GET', '/images/unrecorded.png')).status).toBe(404);
    for (const path of [
      '/images/..%2F..%2Fetc%2Fpasswd',
      '/images/.meta',
      '/images/%2e%2e.png',
      '/images/a%00b.png',
    ]) {
      const response = await api.client().raw('GET', path);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toMatchObject({ status: 'error', data: 'VALIDATION_ERROR' });
    }
    // Dot segments are resolved by the URL parser before routing: nothing under /images/ is reached.
    expect((await api.client().raw('GET', '/images/%2e%2e')).status).toBe(404);
    expect((await api.client().raw('GET', '/images/a/b.png')).status).toBe(404);
  });
});

describe('/images/deleteImageByFilename', () => {
  it('deletes an unused image by its bare name (or its /images/ path), then it is gone', async () => {
    for (const spell of [(n: string) => n, (n: string) => `/images/${n}`]) {
      const name = (await upload(admin, { image: new Blob([PNG]), ImageName: 'old' })).data as string;
      const answer = await admin.call('/images/deleteImageByFilename', { FileName: spell(name) });
      expect(answer.status).toBe('ok');
      expect(existsSync(join(uploads, 'images', name))).toBe(false);
      expect(await api.db.select().from(images).where(eq(images.FileName, name))).toHaveLength(0);
      expect((await api.client().raw('GET', `/images/${name}`)).status).toBe(404);
    }
  });

  it('keeps an image an offer shows (CONFLICT), refuses unsafe names, NOT_FOUND for unknown ones', async () => {
    const name = (await upload(admin, { image: new Blob([PNG]), ImageName: 'kept' })).data as string;
    const adv = await makeAdvertiser(api, 'imageadv');
    const offer = await makeOffer(api, adv, { OfferImages: [name] });
    const kept = await admin.call('/images/deleteImageByFilename', { FileName: name });
    expect(kept).toMatchObject({
      data: 'CONFLICT',
      details: { message: `This image is still used by offer ${offer.ID}` },
    });
    expect(existsSync(join(uploads, 'images', name))).toBe(true);
    for (const FileName of ['../../etc/passwd', 'a/b.png', '.meta', '', 'x\u0000.png']) {
      expect((await admin.call('/images/deleteImageByFilename', { FileName })).data, FileName).toBe(
        'VALIDATION_ERROR',
      );
    }
    expect((await admin.call('/images/deleteImageByFilename', { FileName: 'never-uploaded.png' })).data).toBe(
      'NOT_FOUND',
    );
    await api.db.delete(offers).where(eq(offers.ID, offer.ID));
    expect((await admin.call('/images/deleteImageByFilename', { FileName: name })).status).toBe('ok');
  });
});

describe('where uploads live', () => {
  it('is UPLOADS_DIR, or DATA_DIR/uploads; S3 settings must come complete', () => {
    expect(uploadsRoot({ UPLOADS_DIR: '/srv/up', DATA_DIR: 'data' })).toBe('/srv/up');
    expect(uploadsRoot({ UPLOADS_DIR: undefined, DATA_DIR: '/var/lm' })).toBe('/var/lm/uploads');
    expect(() => parseEnv({ S3_BUCKET: 'offers' })).toThrow(/S3_ENDPOINT/);
    const env = parseEnv({
      S3_BUCKET: 'offers',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(env.S3_REGION).toBe('us-east-1');
  });
});
