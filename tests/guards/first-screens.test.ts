import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstScreenRoute } from '@leadmesh/federation';
import { type AppRemote, DASHBOARD_ROUTES } from '@leadmesh/session';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const REMOTE_FOLDERS: Record<string, AppRemote> = {
  'mf-publisher': 'mf_publisher',
  'mf-advertiser': 'mf_advertiser',
  'mf-admin': 'mf_admin',
};
const CHUNK_NAME = /webpackChunkName:\s*["']([^"']+)["']/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

// A first screen's chunk is preloaded on the route its name gives (decision 0092): a misspelled
// route would only lose the preload, silently, so the names are checked against the route table.
describe('first screens', () => {
  it('are named after a route of their own remote', () => {
    const found: string[] = [];
    for (const [folder, remote] of Object.entries(REMOTE_FOLDERS)) {
      for (const file of sources(join(root, folder, 'src'))) {
        for (const [, chunk] of readFileSync(file, 'utf8').matchAll(CHUNK_NAME)) {
          const route = firstScreenRoute(chunk);
          if (route === null) continue;
          found.push(route);
          const owner = DASHBOARD_ROUTES.find((r) => r.path === route)?.remote;
          expect(owner, `${file}: chunk ${chunk}`).toBe(remote);
        }
      }
    }
    expect(found).toContain('admin-leads');
  });
});
