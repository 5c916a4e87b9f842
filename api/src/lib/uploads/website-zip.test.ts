import { Buffer } from 'node:buffer';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as zlib from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { type UploadRefusalCode, UploadRefused } from './refused.ts';
import { DEFAULT_WEBSITE_ZIP_LIMITS, extractWebsiteZip, findEntryFile, websiteRoot } from './website-zip.ts';

type YazlOptions = { mode?: number; compress?: boolean };
type YazlEntry = [name: string, content: string | Buffer | null, options?: YazlOptions];

/** A real archive written by yazl; a null content makes a folder entry. */
async function yazlZip(entries: YazlEntry[]): Promise<Uint8Array> {
  const zip = new ZipFile();
  for (const [name, content, options] of entries) {
    if (content === null) zip.addEmptyDirectory(name, options);
    else zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name, options);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

interface CraftedEntry {
  /** Raw name bytes or text (written as UTF-8 with the UTF-8 flag). */
  name: string | Buffer;
  data?: Buffer;
  deflate?: boolean;
  /** Size to write in the headers instead of the real one. */
  declaredSize?: number;
  crc?: number;
  externalAttributes?: number;
  flags?: number;
  method?: number;
}

/** Writes a zip by hand, for what yazl rightly refuses to make (traversal names, lying headers). */
function craftZip(entries: CraftedEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.isBuffer(e.name) ? e.name : Buffer.from(e.name, 'utf8');
    const data = e.data ?? Buffer.alloc(0);
    const body = e.deflate ? zlib.deflateRawSync(data) : data;
    const method = e.method ?? (e.deflate ? 8 : 0);
    const crc = e.crc ?? zlib.crc32(data);
    const size = e.declaredSize ?? data.length;
    const flags = (e.flags ?? 0) | 0x800;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(e.externalAttributes ?? (0o100644 << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, cd, end]));
}

let work: string;
let target: string;
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'lm-zip-'));
  target = join(work, 'websites', '42');
  await mkdir(join(work, 'websites'));
  return () => rm(work, { recursive: true, force: true });
});

/** Every path under `dir`, folders marked with a trailing slash. */
async function tree(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const d of await readdir(dir, { withFileTypes: true })) {
    if (d.isDirectory())
      out.push(`${prefix}${d.name}/`, ...(await tree(join(dir, d.name), `${prefix}${d.name}/`)));
    else out.push(prefix + d.name);
  }
  return out.sort();
}

async function refusedWith(zip: Uint8Array, code: UploadRefusalCode, limits = {}): Promise<UploadRefused> {
  const err = await extractWebsiteZip(zip, target, limits).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(UploadRefused);
  expect((err as UploadRefused).code).toBe(code);
  // A refusal leaves nothing: no target, no staging folder, nothing anywhere in the work folder.
  expect(await tree(work)).toEqual(['websites/']);
  return err as UploadRefused;
}

const SITE: YazlEntry[] = [
  ['promo-site/', null],
  ['promo-site/index.html', '<!doctype html><title>Offer</title><link rel="stylesheet" href="css/site.css">'],
  ['promo-site/thanks.html', '<p>Thank you</p>'],
  ['promo-site/css/site.css', 'body{margin:0}'],
  ['promo-site/img/hero.png', Buffer.alloc(3000, 7)],
  ['promo-site/img/čaj zeleni.jpg', Buffer.from('not really a jpeg')],
];

describe('extractWebsiteZip: sites that pass', () => {
  it('extracts a site wrapped in one folder, and finds its entry and thank-you files', async () => {
    const result = await extractWebsiteZip(await yazlZip(SITE), target);
    expect(result.files).toEqual([
      'promo-site/index.html',
      'promo-site/thanks.html',
      'promo-site/css/site.css',
      'promo-site/img/hero.png',
      'promo-site/img/čaj zeleni.jpg',
    ]);
    expect(result.totalBytes).toBe(78 + 16 + 14 + 3000 + 17);
    expect(await readFile(join(target, 'promo-site/css/site.css'), 'utf8')).toBe('body{margin:0}');
    expect((await readFile(join(target, 'promo-site/img/hero.png'))).equals(Buffer.alloc(3000, 7))).toBe(
      true,
    );
    expect(websiteRoot(result.files)).toBe('promo-site/');
    expect(findEntryFile(result.files, 'index.html')).toBe('promo-site/index.html');
    expect(findEntryFile(result.files, 'thanks.html', { field: 'PurchaseCompleteFile' })).toBe(
      'promo-site/thanks.html',
    );
    // Only the target remains beside it: no staging folder.
    expect(await readdir(join(work, 'websites'))).toEqual(['42']);
  });

  it('extracts a flat site with empty folders and plain permissions, ignoring the archive modes', async () => {
    const zip = await yazlZip([
      ['index.html', 'hi', { mode: 0o104777 }],
      ['assets/', null],
      ['assets/empty/', null],
      ['assets/app.js', 'console.log(1)', { mode: 0o100755 }],
    ]);
    const result = await extractWebsiteZip(zip, target);
    expect(result.files).toEqual(['index.html', 'assets/app.js']);
    expect(await tree(target)).toEqual(['assets/', 'assets/app.js', 'assets/empty/', 'index.html']);
    expect((await stat(join(target, 'index.html'))).mode & 0o7777).toBe(0o644);
    expect((await stat(join(target, 'assets/app.js'))).mode & 0o7777).toBe(0o644);
    expect((await stat(target)).mode & 0o777).toBe(0o755);
    expect(websiteRoot(result.files)).toBe('');
  });

  it('skips macOS metadata', async () => {
    const zip = await yazlZip([
      ['site/index.html', 'hi'],
      ['site/.DS_Store', 'junk'],
      ['__MACOSX/', null],
      ['__MACOSX/site/._index.html', 'junk'],
    ]);
    const result = await extractWebsiteZip(zip, target);
    expect(result.files).toEqual(['site/index.html']);
    expect(await tree(target)).toEqual(['site/', 'site/index.html']);
    expect(websiteRoot(result.files)).toBe('site/');
  });

  it('replaces a previous upload in one step', async () => {
    await extractWebsiteZip(await yazlZip([['old.html', 'old']]), target);
    await extractWebsiteZip(await yazlZip([['index.html', 'new']]), target);
    expect(await tree(target)).toEqual(['index.html']);
    expect(await readdir(join(work, 'websites'))).toEqual(['42']);
  });

  it('leaves a previous upload untouched when the new archive is refused', async () => {
    await extractWebsiteZip(await yazlZip([['index.html', 'live']]), target);
    const err = await extractWebsiteZip(
      craftZip([{ name: 'ok.html' }, { name: '../evil.html' }]),
      target,
    ).catch((e) => e);
    expect(err).toMatchObject({ code: 'ZIP_UNSAFE_PATH' });
    expect(await tree(work)).toEqual(['websites/', 'websites/42/', 'websites/42/index.html']);
    expect(await readFile(join(target, 'index.html'), 'utf8')).toBe('live');
  });

  it('accepts files up to the limits exactly', async () => {
    const zip = await yazlZip([
      ['a.bin', Buffer.alloc(1000, 1), { compress: false }],
      ['b.bin', Buffer.alloc(1000, 2), { compress: false }],
    ]);
    const result = await extractWebsiteZip(zip, target, {
      maxFiles: 2,
      maxFileBytes: 1000,
      maxTotalBytes: 2000,
    });
    expect(result.totalBytes).toBe(2000);
  });

  it('uses the documented defaults', () => {
    expect(DEFAULT_WEBSITE_ZIP_LIMITS).toEqual({
      maxFiles: 2000,
      maxTotalBytes: 100 * 1024 * 1024,
      maxFileBytes: 10 * 1024 * 1024,
      maxRatio: 100,
      ratioThresholdBytes: 1024 * 1024,
    });
  });
});

describe('extractWebsiteZip: unsafe names', () => {
  it.each([
    ['zip slip', '../evil.html'],
    ['zip slip deeper', 'site/../../evil.html'],
    ['absolute path', '/etc/cron.d/evil'],
    ['drive letter', 'C:/Windows/evil.exe'],
    ['drive-relative', 'C:evil.exe'],
    ['backslash traversal', '..\\..\\evil.html'],
    ['backslash in a name', 'site\\index.html'],
    ['NUL', Buffer.from('index.html\0.png', 'latin1')],
    ['newline', 'index\n.html'],
    ['escape character', 'a\u001b[31m.html'],
    ['empty segment', 'site//index.html'],
    ['dot segment', './index.html'],
    ['empty name', ''],
    ['overlong segment', `${'a'.repeat(256)}.html`],
  ])('refuses %s', async (_, name) => {
    const err = await refusedWith(
      craftZip([{ name: 'fine.html', data: Buffer.from('x') }, { name }]),
      'ZIP_UNSAFE_PATH',
    );
    expect(err.message).toMatch(/^The archive holds an unsafe path ".*": .+\.$/);
    for (const c of ['\0', '\n', '\u001b']) expect(err.message).not.toContain(c);
  });

  it('refuses a zip slip whose bytes would have been written before it', async () => {
    // Names are all checked before any file is written.
    const zip = craftZip([
      { name: 'a.html', data: Buffer.alloc(5000, 1), deflate: true },
      { name: '../../outside.html', data: Buffer.from('pwned') },
    ]);
    await refusedWith(zip, 'ZIP_UNSAFE_PATH');
    await expect(stat(join(work, 'outside.html'))).rejects.toThrow();
  });
});

describe('extractWebsiteZip: links and special files', () => {
  it('refuses a symlink entry (Unix mode in the external attributes)', async () => {
    const zip = await yazlZip([
      ['index.html', 'hi'],
      ['passwd.html', '/etc/passwd', { mode: 0o120777 }],
    ]);
    const err = await refusedWith(zip, 'ZIP_LINK');
    expect(err.message).toContain('"passwd.html"');
  });

  it('refuses a hand-made symlink to a folder', async () => {
    await refusedWith(
      craftZip([{ name: 'up', data: Buffer.from('..'), externalAttributes: (0o120755 << 16) >>> 0 }]),
      'ZIP_LINK',
    );
  });

  it.each([
    ['FIFO', 0o010644],
    ['character device', 0o020644],
    ['block device', 0o060644],
    ['socket', 0o140644],
  ])('refuses a %s', async (_, mode) => {
    await refusedWith(craftZip([{ name: 'x', externalAttributes: (mode << 16) >>> 0 }]), 'ZIP_NOT_REGULAR');
  });
});

describe('extractWebsiteZip: sizes and counts', () => {
  it('refuses more files than allowed (default 2,000) before writing any', async () => {
    const entries: YazlEntry[] = Array.from({ length: 2001 }, (_, i) => [`f/${i}.html`, `${i}`]);
    const err = await refusedWith(await yazlZip(entries), 'ZIP_TOO_MANY_FILES');
    expect(err.message).toBe('The archive holds more than 2000 files.');
  });

  it('counts files, not folders, against maxFiles, and caps entries of any kind at 4x', async () => {
    const dirs = (n: number): YazlEntry[] => Array.from({ length: n }, (_, i) => [`d${i}/`, null]);
    const files = (n: number): YazlEntry[] => Array.from({ length: n }, (_, i) => [`f${i}.html`, 'x']);
    const result = await extractWebsiteZip(await yazlZip([...dirs(6), ...files(2)]), target, { maxFiles: 2 });
    expect(result.files).toEqual(['f0.html', 'f1.html']);
    await rm(target, { recursive: true });
    await refusedWith(await yazlZip([...dirs(2), ...files(3)]), 'ZIP_TOO_MANY_FILES', { maxFiles: 2 });
    await refusedWith(await yazlZip(dirs(9)), 'ZIP_TOO_MANY_FILES', { maxFiles: 2 });
  });

  it('refuses a file over the per-file limit (default 10 MB)', async () => {
    const zip = await yazlZip([['big.mp4', Buffer.alloc(10 * 1024 * 1024 + 1, 3), { compress: false }]]);
    const err = await refusedWith(zip, 'ZIP_TOO_LARGE');
    expect(err.message).toBe('"big.mp4" is larger than 10 MB.');
  });

  it('refuses files adding up to more than the total limit', async () => {
    const zip = await yazlZip([
      ['a.bin', Buffer.alloc(1500, 1), { compress: false }],
      ['b.bin', Buffer.alloc(1500, 2), { compress: false }],
    ]);
    const err = await refusedWith(zip, 'ZIP_TOO_LARGE', { maxTotalBytes: 2000 });
    expect(err.message).toBe('The files add up to more than 2 KB.');
  });

  it('refuses a zip bomb: 50 MB of zeros', async () => {
    const zip = await yazlZip([['zeros.html', Buffer.alloc(50 * 1024 * 1024)]]);
    expect(zip.byteLength).toBeLessThan(100_000);
    const err = await refusedWith(zip, 'ZIP_BOMB');
    expect(err.message).toMatch(/^"zeros.html" expands more than 100 times/);
  });

  it('refuses a bomb that declares a small size: the inflated bytes are counted', async () => {
    const zip = craftZip([
      { name: 'small.html', data: Buffer.alloc(50 * 1024 * 1024), deflate: true, declaredSize: 100 },
    ]);
    const err = await refusedWith(zip, 'ZIP_BOMB');
    expect(err.message).toContain('more than it declares');
  });

  it('refuses a large file that declares a small size, when its ratio looks innocent', async () => {
    const noise = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const zip = craftZip([{ name: 'video.bin', data: noise, deflate: true, declaredSize: 1000 }]);
    await refusedWith(zip, 'ZIP_TOO_LARGE', { maxFileBytes: 2 * 1024 * 1024 });
  });

  it('refuses an entry whose real size differs from the declared one', async () => {
    await refusedWith(
      craftZip([
        { name: 'a.html', data: Buffer.from('twenty bytes exactly'), deflate: true, declaredSize: 10 },
      ]),
      'ZIP_INVALID',
    );
    await refusedWith(
      craftZip([{ name: 'a.html', data: Buffer.from('short'), deflate: true, declaredSize: 500 }]),
      'ZIP_INVALID',
    );
  });

  it('keeps a compressible text file under the ratio threshold', async () => {
    const css = Buffer.from('.a{color:red}\n'.repeat(70_000)); // ~1 MB, compresses more than 100x
    expect(css.length).toBeLessThan(DEFAULT_WEBSITE_ZIP_LIMITS.ratioThresholdBytes);
    const result = await extractWebsiteZip(await yazlZip([['site.css', css]]), target);
    expect(result.totalBytes).toBe(css.length);
  });
});

describe('extractWebsiteZip: broken and unusual archives', () => {
  it.each([
    ['empty input', new Uint8Array()],
    ['random bytes', new Uint8Array(4096).map((_, i) => (i * 31) % 256)],
    ['an HTML page', new TextEncoder().encode('<html>not a zip</html>')],
  ])('refuses %s as ZIP_INVALID', async (_, bytes) => {
    await refusedWith(bytes, 'ZIP_INVALID');
  });

  it('refuses a truncated archive', async () => {
    const zip = await yazlZip(SITE);
    await refusedWith(zip.subarray(0, zip.length - 30), 'ZIP_INVALID');
  });

  it('refuses damaged file data (checksum mismatch)', async () => {
    await refusedWith(craftZip([{ name: 'a.html', data: Buffer.from('hello'), crc: 12345 }]), 'ZIP_INVALID');
  });

  it('refuses damaged deflate data', async () => {
    await refusedWith(craftZip([{ name: 'a.html', data: Buffer.from('hello'), method: 8 }]), 'ZIP_INVALID');
  });

  it('refuses an encrypted entry', async () => {
    const err = await refusedWith(
      craftZip([{ name: 'secret.html', data: Buffer.alloc(20), flags: 0x1 }]),
      'ZIP_ENCRYPTED',
    );
    expect(err.message).toContain('password');
  });

  it('refuses an unsupported compression method', async () => {
    await refusedWith(craftZip([{ name: 'a.html', data: Buffer.from('BZh9'), method: 12 }]), 'ZIP_INVALID');
  });

  it('refuses duplicate names and names used as a file and a folder', async () => {
    await refusedWith(craftZip([{ name: 'index.html' }, { name: 'index.html' }]), 'ZIP_INVALID');
    await refusedWith(craftZip([{ name: 'a' }, { name: 'a/b.html' }]), 'ZIP_INVALID');
    await refusedWith(craftZip([{ name: 'a/b.html' }, { name: 'a' }]), 'ZIP_INVALID');
  });

  it('creates the parent of the target when missing', async () => {
    const deep = join(work, 'websites', 'x', 'y', '7');
    await extractWebsiteZip(await yazlZip([['index.html', 'hi']]), deep);
    expect(await readFile(join(deep, 'index.html'), 'utf8')).toBe('hi');
  });

  it('replaces a stray file at the target path', async () => {
    await mkdir(join(work, 'websites'), { recursive: true });
    await writeFile(target, 'stray');
    await extractWebsiteZip(await yazlZip([['index.html', 'hi']]), target);
    expect(await tree(join(work, 'websites'))).toEqual(['42/', '42/index.html']);
  });
});

describe('findEntryFile', () => {
  const wrapped = ['site/index.html', 'site/pages/thanks.html', 'site/Promo.html'];
  const flat = ['index.html', 'pages/thanks.html'];

  it.each([
    [wrapped, 'index.html', 'site/index.html'],
    [wrapped, 'pages/thanks.html', 'site/pages/thanks.html'],
    [wrapped, 'site/index.html', 'site/index.html'],
    [wrapped, './index.html', 'site/index.html'],
    [wrapped, '/index.html', 'site/index.html'],
    [wrapped, 'pages\\thanks.html', 'site/pages/thanks.html'],
    [wrapped, '  index.html ', 'site/index.html'],
    [flat, 'index.html', 'index.html'],
    [flat, 'pages/thanks.html', 'pages/thanks.html'],
  ])('%j has %j at %j', (files, name, found) => {
    expect(findEntryFile(files, name)).toBe(found);
  });

  it('says which field is missing, with a hint for a case slip', () => {
    const err = (() => {
      try {
        findEntryFile(wrapped, 'promo.html', { field: 'PurchaseCompleteFile' });
      } catch (e) {
        return e as UploadRefused;
      }
    })();
    expect(err).toBeInstanceOf(UploadRefused);
    expect(err).toMatchObject({ code: 'ENTRY_FILE_MISSING', field: 'PurchaseCompleteFile' });
    expect(err?.message).toBe(
      '"promo.html" (PurchaseCompleteFile) is not in the archive. Did you mean "Promo.html"?',
    );
  });

  it.each([
    [flat, 'home.html'],
    [flat, ''],
    [flat, '   '],
    [wrapped, 'thanks.html'],
    [[], 'index.html'],
    [['a/index.html', 'b/index.html'], 'index.html'],
  ])('%j has no %j', (files, name) => {
    expect(() => findEntryFile(files, name)).toThrow(
      expect.objectContaining({ code: 'ENTRY_FILE_MISSING', field: 'EntryFile' }),
    );
  });
});
