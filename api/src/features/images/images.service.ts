import { ApiError, type Caller, notFound, validationError } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import { bareImageName, MESSAGES } from '@leadmesh/schema';
import { images, offers } from '@leadmesh/schema/tables';
import { eq, sql } from 'drizzle-orm';
import { audit } from '../../lib/logs.ts';
import type { FileStore } from '../../lib/uploads/file-store.ts';
import { inspectImage, isSafeBareFileName, safeImageFileName } from '../../lib/uploads/image.ts';
import { isUploadRefused } from '../../lib/uploads/refused.ts';
import { imageKey } from './image-store.ts';

/**
 * Stores an offer image (admin §2, Add offer) and answers its file name, which OfferImages keeps
 * and `GET /images/{fileName}` serves. The bytes decide the type (PNG, JPEG, GIF, WebP, AVIF; SVG
 * never), the name is random. A missing file answers 'Error while uploading image'; a refused one
 * 'Failed to upload image!' with the reason in `issues`.
 */
export async function uploadImage(
  db: Db,
  store: FileStore,
  caller: Caller,
  input: { image?: unknown; ImageName: string; tag: string },
): Promise<string> {
  if (!(input.image instanceof File) || input.image.size === 0)
    throw validationError('image', MESSAGES.imageUploadError);
  const bytes = new Uint8Array(await input.image.arrayBuffer());
  let kind: Awaited<ReturnType<typeof inspectImage>>;
  try {
    kind = await inspectImage(bytes);
  } catch (error) {
    if (!isUploadRefused(error)) throw error;
    throw new ApiError('VALIDATION_ERROR', {
      field: 'image',
      message: MESSAGES.imageUploadFailed,
      issues: [{ path: 'image', message: error.message }],
    });
  }
  const fileName = safeImageFileName(kind.ext);
  await store.put(imageKey(fileName), bytes, kind.mime);
  try {
    await db.transaction(async (tx) => {
      await tx
        .insert(images)
        .values({ FileName: fileName, ImageName: input.ImageName, Tag: input.tag, ContentType: kind.mime });
      await audit(
        tx,
        'image.uploaded',
        { file: fileName, for: input.ImageName, type: kind.mime, bytes: bytes.byteLength },
        caller,
      );
    });
  } catch (error) {
    await store.delete(imageKey(fileName)).catch(() => false);
    throw error;
  }
  return fileName;
}

/**
 * Deletes an uploaded image by its file name (or its /images/ path): the record, then the file. An
 * image an offer (even a retired one) still shows is kept: CONFLICT.
 */
export async function deleteImage(
  db: Db,
  store: FileStore,
  caller: Caller,
  input: { FileName: string },
): Promise<void> {
  const fileName = bareImageName(input.FileName);
  if (!fileName || !isSafeBareFileName(fileName)) throw validationError('FileName', 'Invalid file name');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ID: images.ID })
      .from(images)
      .where(eq(images.FileName, fileName))
      .limit(1);
    if (!row) throw notFound('Image not found');
    const [used] = await tx
      .select({ ID: offers.ID })
      .from(offers)
      .where(sql`exists (select 1 from json_each(${offers.OfferImages}) where value = ${fileName})`)
      .limit(1);
    if (used) {
      throw new ApiError('CONFLICT', {
        field: 'FileName',
        message: `This image is still used by offer ${used.ID}`,
      });
    }
    await tx.delete(images).where(eq(images.FileName, fileName));
    await audit(tx, 'image.deleted', { file: fileName }, caller);
  });
  // The record is gone, so the name is no longer served; a file left behind is only disk space.
  await store.delete(imageKey(fileName)).catch(() => false);
}

/** What `GET /images/{fileName}` sends: the bytes and the type recorded at upload (or by the seed). */
export async function readImage(
  db: Db,
  store: FileStore,
  fileName: string,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const [row] = await db
    .select({ ContentType: images.ContentType })
    .from(images)
    .where(eq(images.FileName, fileName))
    .limit(1);
  if (!row) return null;
  const file = await store.get(imageKey(fileName));
  return file ? { bytes: file.bytes, contentType: row.ContentType || file.contentType } : null;
}
