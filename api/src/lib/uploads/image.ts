import { Buffer } from 'node:buffer';
import { fileTypeFromBuffer } from 'file-type';
import { UploadRefused } from './refused.ts';

/** The image types the platform stores and serves, by MIME type, with the extension files get. */
export const IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
} as const;

export type ImageMime = keyof typeof IMAGE_TYPES;
export type ImageExt = (typeof IMAGE_TYPES)[ImageMime];

/** What {@link inspectImage} found: the real type of the bytes, whatever the upload claimed. */
export interface ImageKind {
  mime: ImageMime;
  ext: ImageExt;
}

/** 5 MB: offer images are product shots, not print originals. */
export const DEFAULT_MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const ALLOWED_LIST = 'PNG, JPEG, GIF, WebP or AVIF';
const MAX_FILE_NAME = 128;
const BARE_NAME = /^[A-Za-z0-9._-]+$/;

/**
 * Checks that `bytes` really are an image the platform accepts, judging by content (magic numbers),
 * never by the file name or the client's Content-Type.
 *
 * @throws {UploadRefused} `TOO_LARGE` over `maxBytes` (default 5 MB); `NOT_AN_IMAGE` when the bytes
 *   are not a known image; `TYPE_NOT_ALLOWED` for other image types, SVG included.
 * @example
 * ```ts
 * const { mime, ext } = await inspectImage(bytes);
 * await store.put(`images/${safeImageFileName(ext)}`, bytes, mime);
 * ```
 */
export async function inspectImage(bytes: Uint8Array, opts: { maxBytes?: number } = {}): Promise<ImageKind> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_IMAGE_BYTES;
  if (bytes.byteLength > maxBytes) {
    throw new UploadRefused(
      'TOO_LARGE',
      `The image is ${megabytes(bytes.byteLength)} MB; the limit is ${megabytes(maxBytes)} MB.`,
    );
  }
  if (bytes.byteLength === 0) throw new UploadRefused('NOT_AN_IMAGE', 'The file is empty.');

  // SVG is XML text: file-type reports it as `xml` or not at all, so look for it first to say why.
  if (looksLikeSvg(bytes)) {
    throw new UploadRefused(
      'TYPE_NOT_ALLOWED',
      `SVG images are not accepted because they can carry scripts; use ${ALLOWED_LIST}.`,
    );
  }
  const found = await fileTypeFromBuffer(bytes);
  if (!found) throw new UploadRefused('NOT_AN_IMAGE', `The file is not an image (${ALLOWED_LIST}).`);
  // An animated PNG is a PNG to every browser (and image/png is its registered type).
  const mime = found.mime === 'image/apng' ? 'image/png' : found.mime;
  if (mime in IMAGE_TYPES) return { mime: mime as ImageMime, ext: IMAGE_TYPES[mime as ImageMime] };
  if (mime.startsWith('image/')) {
    throw new UploadRefused(
      'TYPE_NOT_ALLOWED',
      `${found.ext.toUpperCase()} images are not accepted; use ${ALLOWED_LIST}.`,
    );
  }
  throw new UploadRefused(
    'NOT_AN_IMAGE',
    `The file is not an image (${ALLOWED_LIST}), it looks like ${found.ext}.`,
  );
}

/**
 * A fresh file name for a stored image: 24 random URL-safe characters (144 bits, so names cannot be
 * guessed or enumerated) and the extension of the type {@link inspectImage} found.
 *
 * @throws {TypeError} when `ext` is not one of the accepted image extensions.
 */
export function safeImageFileName(ext: ImageExt): string {
  if (!Object.values(IMAGE_TYPES).includes(ext))
    throw new TypeError(`Not an image extension: ${String(ext)}`);
  const random = new Uint8Array(18);
  crypto.getRandomValues(random);
  return `${base64url(random)}.${ext}`;
}

/**
 * True when `name` can be used as one file name inside the images folder as it is: 1–128 characters
 * of `[A-Za-z0-9._-]`, not starting with a dot, no `..`. So no separators, NUL, control characters,
 * dot files or traversal, whatever a client sends to delete-by-file-name.
 */
export function isSafeBareFileName(name: unknown): name is string {
  return (
    typeof name === 'string' &&
    name.length > 0 &&
    name.length <= MAX_FILE_NAME &&
    BARE_NAME.test(name) &&
    !name.startsWith('.') &&
    !name.includes('..')
  );
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
  return /^\uFEFF?\s*</.test(head) && /<svg[\s>/]/i.test(head);
}

function megabytes(n: number): string {
  const mb = n / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}
