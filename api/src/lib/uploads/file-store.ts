import { Buffer } from 'node:buffer';
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readFile, realpath, rename, rm, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { AwsClient } from 'aws4fetch';

/** A stored object as {@link FileStore.get} returns it. */
export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * Where uploaded files (offer images, later exports) live: the local disk in development and on a
 * single server, any S3-compatible bucket otherwise. Keys are `/`-separated relative paths such as
 * `images/Ab3….webp`; see {@link isSafeStoreKey}.
 */
export interface FileStore {
  /** Stores `bytes` under `key`, replacing what was there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object under `key`, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes `key`; true when something was removed, false when there was nothing. */
  delete(key: string): Promise<boolean>;
}

/** A storage call that failed for a reason other than "not found" (S3 status and error code when known). */
export class FileStoreError extends Error {
  override readonly name = 'FileStoreError';
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

const KEY_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY = 512;
const OCTET_STREAM = 'application/octet-stream';
// Key segments never start with a dot, so these names cannot collide with stored keys.
const META_DIR = '.meta';

/**
 * True when `key` is 1–512 characters of `/`-separated segments, each made of `[A-Za-z0-9._-]`,
 * not starting with a dot and without `..`: the same key then means the same object on disk and in
 * S3, and cannot climb out of the store.
 */
export function isSafeStoreKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY) return false;
  return key.split('/').every((seg) => KEY_SEGMENT.test(seg) && !seg.includes('..'));
}

function assertKey(key: string): void {
  if (!isSafeStoreKey(key)) throw new FileStoreError(`Refused storage key ${JSON.stringify(key)}`);
}

/** The store's folder on disk, and the checks that keep every path inside it. */
function diskRoot(rootDir: string) {
  const root = resolve(rootDir);
  let realRoot: Promise<string> | undefined;
  const rootReal = () => {
    realRoot ??= mkdir(root, { recursive: true }).then(() => realpath(root));
    return realRoot;
  };

  const pathsFor = (key: string) => {
    assertKey(key);
    const segments = key.split('/');
    const data = join(root, ...segments);
    const meta = join(root, META_DIR, ...segments);
    // Belt and braces: the key rule already makes this impossible.
    if (!data.startsWith(root + sep) || !meta.startsWith(root + sep)) {
      throw new FileStoreError(`Refused storage key ${JSON.stringify(key)}`);
    }
    return { data, meta };
  };

  const assertInsideRoot = async (dir: string) => {
    const real = await realpath(dir);
    const rootPath = await rootReal();
    if (real !== rootPath && !real.startsWith(rootPath + sep)) {
      throw new FileStoreError(`Refused storage path outside the store: ${dir}`);
    }
  };
  return { rootReal, pathsFor, assertInsideRoot };
}

type DiskRoot = ReturnType<typeof diskRoot>;

/** Writes a temporary file beside `target`, flushed, then renamed over it: a reader never sees half a file. */
async function writeAtomically(disk: DiskRoot, target: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  await disk.assertInsideRoot(dirname(target));
  const temp = join(dirname(target), `.tmp-${randomBytes(8).toString('hex')}`);
  try {
    const handle = await open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/** Reads a data file inside the store; O_NOFOLLOW: a symlink planted in the store is not followed. */
async function readInside(disk: DiskRoot, path: string): Promise<Uint8Array> {
  await disk.assertInsideRoot(dirname(path));
  const handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    return new Uint8Array(await handle.readFile());
  } finally {
    await handle.close();
  }
}

/**
 * A {@link FileStore} on the local disk under `rootDir` (created when missing).
 *
 * Writes are atomic (a temporary file, flushed, then renamed over the target), so a reader never
 * sees half a file. Keys that would leave the root are refused, and so are paths that a symlink
 * inside the root would lead outside it. The content type is kept beside the data, under
 * `<root>/.meta/`, so the data files stay plain files a static server can send.
 */
export function localFileStore(rootDir: string): FileStore {
  const disk = diskRoot(rootDir);
  return {
    async put(key, bytes, contentType) {
      const { data, meta } = disk.pathsFor(key);
      await disk.rootReal();
      await writeAtomically(disk, meta, Buffer.from(contentType, 'utf8'));
      await writeAtomically(disk, data, bytes);
    },

    async get(key) {
      const { data, meta } = disk.pathsFor(key);
      let bytes: Uint8Array;
      try {
        bytes = await readInside(disk, data);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      const contentType = await readFile(meta, 'utf8').catch(() => OCTET_STREAM);
      return { bytes, contentType: contentType || OCTET_STREAM };
    },

    async delete(key) {
      const { data, meta } = disk.pathsFor(key);
      try {
        await disk.assertInsideRoot(dirname(data));
        await unlink(data);
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      } finally {
        await rm(meta, { force: true });
      }
      return true;
    },
  };
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP';
}

/** Where an S3-compatible bucket is and how to sign for it. */
export interface S3FileStoreOptions {
  /** The service's base URL, e.g. `https://s3.eu-central-1.amazonaws.com` or `http://127.0.0.1:9000`. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  /**
   * `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`. Needed by MinIO and
   * most self-hosted services; always used when the endpoint is an IP address or `localhost`.
   */
  forcePathStyle?: boolean;
  /** Retries after a 5xx or 429 answer (default 2). */
  retries?: number;
  /** Time allowed for one call, retries included (default 30 s). */
  timeoutMs?: number;
}

/**
 * The URL of `key` in the bucket, path-style or virtual-hosted as {@link S3FileStoreOptions} say.
 *
 * @throws {FileStoreError} when the key is not a {@link isSafeStoreKey safe key}.
 */
export function s3ObjectUrl(
  opts: Pick<S3FileStoreOptions, 'endpoint' | 'bucket' | 'forcePathStyle'>,
  key: string,
): string {
  assertKey(key);
  const base = new URL(opts.endpoint);
  const basePath = base.pathname.replace(/\/+$/, '');
  const encodedKey = key.split('/').map(encodeURIComponent).join('/');
  const host = base.hostname;
  const pathStyle =
    opts.forcePathStyle || host === 'localhost' || /^[\d.]+$/.test(host) || host.startsWith('[');
  if (pathStyle) return `${base.origin}${basePath}/${encodeURIComponent(opts.bucket)}/${encodedKey}`;
  return `${base.protocol}//${opts.bucket}.${base.host}${basePath}/${encodedKey}`;
}

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

/**
 * A {@link FileStore} on any S3-compatible service (AWS S3, Cloudflare R2, MinIO, Backblaze B2,
 * DigitalOcean Spaces…), signing every request with AWS Signature V4 via `aws4fetch`. Uploads sign
 * the SHA-256 of the body, so the service rejects bytes altered on the way.
 *
 * `delete` asks HEAD first to tell "removed" from "was not there", since S3 answers DELETE with
 * 204 in both cases; a concurrent writer can make that answer stale.
 */
export function s3FileStore(opts: S3FileStoreOptions): FileStore {
  const client = new AwsClient({
    accessKeyId: opts.accessKeyId,
    secretAccessKey: opts.secretAccessKey,
    sessionToken: opts.sessionToken,
    service: 's3',
    region: opts.region,
    retries: opts.retries ?? 2,
  });
  const timeoutMs = opts.timeoutMs ?? 30_000;

  const call = async (
    method: string,
    key: string,
    init: { body?: Uint8Array; headers?: Record<string, string> } = {},
  ) => {
    const url = s3ObjectUrl(opts, key);
    const payloadHash = init.body ? createHash('sha256').update(init.body).digest('hex') : EMPTY_SHA256;
    try {
      return await client.fetch(url, {
        method,
        // A copy typed as fetch wants it (an ArrayBuffer-backed view, never a shared one).
        body: init.body ? new Uint8Array(init.body) : undefined,
        headers: { ...init.headers, 'x-amz-content-sha256': payloadHash },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new FileStoreError(`S3 ${method} ${key} failed: ${(err as Error).message}`);
    }
  };

  return {
    async put(key, bytes, contentType) {
      const res = await call('PUT', key, { body: bytes, headers: { 'content-type': contentType } });
      if (!res.ok) throw await s3Error('PUT', key, res);
      await res.body?.cancel();
    },

    async get(key) {
      const res = await call('GET', key);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) throw await s3Error('GET', key, res);
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { bytes, contentType: res.headers.get('content-type') || OCTET_STREAM };
    },

    async delete(key) {
      const head = await call('HEAD', key);
      await head.body?.cancel();
      if (head.status === 404) return false;
      if (!head.ok) throw await s3Error('HEAD', key, head);
      const res = await call('DELETE', key);
      if (!res.ok && res.status !== 404) throw await s3Error('DELETE', key, res);
      await res.body?.cancel();
      return res.status !== 404;
    },
  };
}

async function s3Error(method: string, key: string, res: Response): Promise<FileStoreError> {
  const body = await res.text().catch(() => '');
  const code = /<Code>([^<]{1,100})<\/Code>/.exec(body)?.[1];
  return new FileStoreError(
    `S3 ${method} ${key} answered ${res.status}${code ? ` ${code}` : ''}`,
    res.status,
    code,
  );
}
