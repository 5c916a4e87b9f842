import { isAbsolute, join, resolve } from 'node:path';
import { repoRoot } from '@leadmesh/db';
import type { Env } from '../../env.ts';
import { type FileStore, localFileStore, s3FileStore } from '../../lib/uploads/file-store.ts';

/** The folder of uploaded files: UPLOADS_DIR, or DATA_DIR/uploads; relative paths start at the repository root. */
export function uploadsRoot(env: Pick<Env, 'UPLOADS_DIR' | 'DATA_DIR'>): string {
  const dir = env.UPLOADS_DIR ?? join(env.DATA_DIR, 'uploads');
  return isAbsolute(dir) ? dir : resolve(repoRoot, dir);
}

const stores = new WeakMap<Env, FileStore>();

/**
 * Where uploaded files live for this environment, made once per process: an S3-compatible bucket
 * when S3_BUCKET is set (parseEnv checks the rest is there), the local uploads folder otherwise.
 */
export function fileStoreFor(env: Env): FileStore {
  let store = stores.get(env);
  if (!store) {
    store =
      env.S3_BUCKET && env.S3_ENDPOINT && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? s3FileStore({
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          })
        : localFileStore(uploadsRoot(env));
    stores.set(env, store);
  }
  return store;
}

/** The storage key of an offer image. */
export const imageKey = (fileName: string) => `images/${fileName}`;
