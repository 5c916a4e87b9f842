import { z } from 'zod';
import { defineCall } from './define.ts';

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
    body: 'multipart',
    // The image's 5 MB and the form's other fields, with room for multipart's boundaries.
    bodyLimit: 10 * 1024 * 1024,
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
