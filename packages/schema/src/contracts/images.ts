import { z } from 'zod';
import { defineCall } from './define.ts';

/** Where uploaded images are served: `GET /images/{fileName}` (a machine route, decision 0009). */
export const IMAGE_PATH_PREFIX = '/images/';

const BARE_IMAGE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/**
 * One file name of the images folder as it is: 1-128 characters of `[A-Za-z0-9._-]`, not starting
 * with a dot, without `..`. The same rule as the API's `isSafeBareFileName`.
 */
export function isBareImageName(value: unknown): value is string {
  return typeof value === 'string' && BARE_IMAGE_NAME.test(value) && !value.includes('..');
}

/**
 * The bare file name of an image named by its file name, its path (`/images/x.png`, what older
 * screens kept) or its URL (`http://api/images/x.png`); null when it names nothing safe.
 */
export function bareImageName(value: string): string | null {
  let text = value.trim();
  if (/^https?:\/\//i.test(text)) {
    try {
      text = new URL(text).pathname;
    } catch {
      return null;
    }
  }
  if (text.startsWith(IMAGE_PATH_PREFIX)) text = text.slice(IMAGE_PATH_PREFIX.length);
  return isBareImageName(text) ? text : null;
}

/** Offer images uploaded from the admin offer form. */
export const imageCalls = {
  deleteImageByFilename: defineCall({
    path: '/images/deleteImageByFilename',
    method: 'POST',
    summary:
      'Delete an uploaded image by its file name (best effort after an offer image is replaced); an image an offer still shows is kept (CONFLICT)',
    spec: 'A',
    callers: ['admin'],
    request: z.object({
      FileName: z
        .string()
        .max(1000)
        .describe('The file name answered by uploadImage; an /images/{fileName} path is accepted too'),
    }),
    response: z.null(),
  }),
  uploadImage: defineCall({
    path: '/images/uploadImage',
    method: 'POST',
    summary:
      'Upload an offer image (multipart: PNG, JPEG, GIF, WebP or AVIF, at most 5 MB); answers the file name, served at GET /images/{fileName}',
    spec: 'A',
    callers: ['admin'],
    multipart: true,
    request: z.object({
      /** Checked by the server (present, then judged by its bytes), so every refusal answers the screen's texts. */
      image: z.unknown().optional().describe('The image file (PNG, JPEG, GIF, WebP or AVIF; at most 5 MB)'),
      /** The offer name the image belongs to. */
      ImageName: z.string().trim().max(200).default(''),
      tag: z.string().trim().min(1).max(32).default('Offer'),
    }),
    response: z.string().describe('File name of the stored image (what OfferImages holds)'),
  }),
};
