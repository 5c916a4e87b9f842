import { defineCall } from '@leadmesh/schema';
import { z } from 'zod';
import { isSafeBareFileName } from '../../lib/uploads/image.ts';

/** The offer images as files (a machine route without credential, decisions 0009 and 0077). */
export const imageFileCalls = {
  imageFile: defineCall({
    path: '/images/{fileName}',
    method: 'GET',
    credential: 'none',
    answer: 'file',
    callers: [],
    spec: 'decision 0009',
    summary: 'An uploaded offer image (the file names OfferImages holds)',
    description:
      'Cached for a year (names are random and never reused); nosniff, a sandboxing Content-Security-Policy and Cross-Origin-Resource-Policy: cross-origin. Unknown names: 404; unsafe names: 400.',
    request: z.object({
      fileName: z.string().refine(isSafeBareFileName, 'Invalid file name'),
    }),
    response: z.instanceof(Response),
  }),
};
