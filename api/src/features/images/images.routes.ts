import { ApiError } from '@leadmesh/core';
import { imageCalls } from '@leadmesh/schema';
import { bind, bindEach } from '../../lib/call.ts';
import { fileStoreFor } from './image-store.ts';
import { imageFileCalls } from './images.contracts.ts';
import * as h from './images.handlers.ts';
import { readImage } from './images.service.ts';

export const imageRoutes = bindEach(imageCalls, h);

/**
 * `GET /images/{fileName}`: the public offer images (a machine route without credential, decisions
 * 0009 and 0077). Names are random and never reused, so answers are cached for a year. The policy
 * sandboxes the answer and allows no script, so even the seed's SVG images can never run one; images
 * are loaded by the shell and remotes from other origins, hence Cross-Origin-Resource-Policy:
 * cross-origin.
 */
const imageFile = bind(imageFileCalls.imageFile, async ({ fileName }, { c, deps }) => {
  const image = await readImage(deps.db, fileStoreFor(deps.env), fileName);
  if (!image) throw new ApiError('NOT_FOUND', { message: 'No such image' });
  c.header('Content-Type', image.contentType);
  c.header('Cache-Control', 'public, max-age=31536000, immutable');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  c.header('Cross-Origin-Resource-Policy', 'cross-origin');
  return c.body(image.bytes as Uint8Array<ArrayBuffer>);
});

/** The image files, mounted with the machine routes (api/src/machine-routes.ts). */
export const imageFileRoutes = [imageFile];
