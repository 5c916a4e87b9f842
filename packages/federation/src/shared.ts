import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every folder whose code ends up in the browser and may import antd. */
export const BROWSER_SOURCE_DIRS = [
  'shell/src',
  'mf-public/src',
  'mf-publisher/src',
  'mf-advertiser/src',
  'mf-admin/src',
  'packages/ui/src',
  'packages/session/src',
];

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}

/**
 * The antd exports used by any app (named imports from 'antd'), or null when some file imports
 * antd as a whole (then tree shaking cannot be trusted).
 *
 * Why: with `treeShaking: { mode: 'runtime-infer' }` the antd singleton the page keeps is the
 * first app's tree-shaken build, and the runtime does not check a later remote's used exports
 * against it for singletons — a remote using `Card` when the shell does not got `undefined`
 * (React error #130). Giving every build the same `usedExports` (the union over all apps) makes
 * the shared antd hold everything any app uses. See docs/decisions/0101-frontend-federation.md.
 */
export function antdUsedExports(root: string = REPO_ROOT): string[] | null {
  const names = new Set<string>();
  for (const dir of BROWSER_SOURCE_DIRS) {
    for (const file of sourceFiles(path.join(root, dir))) {
      const text = readFileSync(file, 'utf8');
      if (/import\s+(\*\s+as\s+\w+|\w+)\s*(,\s*\{[^}]*\})?\s*from\s*['"]antd['"]/.test(text)) return null;
      for (const match of text.matchAll(/import\s*(type\s*)?\{([^}]*)\}\s*from\s*['"]antd['"]/g)) {
        if (match[1]) continue;
        for (const part of match[2].split(',')) {
          const spec = part.trim();
          if (!spec || spec.startsWith('type ')) continue;
          names.add(spec.split(/\s+as\s+/)[0].trim());
        }
      }
    }
  }
  return [...names].sort();
}

/**
 * The one `shared` map of the shell and every remote. Everything stateful is a singleton, so the
 * page has one React, one router context, one antd theme, one session store and one API client.
 * antd is tree-shaken (trap 5: shared as a plain singleton it ships all of antd), with the used
 * exports of all apps together (see `antdUsedExports`).
 */
export function createSharedConfig() {
  const singleton = { singleton: true, requiredVersion: false } as const;
  const usedExports = antdUsedExports();
  return {
    react: singleton,
    'react/': singleton,
    'react-dom': singleton,
    'react-dom/': singleton,
    'react-router-dom': singleton,
    antd: usedExports
      ? { ...singleton, treeShaking: { mode: 'runtime-infer' as const, usedExports } }
      : singleton,
    zustand: singleton,
    'zustand/': singleton,
    i18next: singleton,
    'react-i18next': singleton,
    '@leadmesh/session': singleton,
    '@leadmesh/ui': singleton,
    '@leadmesh/api-client': singleton,
    // Only the constants reach the browser (no zod, no drizzle); contracts are types there.
    '@leadmesh/schema/constants': singleton,
  };
}
