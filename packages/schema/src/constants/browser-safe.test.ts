import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as root from '../index.ts';
import * as constants from './index.ts';

/*
 * Browser builds resolve `@leadmesh/schema` to this folder (decision 0101; the alias in
 * packages/federation/src/rspack.ts), so no table definition, drizzle or zod reaches a page.
 * `@leadmesh/crm`'s entry is browser-safe too (its own test walks what it imports).
 */
const BROWSER_SAFE_PACKAGES = ['@leadmesh/crm'];
describe('the browser-facing constants', () => {
  const files = readdirSync(new URL('.', import.meta.url)).filter(
    (f) => f.endsWith('.ts') && !/\.test\.ts$/.test(f),
  );

  it('import values only from each other (type imports are erased)', () => {
    const offending: string[] = [];
    for (const file of files) {
      const text = readFileSync(new URL(file, import.meta.url), 'utf8');
      for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
        const [, typeOnly, from] = match;
        if (!typeOnly && !/^\.\/[\w-]+\.ts$/.test(from) && !BROWSER_SAFE_PACKAGES.includes(from))
          offending.push(`${file}: ${from}`);
      }
    }
    expect(files.length).toBeGreaterThan(5);
    expect(offending).toEqual([]);
  });

  it('are the very bindings the package root exports', () => {
    const names = Object.keys(constants);
    expect(names).toContain('checkDomainName');
    expect(names).toContain('checkOfferForm');
    const fromRoot = root as Record<string, unknown>;
    const fromConstants = constants as Record<string, unknown>;
    for (const name of names) expect(fromRoot[name], name).toBe(fromConstants[name]);
  });
});
