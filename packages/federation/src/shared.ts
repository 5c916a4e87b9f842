import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every folder whose code ends up in the browser. */
export const BROWSER_SOURCE_DIRS = [
  'shell/src',
  'mf-public/src',
  'mf-publisher/src',
  'mf-advertiser/src',
  'mf-admin/src',
  'packages/ui/src',
  'packages/session/src',
  'packages/api-client/src',
  'packages/federation/src',
];

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The exports of `pkg` that any browser app uses (named imports and re-exports), or null when some
 * file imports it as a whole (default or namespace import: then tree shaking cannot be trusted).
 *
 * Why: a shared singleton built with `treeShaking: { mode: 'runtime-infer' }` holds only the exports
 * its builder used, and the page keeps the first app's build; the runtime does not check a later
 * app's needs against it (a remote using an export the shell did not got `undefined`, React error
 * #130). Giving every build the same list, the union over all apps, makes any app's build complete.
 * See docs/decisions/0101-frontend-federation.md.
 */
export function usedExports(pkg: string, root: string = REPO_ROOT): string[] | null {
  const from = `['"]${escapeRegExp(pkg)}['"]`;
  const whole = new RegExp(`import\\s+(\\*\\s+as\\s+\\w+|\\w+)\\s*(,\\s*\\{[^}]*\\})?\\s*from\\s*${from}`);
  const named = new RegExp(`(?:import|export)\\s*(type\\s*)?\\{([^}]*)\\}\\s*from\\s*${from}`, 'g');
  const names = new Set<string>();
  for (const dir of BROWSER_SOURCE_DIRS) {
    for (const file of sourceFiles(path.join(root, dir))) {
      const text = readFileSync(file, 'utf8');
      if (whole.test(text)) return null;
      for (const match of text.matchAll(named)) {
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
 * The one `shared` map of the shell and every remote: only what must be one instance on the page.
 * React and react-dom (one renderer), the router (one history and route context), zustand and the
 * session store (one session), the API client (one CSRF token), i18next and react-i18next (one
 * language). antd and the UI kit are not shared (trap 15): each app bundles the components it uses,
 * tree-shaken, and feeds its own ConfigProvider from `themeConfig` (`@leadmesh/ui`).
 */
export function createSharedConfig() {
  const singleton = { singleton: true, requiredVersion: false } as const;
  // Shared modules are built whole unless told which exports are used: react-router-dom would be
  // 62 KB gzip instead of about a third of it.
  const shaken = (pkg: string) => {
    const names = usedExports(pkg);
    return names
      ? { ...singleton, treeShaking: { mode: 'runtime-infer' as const, usedExports: names } }
      : singleton;
  };
  return {
    react: singleton,
    'react/': singleton,
    'react-dom': singleton,
    'react-dom/': singleton,
    'react-router-dom': shaken('react-router-dom'),
    zustand: singleton,
    'zustand/': singleton,
    i18next: singleton,
    'react-i18next': shaken('react-i18next'),
    '@leadmesh/session': singleton,
    '@leadmesh/api-client': singleton,
  };
}
