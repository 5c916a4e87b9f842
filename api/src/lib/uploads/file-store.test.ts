import { Buffer } from 'node:buffer';
import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FileStore,
  FileStoreError,
  isSafeStoreKey,
  localFileStore,
  s3FileStore,
  s3ObjectUrl,
} from './file-store.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const textOf = (b: Uint8Array) => new TextDecoder().decode(b);

/** What every store must do, run against both implementations. */
function behavesLikeAFileStore(make: () => FileStore) {
  it('puts, gets, replaces and deletes', async () => {
    const store = make();
    expect(await store.get('images/a.png')).toBeNull();
    await store.put('images/a.png', bytes('first'), 'image/png');
    expect(await store.get('images/a.png')).toEqual({ bytes: bytes('first'), contentType: 'image/png' });
    await store.put('images/a.png', bytes('second'), 'image/webp');
    const again = await store.get('images/a.png');
    expect(textOf(again!.bytes)).toBe('second');
    expect(again!.contentType).toBe('image/webp');
    expect(await store.delete('images/a.png')).toBe(true);
    expect(await store.get('images/a.png')).toBeNull();
    expect(await store.delete('images/a.png')).toBe(false);
  });

  it('keeps binary content intact', async () => {
    const store = make();
    const all = Uint8Array.from({ length: 256 * 4 }, (_, i) => i % 256);
    await store.put('bin/all-bytes', all, 'application/octet-stream');
    expect((await store.get('bin/all-bytes'))!.bytes).toEqual(all);
  });

  it.each([
    '../escape.png',
    'images/../../escape.png',
    '/etc/passwd',
    'images//a.png',
    'images/.hidden',
    '.meta/images/a.png',
    'images\\a.png',
    'images/a.png\0',
    '',
    'a'.repeat(513),
  ])('refuses the key %j', async (key) => {
    const store = make();
    await expect(store.put(key, bytes('x'), 'text/plain')).rejects.toBeInstanceOf(FileStoreError);
    await expect(store.get(key)).rejects.toBeInstanceOf(FileStoreError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(FileStoreError);
  });
}

describe('isSafeStoreKey', () => {
  it('accepts nested plain keys and refuses the rest', () => {
    expect(isSafeStoreKey('images/Ab_3-x.webp')).toBe(true);
    expect(isSafeStoreKey('exports/2026/leads_group_1.xlsx')).toBe(true);
    expect(isSafeStoreKey('images/a b.png')).toBe(false);
    expect(isSafeStoreKey('images/a..png')).toBe(false);
    expect(isSafeStoreKey('images/')).toBe(false);
    expect(isSafeStoreKey(42)).toBe(false);
  });
});

describe('localFileStore', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'lm-store-'));
    return () => rm(root, { recursive: true, force: true });
  });

  behavesLikeAFileStore(() => localFileStore(join(root, 'files')));

  it('writes plain files a static server can send, and leaves no temporary files', async () => {
    const store = localFileStore(root);
    await store.put('images/a.png', bytes('png bytes'), 'image/png');
    expect(await readFile(join(root, 'images', 'a.png'), 'utf8')).toBe('png bytes');
    expect(await readdir(join(root, 'images'))).toEqual(['a.png']);
  });

  it('does not follow a symlink planted in the store to a file outside it', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'lm-outside-'));
    try {
      await writeFile(join(outside, 'secret.txt'), 'secret');
      const store = localFileStore(root);
      await store.put('images/placeholder.png', bytes('x'), 'image/png');
      await symlink(join(outside, 'secret.txt'), join(root, 'images', 'link.png'));
      expect(await store.get('images/link.png')).toBeNull();
      await symlink(outside, join(root, 'elsewhere'));
      await expect(store.put('elsewhere/new.png', bytes('x'), 'image/png')).rejects.toBeInstanceOf(
        FileStoreError,
      );
      await expect(store.get('elsewhere/secret.txt')).rejects.toBeInstanceOf(FileStoreError);
      expect(await readdir(outside)).toEqual(['secret.txt']);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});

// A small S3 stand-in that checks each request's Signature V4 the way S3 does.
const CREDS = {
  accessKeyId: 'AKIDLEADMESHTEST',
  secretAccessKey: 'test-secret-key/with+chars',
  region: 'eu-central-1',
};

interface FakeS3 {
  url: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  seen: { method: string; path: string; authorization: string; contentSha: string }[];
  failNext: number;
  server: Server;
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function signatureProblem(req: IncomingMessage, body: Buffer): string | null {
  const auth = req.headers.authorization ?? '';
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return 'AuthorizationHeaderMalformed';
  const [, keyId, day, region, signedHeaders, signature] = m;
  if (keyId !== CREDS.accessKeyId) return 'InvalidAccessKeyId';
  const contentSha = req.headers['x-amz-content-sha256'];
  const amzDate = req.headers['x-amz-date'];
  if (typeof contentSha !== 'string' || typeof amzDate !== 'string') return 'MissingSecurityHeader';
  if (contentSha !== 'UNSIGNED-PAYLOAD' && contentSha !== createHash('sha256').update(body).digest('hex')) {
    return 'XAmzContentSHA256Mismatch';
  }
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-content-sha256') || !names.includes('x-amz-date')) {
    return 'AccessDenied';
  }
  const url = new URL(req.url ?? '/', 'http://x');
  const canonical = [
    req.method,
    url.pathname,
    [...url.searchParams]
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .sort()
      .join('&'),
    names
      .map(
        (n) =>
          `${n}:${String(req.headers[n] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join(''),
    signedHeaders,
    contentSha,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  let key = hmac(`AWS4${CREDS.secretAccessKey}`, day);
  for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
  return hmac(key, toSign).toString('hex') === signature ? null : 'SignatureDoesNotMatch';
}

async function startFakeS3(): Promise<FakeS3> {
  const fake = { objects: new Map(), seen: [], failNext: 0 } as unknown as FakeS3;
  fake.server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    fake.seen.push({
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization ?? '',
      contentSha: String(req.headers['x-amz-content-sha256'] ?? ''),
    });
    const answer = (status: number, code?: string) => {
      res.writeHead(status, code ? { 'content-type': 'application/xml' } : {});
      res.end(code ? `<?xml version="1.0"?><Error><Code>${code}</Code></Error>` : undefined);
    };
    const problem = signatureProblem(req, body);
    if (problem) return answer(403, problem);
    if (fake.failNext > 0) {
      fake.failNext--;
      return answer(503, 'SlowDown');
    }
    const found = fake.objects.get(path);
    switch (req.method) {
      case 'PUT':
        fake.objects.set(path, { body, contentType: req.headers['content-type'] ?? 'binary/octet-stream' });
        return answer(200);
      case 'GET':
      case 'HEAD':
        if (!found) return answer(404, 'NoSuchKey');
        res.writeHead(200, { 'content-type': found.contentType, 'content-length': found.body.length });
        return res.end(req.method === 'GET' ? found.body : undefined);
      case 'DELETE':
        fake.objects.delete(path);
        return answer(204);
      default:
        return answer(405, 'MethodNotAllowed');
    }
  });
  await new Promise<void>((ok) => fake.server.listen(0, '127.0.0.1', ok));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

describe('s3FileStore against a fake S3 on 127.0.0.1', () => {
  let fake: FakeS3;
  beforeAll(async () => {
    fake = await startFakeS3();
  });
  afterAll(async () => {
    await new Promise((ok) => fake.server.close(ok));
  });
  const store = (extra: Partial<Parameters<typeof s3FileStore>[0]> = {}) =>
    s3FileStore({ endpoint: fake.url, bucket: 'lm-uploads', ...CREDS, ...extra });

  behavesLikeAFileStore(() => store());

  it('signs with SigV4 and the SHA-256 of the body, path-style on an IP endpoint', async () => {
    fake.seen.length = 0;
    await store().put('images/signed.png', bytes('hello'), 'image/png');
    const [put] = fake.seen;
    expect(put.method).toBe('PUT');
    expect(put.path).toBe('/lm-uploads/images/signed.png');
    expect(put.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDLEADMESHTEST\/\d{8}\/eu-central-1\/s3\/aws4_request/,
    );
    expect(put.contentSha).toBe(createHash('sha256').update('hello').digest('hex'));
    expect(fake.objects.get('/lm-uploads/images/signed.png')?.contentType).toBe('image/png');
  });

  it('fails with the S3 error code when the credentials are wrong', async () => {
    const wrong = store({ secretAccessKey: 'not-the-secret' });
    const err = await wrong.put('images/x.png', bytes('x'), 'image/png').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FileStoreError);
    expect(err).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    await expect(wrong.get('images/x.png')).rejects.toMatchObject({ status: 403 });
  });

  it('retries a 503 and then succeeds', async () => {
    fake.failNext = 2;
    await store().put('images/retried.png', bytes('ok'), 'image/png');
    expect(textOf((await store().get('images/retried.png'))!.bytes)).toBe('ok');
  });

  it('gives up after its retries with the last status', async () => {
    fake.failNext = 10;
    await expect(store({ retries: 1 }).get('images/any.png')).rejects.toMatchObject({
      status: 503,
      code: 'SlowDown',
    });
    fake.failNext = 0;
  });

  it('fails cleanly when nothing listens', async () => {
    const dead = s3FileStore({ endpoint: 'http://127.0.0.1:9', bucket: 'b', ...CREDS });
    await expect(dead.get('images/a.png')).rejects.toBeInstanceOf(FileStoreError);
  });
});

describe('s3ObjectUrl', () => {
  it.each([
    [
      { endpoint: 'https://s3.eu-central-1.amazonaws.com', bucket: 'lm' },
      'https://lm.s3.eu-central-1.amazonaws.com/images/a.png',
    ],
    [
      { endpoint: 'https://s3.example.com/', bucket: 'lm', forcePathStyle: true },
      'https://s3.example.com/lm/images/a.png',
    ],
    [{ endpoint: 'http://localhost:9000', bucket: 'lm' }, 'http://localhost:9000/lm/images/a.png'],
    [{ endpoint: 'http://10.0.0.5:9000', bucket: 'lm' }, 'http://10.0.0.5:9000/lm/images/a.png'],
    [
      { endpoint: 'https://gw.example.com/storage', bucket: 'lm', forcePathStyle: true },
      'https://gw.example.com/storage/lm/images/a.png',
    ],
  ])('%j', (opts, url) => {
    expect(s3ObjectUrl(opts, 'images/a.png')).toBe(url);
  });

  it('refuses unsafe keys', () => {
    expect(() => s3ObjectUrl({ endpoint: 'https://s3.example.com', bucket: 'b' }, '../x')).toThrow(
      FileStoreError,
    );
  });
});
