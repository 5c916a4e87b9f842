import { ApiError } from '@leadmesh/core';
import { imageCalls } from '@leadmesh/schema';
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context.ts';
import { bind } from '../../lib/call.ts';
import { isSafeBareFileName } from '../../lib/uploads/image.ts';
import { fileStoreFor } from './image-store.ts';
import * as h from './images.handlers.ts';
import { readImage } from './images.service.ts';

export const imageRoutes = [
  bind(imageCalls.uploadImage, h.uploadImage),
  bind(imageCalls.deleteImageByFilename, h.deleteImageByFilename),
];

/**
 * `GET /images/{fileName}`: the public offer images (a machine route, decision 0009; no session).
 * Names are random and never reused, so answers are cached for a year. The policy sandboxes the
 * answer and allows no script, so even the seed's SVG images can never run one; images are loaded
 * by the shell and remotes from other origins, hence Cross-Origin-Resource-Policy: cross-origin.
 */
export function mountImageFiles(app: Hono<AppEnv>, deps: AppDeps): void {
  const store = () => fileStoreFor(deps.env);
  app.get('/images/:fileName', async (c) => {
    const fileName = c.req.param('fileName');
    if (!isSafeBareFileName(fileName))
      throw new ApiError('VALIDATION_ERROR', { field: 'fileName', message: 'Invalid file name' });
    const image = await readImage(deps.db, store(), fileName);
    if (!image) throw new ApiError('NOT_FOUND', { message: 'No such image' });
    c.header('Content-Type', image.contentType);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    return c.body(image.bytes as Uint8Array<ArrayBuffer>);
  });
}
