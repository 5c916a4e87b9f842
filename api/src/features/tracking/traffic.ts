import type { KeyObject } from 'node:crypto';
import { isAbsolute, join, resolve } from 'node:path';
import type { Db } from '@leadmesh/db';
import { repoRoot } from '@leadmesh/db';
import type { JobProducer } from '@leadmesh/jobs';
import type { Env } from '../../env.ts';
import { type GeoLookup, openGeoLookup } from '../../lib/traffic/geo.ts';
import { IntakeCommitter } from '../intake/intake.service.ts';
import { ClickBuffer } from './click-buffer.ts';
import { clickTokenKey } from './click-token.ts';
import { threadClickWriter } from './click-writer.ts';
import { SiteDirectory } from './site-directory.ts';

/** What tracking, intake and the sites server share in one process. */
export interface Traffic {
  /** HMAC key of click tokens (`{ClickKey}.{HMAC}`). */
  clickKey: KeyObject;
  clicks: ClickBuffer;
  geo: GeoLookup;
  sites: SiteDirectory;
  /** Lead intake with group commit (many concurrent leads, one transaction). */
  intake: IntakeCommitter;
  /** Folder holding one sub-folder per uploaded website (`StorageKey`). */
  websitesDir: string;
  /** Where the sites server is reached for a taken offer on `domain` (its domain in production). */
  siteBase(domain: string | null): string;
  /** Commits the leads still queued and writes the clicks still buffered. */
  close(): Promise<void>;
}

declare module '../../context.ts' {
  interface AppDeps {
    /** Click tokens, the click buffer, geo and the sites' directory (built by `createTraffic`). */
    traffic: Traffic;
  }
}

/** `${DATA_DIR}/uploads/websites`, a relative DATA_DIR being read from the repository root. */
export function websitesFolder(dataDir: string): string {
  const base = isAbsolute(dataDir) ? dataDir : resolve(repoRoot, dataDir);
  return join(base, 'uploads', 'websites');
}

/** A path inside a website, each segment escaped for a URL. */
export function urlPath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

export function createTraffic(options: {
  env: Env;
  db: Db;
  jobs: JobProducer;
  secret: string;
  now: () => number;
  geo?: GeoLookup;
}): Traffic {
  const { env, db } = options;
  const geo = options.geo ?? openGeoLookup();
  const clicks = new ClickBuffer(db, {
    geo,
    flushEveryMs: env.CLICK_FLUSH_MS,
    writer: env.CLICK_WRITER_THREAD ? threadClickWriter(env.DATABASE_URL) : undefined,
  });
  const intake = new IntakeCommitter(db, options.jobs, geo);
  return {
    clickKey: clickTokenKey(options.secret),
    clicks,
    geo,
    sites: new SiteDirectory(db, { now: options.now }),
    intake,
    websitesDir: websitesFolder(env.DATA_DIR),
    siteBase(domain) {
      if (env.SITES_ON_PUBLISHER_DOMAINS && domain) return domain.replace(/\/+$/, '');
      return env.SITES_PUBLIC_URL;
    },
    async close() {
      await intake.close();
      await clicks.close();
    },
  };
}
