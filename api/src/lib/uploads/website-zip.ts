import { Buffer } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { UploadRefused } from './refused.ts';

/** Limits for one website archive; every one is checked on the bytes actually inflated. */
export interface WebsiteZipLimits {
  /** Most regular files (default 2,000). Entries of any kind, folders included, are capped at 4×. */
  maxFiles?: number;
  /** Most bytes all files may add up to once extracted (default 100 MB). */
  maxTotalBytes?: number;
  /** Most bytes one file may have once extracted (default 10 MB). */
  maxFileBytes?: number;
  /** Highest extracted/compressed ratio allowed for a file over `ratioThresholdBytes` (default 100). */
  maxRatio?: number;
  /** Size above which the ratio is checked (default 1 MB): small text files compress very well. */
  ratioThresholdBytes?: number;
}

/** The limits the website upload uses unless told otherwise. */
export const DEFAULT_WEBSITE_ZIP_LIMITS: Readonly<Required<WebsiteZipLimits>> = Object.freeze({
  maxFiles: 2_000,
  maxTotalBytes: 100 * 1024 * 1024,
  maxFileBytes: 10 * 1024 * 1024,
  maxRatio: 100,
  ratioThresholdBytes: 1024 * 1024,
});

/** What {@link extractWebsiteZip} wrote: the regular files, as `/`-separated relative paths, and their size. */
export interface ExtractedWebsite {
  files: string[];
  totalBytes: number;
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const MAX_PATH_CHARS = 1024;
const MAX_SEGMENT_BYTES = 255;
const METHOD_STORED = 0;
const METHOD_DEFLATED = 8;
// zlib.crc32 arrived in Node 20.15; on runtimes without it the checksum is skipped.
const crc32: ((data: Uint8Array, value?: number) => number) | undefined = (
  zlib as { crc32?: (data: Uint8Array, value?: number) => number }
).crc32;

interface PlannedEntry {
  entry: Entry;
  path: string;
  kind: 'file' | 'dir';
}

/**
 * Extracts an uploaded website (a landing or pre-landing page) into `targetDir`, refusing anything
 * that could escape the folder, plant links, or exhaust the disk.
 *
 * Two passes over one `yauzl` reader: first every central-directory entry is checked (names,
 * entry types, encryption, declared sizes, counts), then the files are inflated one by one while
 * their real bytes are counted against the limits, since a zip can lie about sizes. Everything goes
 * into a fresh folder beside `targetDir`, which replaces `targetDir` only when the whole archive
 * passed: a refused archive leaves nothing behind, and a re-upload swaps the old site out at once.
 * macOS metadata (`__MACOSX/`, `.DS_Store`) is skipped.
 *
 * Concurrent extractions into the same `targetDir` are the caller's to prevent.
 *
 * @throws {UploadRefused} `ZIP_INVALID`, `ZIP_ENCRYPTED`, `ZIP_UNSAFE_PATH`, `ZIP_LINK`,
 *   `ZIP_NOT_REGULAR`, `ZIP_TOO_MANY_FILES`, `ZIP_TOO_LARGE` or `ZIP_BOMB`, with a message for the admin.
 * @example
 * ```ts
 * const { files } = await extractWebsiteZip(bytes, join(websitesDir, String(website.ID)));
 * const entry = findEntryFile(files, form.EntryFile);
 * ```
 */
export async function extractWebsiteZip(
  zipBytes: Uint8Array,
  targetDir: string,
  limits: WebsiteZipLimits = {},
): Promise<ExtractedWebsite> {
  const lim = { ...DEFAULT_WEBSITE_ZIP_LIMITS, ...limits };
  const zip = await openZip(zipBytes);
  try {
    const plan = await planEntries(zip, lim);
    const target = resolve(targetDir);
    await mkdir(dirname(target), { recursive: true });
    const staging = await mkdtemp(join(dirname(target), `.${basename(target)}.incoming-`));
    try {
      const result = await extractPlanned(zip, plan, staging, lim);
      await chmod(staging, 0o755);
      await moveIntoPlace(staging, target);
      return result;
    } catch (err) {
      await rm(staging, { recursive: true, force: true });
      throw err;
    }
  } finally {
    zip.close();
  }
}

async function openZip(bytes: Uint8Array): Promise<ZipFile> {
  if (bytes.byteLength === 0)
    throw new UploadRefused('ZIP_INVALID', 'The file is empty; a .zip archive is required.');
  try {
    return await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      lazyEntries: true,
      // Names are decoded and judged here, so each problem gets its own code; sizes are counted here too.
      decodeStrings: false,
      validateEntrySizes: false,
    });
  } catch (err) {
    throw new UploadRefused('ZIP_INVALID', 'The file is not a readable .zip archive.', { cause: err });
  }
}

async function planEntries(zip: ZipFile, lim: Required<WebsiteZipLimits>): Promise<PlannedEntry[]> {
  const maxEntries = lim.maxFiles * 4;
  if (zip.entryCount > maxEntries) {
    throw new UploadRefused('ZIP_TOO_MANY_FILES', `The archive holds more than ${lim.maxFiles} files.`);
  }
  const plan: PlannedEntry[] = [];
  const seen = new Map<string, 'file' | 'dir'>();
  let files = 0;
  let declaredTotal = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      const name = yauzl.getFileNameLowLevel(
        entry.generalPurposeBitFlag,
        entry.fileNameRaw,
        entry.extraFields,
        true,
      );
      const kind = entryKind(entry, name);
      const path = checkedPath(name, kind);
      if (isMacMetadata(path)) continue;
      claimPath(seen, path, kind);
      if (kind === 'dir') {
        plan.push({ entry, path, kind });
        continue;
      }
      if (entry.isEncrypted()) {
        throw new UploadRefused(
          'ZIP_ENCRYPTED',
          `${shown(path)} is password-protected; upload an archive without a password.`,
        );
      }
      if (entry.compressionMethod !== METHOD_STORED && entry.compressionMethod !== METHOD_DEFLATED) {
        throw new UploadRefused(
          'ZIP_INVALID',
          `${shown(path)} uses a compression method this upload does not read; save the archive as a standard (deflate) .zip.`,
        );
      }
      if (++files > lim.maxFiles) {
        throw new UploadRefused('ZIP_TOO_MANY_FILES', `The archive holds more than ${lim.maxFiles} files.`);
      }
      // Early refusals from the declared sizes; the real bytes are checked again while inflating.
      declaredTotal += entry.uncompressedSize;
      sizeProblem(path, entry.uncompressedSize, entry.compressedSize, declaredTotal, lim, true);
      plan.push({ entry, path, kind });
    }
  } catch (err) {
    if (err instanceof UploadRefused) throw err;
    throw new UploadRefused('ZIP_INVALID', 'The .zip archive is damaged and cannot be read.', { cause: err });
  }
  return plan;
}

async function extractPlanned(
  zip: ZipFile,
  plan: PlannedEntry[],
  staging: string,
  lim: Required<WebsiteZipLimits>,
): Promise<ExtractedWebsite> {
  const files: string[] = [];
  let totalBytes = 0;
  for (const { entry, path, kind } of plan) {
    const dest = join(staging, ...path.split('/'));
    // Belt and braces: checkedPath already rules this out.
    if (!dest.startsWith(staging + sep)) throw unsafe(path, 'it leaves the folder');
    if (kind === 'dir') {
      await mkdir(dest, { recursive: true, mode: 0o755 });
      continue;
    }
    await mkdir(dirname(dest), { recursive: true, mode: 0o755 });
    let written = 0;
    let crc = 0;
    const guard = new Transform({
      transform(chunk: Buffer, _enc, done) {
        written += chunk.length;
        if (crc32) crc = crc32(chunk, crc);
        try {
          sizeProblem(path, written, entry.compressedSize, totalBytes + written, lim, false);
        } catch (err) {
          return done(err as Error);
        }
        done(null, chunk);
      },
    });
    try {
      const source = await zip.openReadStreamPromise(entry);
      // Fresh files only (`wx`) and plain permissions: nothing from the archive's own mode bits.
      await pipeline(source, guard, createWriteStream(dest, { flags: 'wx', mode: 0o644 }));
    } catch (err) {
      if (err instanceof UploadRefused) throw err;
      throw new UploadRefused('ZIP_INVALID', `The archive is damaged: ${shown(path)} cannot be extracted.`, {
        cause: err,
      });
    }
    if (written !== entry.uncompressedSize || (crc32 && crc !== entry.crc32)) {
      throw new UploadRefused(
        'ZIP_INVALID',
        `The archive is damaged: ${shown(path)} does not match its checksum or size.`,
      );
    }
    totalBytes += written;
    files.push(path);
  }
  return { files, totalBytes };
}

/** Refuses a file whose (declared or streamed) size breaks a limit. */
function sizeProblem(
  path: string,
  size: number,
  compressedSize: number,
  total: number,
  lim: Required<WebsiteZipLimits>,
  declared: boolean,
): void {
  if (size > lim.ratioThresholdBytes && size > lim.maxRatio * Math.max(compressedSize, 1)) {
    throw new UploadRefused(
      'ZIP_BOMB',
      `${shown(path)} expands more than ${lim.maxRatio} times${declared ? '' : ' (more than it declares)'}; the archive looks like a zip bomb.`,
    );
  }
  if (size > lim.maxFileBytes) {
    throw new UploadRefused('ZIP_TOO_LARGE', `${shown(path)} is larger than ${megabytes(lim.maxFileBytes)}.`);
  }
  if (total > lim.maxTotalBytes) {
    throw new UploadRefused(
      'ZIP_TOO_LARGE',
      `The files add up to more than ${megabytes(lim.maxTotalBytes)}.`,
    );
  }
}

function entryKind(entry: Entry, name: string): 'file' | 'dir' {
  // The upper 16 bits hold a Unix mode when the archiver wrote one (Info-ZIP, macOS, yazl); zero otherwise.
  const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (type === S_IFLNK) {
    throw new UploadRefused(
      'ZIP_LINK',
      `The archive holds a symbolic link (${shown(name)}); only plain files and folders are allowed.`,
    );
  }
  if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) {
    throw new UploadRefused(
      'ZIP_NOT_REGULAR',
      `The archive holds a special file (${shown(name)}); only plain files and folders are allowed.`,
    );
  }
  return type === S_IFDIR || name.endsWith('/') ? 'dir' : 'file';
}

/** The entry's path without a trailing slash, or a refusal saying what is wrong with it. */
function checkedPath(name: string, kind: 'file' | 'dir'): string {
  if (name.length === 0) throw unsafe(name, 'it is empty');
  if (name.includes('\0')) throw unsafe(name, 'it contains a NUL character');
  if (hasControlCharacter(name)) throw unsafe(name, 'it contains control characters');
  if (name.includes('\\')) throw unsafe(name, 'it contains a backslash');
  if (name.startsWith('/')) throw unsafe(name, 'it is an absolute path');
  if (/^[A-Za-z]:/.test(name)) throw unsafe(name, 'it starts with a drive letter');
  const path = kind === 'dir' && name.endsWith('/') ? name.slice(0, -1) : name;
  if (path.length > MAX_PATH_CHARS) throw unsafe(name, 'it is too long');
  for (const segment of path.split('/')) {
    if (segment === '..') throw unsafe(name, 'it climbs out of the folder with ".."');
    if (segment === '' || segment === '.') throw unsafe(name, 'it has an empty or "." part');
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) throw unsafe(name, 'a part of it is too long');
  }
  return path;
}

/** Records `path` and its parent folders, refusing duplicates and names that are both a file and a folder. */
function claimPath(seen: Map<string, 'file' | 'dir'>, path: string, kind: 'file' | 'dir'): void {
  const parts = path.split('/');
  for (let i = 1; i < parts.length; i++) {
    const parent = parts.slice(0, i).join('/');
    if (seen.get(parent) === 'file') {
      throw new UploadRefused(
        'ZIP_INVALID',
        `The archive uses ${shown(parent)} both as a file and as a folder.`,
      );
    }
    seen.set(parent, 'dir');
  }
  const before = seen.get(path);
  if (before === 'file' || (before === 'dir' && kind === 'file')) {
    throw new UploadRefused(
      'ZIP_INVALID',
      before === kind
        ? `The archive holds ${shown(path)} twice.`
        : `The archive uses ${shown(path)} both as a file and as a folder.`,
    );
  }
  seen.set(path, kind);
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

function isMacMetadata(path: string): boolean {
  const parts = path.split('/');
  return parts[0] === '__MACOSX' || parts[parts.length - 1] === '.DS_Store';
}

async function moveIntoPlace(staging: string, target: string): Promise<void> {
  try {
    await rename(staging, target);
    return;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'ENOTDIR' && code !== 'EISDIR') throw err;
  }
  // A previous upload lives there: swap it out, then remove it.
  const old = join(dirname(target), `.${basename(target)}.old-${randomBytes(6).toString('hex')}`);
  await rename(target, old);
  try {
    await rename(staging, target);
  } catch (err) {
    await rename(old, target);
    throw err;
  }
  await rm(old, { recursive: true, force: true });
}

/**
 * The folder that wraps every file of the site (`"site/"`), or `""` when files sit at the top.
 * Archives made by "compress this folder" have such a wrapper.
 */
export function websiteRoot(files: readonly string[]): string {
  if (files.length === 0) return '';
  const first = files[0].split('/')[0];
  return files.every((f) => f.includes('/') && f.split('/')[0] === first) ? `${first}/` : '';
}

/**
 * Where the file the upload form names (`EntryFile`, such as `index.html`, or the optional
 * `PurchaseCompleteFile` thank-you page) is among the extracted `files`, as a path relative to the
 * extraction folder. Names are taken relative to the {@link websiteRoot wrapper folder} when there is
 * one; a name that already includes the wrapper, a leading `./` or `/`, or Windows backslashes, is
 * also understood. Matching is exact (the site is served from a case-sensitive disk).
 *
 * @throws {UploadRefused} `ENTRY_FILE_MISSING`, with `field` set to `opts.field` (default `EntryFile`).
 */
export function findEntryFile(
  files: readonly string[],
  entryFile: string,
  opts: { field?: string } = {},
): string {
  const field = opts.field ?? 'EntryFile';
  const wanted = entryFile
    .trim()
    .replace(/\\/g, '/')
    .replace(/^(\.?\/)+/, '');
  if (!wanted) throw new UploadRefused('ENTRY_FILE_MISSING', `${field} can't be empty.`, { field });
  const root = websiteRoot(files);
  const known = new Set(files);
  for (const candidate of [root + wanted, wanted]) if (known.has(candidate)) return candidate;

  const lower = wanted.toLowerCase();
  const near = files.find(
    (f) => f.toLowerCase() === (root + wanted).toLowerCase() || f.toLowerCase() === lower,
  );
  const hint = near ? ` Did you mean ${shown(near.slice(near.startsWith(root) ? root.length : 0))}?` : '';
  throw new UploadRefused('ENTRY_FILE_MISSING', `${shown(wanted)} (${field}) is not in the archive.${hint}`, {
    field,
  });
}

function unsafe(name: string, why: string): UploadRefused<'ZIP_UNSAFE_PATH'> {
  return new UploadRefused('ZIP_UNSAFE_PATH', `The archive holds an unsafe path ${shown(name)}: ${why}.`);
}

/** A name quoted for a message; JSON escaping keeps control characters visible and harmless. */
function shown(name: string): string {
  const clipped = name.length > 120 ? `${name.slice(0, 117)}...` : name;
  return JSON.stringify(clipped);
}

function megabytes(n: number): string {
  const mb = n / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;
}
