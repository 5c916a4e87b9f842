import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { join, sep } from 'node:path';

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  eot: 'application/vnd.ms-fontobject',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  pdf: 'application/pdf',
};

/** The Content-Type of a file by its extension; unknown ones are served as bytes (with nosniff). */
export function contentTypeOf(path: string): string {
  const dot = path.lastIndexOf('.');
  return (dot >= 0 && TYPES[path.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}

export function isHtml(path: string): boolean {
  return /\.html?$/i.test(path);
}

/**
 * A path inside a website from the raw (still percent-encoded) rest of a URL, or null when it is
 * not one: every segment is decoded on its own, and a malformed escape, an empty, `.` or `..`
 * segment, an encoded slash or backslash, NUL or another control character refuses it (STACK-NOTES
 * trap 17: decoding never throws out of here).
 */
export function sitePath(rawRest: string): string | null {
  if (rawRest === '' || rawRest.length > 2048) return null;
  const segments = rawRest.split('/');
  const out: string[] = new Array(segments.length);
  for (let i = 0; i < segments.length; i++) {
    let segment: string;
    try {
      segment = decodeURIComponent(segments[i]);
    } catch {
      return null;
    }
    if (segment === '' || segment === '.' || segment === '..') return null;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
    if (/[/\\\u0000-\u001f\u007f]/.test(segment)) return null;
    out[i] = segment;
  }
  return out.join('/');
}

/**
 * Reads `relPath` (from {@link sitePath}) inside the website folder `root/storageKey`: a regular
 * file only, never a link (the last component is opened with O_NOFOLLOW; extraction never writes
 * links), never outside the folder. Null when there is no such file.
 */
export async function readSiteFile(
  root: string,
  storageKey: string,
  relPath: string,
): Promise<Buffer | null> {
  const folder = join(root, storageKey);
  const full = join(folder, ...relPath.split('/'));
  if (!full.startsWith(folder + sep)) return null;
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(full, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return null;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return null;
    return await handle.readFile();
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}
