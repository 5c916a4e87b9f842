import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_IMAGE_BYTES, inspectImage, isSafeBareFileName, safeImageFileName } from './image.ts';
import { UploadRefused } from './refused.ts';

// Small real images (each decodes in Chromium's createImageBitmap): PNG and JPEG drawn by a canvas,
// the classic 1x1 GIF and lossless WebP, and the AVIF that feature-detection scripts use.
const IMAGES = {
  png: 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR4AWI6Y2z8H4SZGKAAAAAA//9GCLHHAAAABklEQVQDADraBGceUPKyAAAAAElFTkSuQmCC',
  jpg: '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABwj/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCWADpZb//Z',
  gif: 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  webp: 'UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==',
  avif: 'AAAAIGZ0eXBhdmlmAAAAAGF2aWZtaWYxbWlhZk1BMUIAAADybWV0YQAAAAAAAAAoaGRscgAAAAAAAAAAcGljdAAAAAAAAAAAAAAAAGxpYmF2aWYAAAAADnBpdG0AAAAAAAEAAAAeaWxvYwAAAABEAAABAAEAAAABAAABGgAAAB0AAAAoaWluZgAAAAAAAQAAABppbmZlAgAAAAABAABhdjAxQ29sb3IAAAAAamlwcnAAAABLaXBjbwAAABRpc3BlAAAAAAAAAAIAAAACAAAAEHBpeGkAAAAAAwgICAAAAAxhdjFDgQ0MAAAAABNjb2xybmNseAACAAIAAYAAAAAXaXBtYQAAAAAAAAABAAEEAQKDBAAAACVtZGF0EgAKCBgANogQEAwgMg8f8D///8WfhwB8+ErK42A=',
};
const bytesOf = (b64: string) => new Uint8Array(Buffer.from(b64, 'base64'));
const text = (s: string) => new TextEncoder().encode(s);

async function refusal(bytes: Uint8Array, opts?: { maxBytes?: number }): Promise<UploadRefused> {
  try {
    await inspectImage(bytes, opts);
  } catch (err) {
    if (err instanceof UploadRefused) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('inspectImage', () => {
  it.each([
    ['png', 'image/png', 'png'],
    ['jpg', 'image/jpeg', 'jpg'],
    ['gif', 'image/gif', 'gif'],
    ['webp', 'image/webp', 'webp'],
    ['avif', 'image/avif', 'avif'],
  ] as const)('accepts a real %s', async (name, mime, ext) => {
    expect(await inspectImage(bytesOf(IMAGES[name]))).toEqual({ mime, ext });
  });

  it.each([
    [
      'with an XML prolog',
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ],
    ['bare', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ['with a BOM and a doctype', '\uFEFF  <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x"><svg></svg>'],
  ])('refuses SVG %s, saying why', async (_, svg) => {
    const err = await refusal(text(svg));
    expect(err.code).toBe('TYPE_NOT_ALLOWED');
    expect(err.message).toMatch(/SVG.*scripts/);
  });

  it.each([
    ['BMP', Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)])],
    ['TIFF', Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0, 0, 0]), Buffer.alloc(60)])],
    ['ICO', Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]), Buffer.alloc(60)])],
  ])('refuses other image types (%s) as TYPE_NOT_ALLOWED', async (_, bytes) => {
    const err = await refusal(new Uint8Array(bytes));
    expect(err.code).toBe('TYPE_NOT_ALLOWED');
  });

  it.each([
    ['HTML named .png', text('<!doctype html><html><script>alert(1)</script></html>')],
    ['plain text', text('just some words, not a picture')],
    ['a PDF', text('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n')],
    ['a zip', bytesOf('UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==')],
    ['random bytes', new Uint8Array(256).map((_, i) => (i * 7919) % 251)],
  ])('refuses %s as NOT_AN_IMAGE', async (_, bytes) => {
    const err = await refusal(bytes);
    expect(err.code).toBe('NOT_AN_IMAGE');
  });

  it('refuses empty input', async () => {
    expect((await refusal(new Uint8Array())).code).toBe('NOT_AN_IMAGE');
  });

  it('refuses images over the limit before looking inside (default 5 MB)', async () => {
    const big = new Uint8Array(DEFAULT_MAX_IMAGE_BYTES + 1);
    big.set(bytesOf(IMAGES.png));
    const err = await refusal(big);
    expect(err.code).toBe('TOO_LARGE');
    expect(err.message).toBe('The image is 5.0 MB; the limit is 5 MB.');
    expect(await inspectImage(big.subarray(0, DEFAULT_MAX_IMAGE_BYTES))).toEqual({
      mime: 'image/png',
      ext: 'png',
    });
  });

  it('takes a smaller limit', async () => {
    const err = await refusal(bytesOf(IMAGES.jpg), { maxBytes: 100 });
    expect(err.code).toBe('TOO_LARGE');
  });
});

describe('safeImageFileName', () => {
  it('makes 24 random URL-safe characters plus the extension', () => {
    const names = new Set(Array.from({ length: 200 }, () => safeImageFileName('webp')));
    expect(names.size).toBe(200);
    for (const name of names) {
      expect(name).toMatch(/^[A-Za-z0-9_-]{24}\.webp$/);
      expect(isSafeBareFileName(name)).toBe(true);
    }
  });

  it('refuses an extension that is not an accepted image type', () => {
    expect(() => safeImageFileName('svg' as never)).toThrow(TypeError);
    expect(() => safeImageFileName('png/../x' as never)).toThrow(TypeError);
  });
});

describe('isSafeBareFileName', () => {
  it.each(['abc.png', 'Q3-x_y.jpeg', 'a', 'x'.repeat(128), 'photo.final.webp'])('accepts %j', (name) => {
    expect(isSafeBareFileName(name)).toBe(true);
  });

  it.each([
    '',
    'x'.repeat(129),
    '../etc/passwd',
    '..',
    '.',
    'a..b.png',
    '.htaccess',
    'images/a.png',
    '/a.png',
    'a\\b.png',
    'C:evil.png',
    'a.png\0.jpg',
    'a\nb.png',
    'a\tb.png',
    'a b.png',
    'a%2F..png',
    'ä.png',
    'a.png?x=1',
  ])('refuses %j', (name) => {
    expect(isSafeBareFileName(name)).toBe(false);
  });

  it('refuses non-strings', () => {
    expect(isSafeBareFileName(undefined)).toBe(false);
    expect(isSafeBareFileName(['a.png'])).toBe(false);
  });
});
