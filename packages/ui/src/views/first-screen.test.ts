import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The dashboards draw their KPI tiles, admin-leads its first rows, before antd has loaded (decision
 * 0064): nothing the remotes'
 * App modules import statically, through the kit, may reach antd. A static import of antd there puts
 * antd's core back into the chunk the page waits for. Dynamic `import()`s are chunks of their own
 * and are not followed. Names imported from the kit's barrel are followed to the module that
 * declares them (the build tree-shakes the barrel the same way).
 */

const KIT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(KIT, '../../..');
const HEAVY = /^(antd|@ant-design\/|rc-|@rc-component\/)/;

/** Static imports and re-exports of a source file: `[specifier, names]` (names empty for `*`). */
function staticImports(file: string): [string, string[]][] {
  const source = readFileSync(file, 'utf8');
  const found: [string, string[]][] = [];
  const statement = /^(?:import|export)\s+(?!type\s)([^;]*?)\s*from\s+'([^']+)'/gms;
  for (const match of source.matchAll(statement)) {
    const names = /\{([^}]*)\}/.exec(match[1])?.[1] ?? '';
    found.push([
      match[2],
      names
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n && !n.startsWith('type '))
        .map((n) => n.split(/\s+as\s+/)[0]),
    ]);
  }
  for (const match of source.matchAll(/^import\s+'([^']+)'/gm)) found.push([match[1], []]);
  return found;
}

/** The kit module that declares `name` among the barrel's `export * from` modules. */
function barrelModuleOf(name: string): string {
  const barrel = path.join(KIT, 'index.ts');
  const modules = [...readFileSync(barrel, 'utf8').matchAll(/export \* from '([^']+)'/g)].map((m) =>
    path.resolve(KIT, m[1]),
  );
  const views = path.join(KIT, 'views/index.ts');
  const viewModules = [...readFileSync(views, 'utf8').matchAll(/export \* from '([^']+)'/g)].map((m) =>
    path.resolve(KIT, 'views', m[1]),
  );
  const declares = new RegExp(`export (?:async )?(?:function|const|class|let) ${name}\\b`);
  const hit = [...modules, ...viewModules].find(
    (m) => !m.endsWith('index.ts') && declares.test(readFileSync(m, 'utf8')),
  );
  if (!hit) throw new Error(`${name} is not declared by a module of @leadmesh/ui`);
  return hit;
}

/** Every heavy package reached from `entry` by static imports, with the chain that reaches it. */
function heavyImports(entry: string): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [specifier, names] of staticImports(file)) {
      const here = [...chain, path.relative(ROOT, file)];
      if (HEAVY.test(specifier)) problems.push(`${here.join(' → ')} → ${specifier}`);
      else if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier), here);
      else if (specifier.startsWith('@leadmesh/ui/views/'))
        visit(path.join(KIT, 'views', `${specifier.slice('@leadmesh/ui/views/'.length)}.tsx`), here);
      else if (specifier === '@leadmesh/ui') for (const name of names) visit(barrelModuleOf(name), here);
      // Other packages are the shared singletons (react, the router, the session, the API client)
      // or constants: never antd.
    }
  };
  visit(entry, []);
  return problems;
}

describe('the first screens import no antd', () => {
  it.each([
    'mf-publisher/src/App.tsx',
    'mf-advertiser/src/App.tsx',
    'mf-admin/src/App.tsx',
    'packages/ui/src/views/LeadDashboard.tsx',
    'packages/ui/src/first-rows.tsx',
  ])('%s', (entry) => {
    expect(heavyImports(path.join(ROOT, entry))).toEqual([]);
  });

  it.each(['packages/ui/src/views/dashboard-rest.tsx', 'mf-admin/src/lib/forbidden.tsx'])(
    'the check finds antd where it is imported: %s',
    (entry) => {
      const problems = heavyImports(path.join(ROOT, entry));
      expect(problems.some((p) => p.endsWith('→ antd'))).toBe(true);
    },
  );
});
