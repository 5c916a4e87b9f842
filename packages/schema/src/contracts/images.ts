import { z } from 'zod';
import { MESSAGES } from '../constants/errors.ts';
import { defineCall, fileSchema } from './define.ts';

/** A stored file name: no folders, no parent references. */
export const storedFileNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .refine((v) => !/[\\/]/.test(v) && v !== '.' && v !== '..', 'Invalid file name');

/** Offer images uploaded from the admin offer form. */
export const imageCalls = {
  deleteImageByFilename: defineCall({
    path: '/images/deleteImageByFilename',
    method: 'POST',
    summary: 'Delete an uploaded image by its file name (best effort after an offer image is replaced)',
    spec: 'A',
    callers: ['admin'],
    request: z.object({ FileName: storedFileNameSchema }),
    response: z.null(),
  }),
  uploadImage: defineCall({
    path: '/images/uploadImage',
    method: 'POST',
    summary: 'Upload an offer image (multipart); answers the path the image is served at',
    spec: 'A',
    callers: ['admin'],
    multipart: true,
    request: z.object({
      image: fileSchema.refine((f) => f.type.startsWith('image/'), MESSAGES.websiteFileInvalid),
      /** The offer name the image belongs to. */
      ImageName: z.string().trim().min(1).max(200),
      tag: z.string().trim().min(1).max(32).default('Offer'),
    }),
    response: z.string().describe('Path of the stored image'),
  }),
};
