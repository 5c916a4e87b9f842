import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as entry from './index.ts';
import { CRM_FORMS, CRM_TYPES } from './registry.ts';
import * as server from './server.ts';

/** The modules a file imports as values (type imports are erased), resolved against it. */
function valueImports(url: URL): URL[] {
  const text = readFileSync(url, 'utf8');
  const found: URL[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
    const [, typeOnly, from] = match;
    if (typeOnly) continue;
    found.push(from.startsWith('.') ? new URL(from, url) : new URL(`bare:${from}`));
  }
  return found;
}

/*
 * The CRM screen (mf-advertiser) and the kit read `@leadmesh/crm`: what that entry imports, and
 * what those import, must be plain declarations, never an adapter, a callback parser or a Node
 * module (the browser bundle would pull server code, or fail).
 */
describe('the browser entry of @leadmesh/crm', () => {
  it('reaches only forms and declarations: no adapter, callback, kit, package or node module', () => {
    const seen = new Set<string>();
    const queue = [new URL('./index.ts', import.meta.url)];
    while (queue.length > 0) {
      const url = queue.pop() as URL;
      if (seen.has(url.href)) continue;
      seen.add(url.href);
      if (url.protocol === 'file:') queue.push(...valueImports(url));
    }
    const reached = [...seen].map((href) => href.replace(new URL('.', import.meta.url).href, ''));
    expect(reached.filter((r) => r.startsWith('bare:') || /adapter|callback|kit\/|server/.test(r))).toEqual(
      [],
    );
    for (const type of CRM_TYPES) expect(reached).toContain(`${type}/form.ts`);
  });

  it('every type has its server half, and the server entry re-exports no browser duplicate', () => {
    expect(Object.keys(server.CRM_SERVER).sort()).toEqual([...CRM_TYPES].sort());
    for (const type of CRM_TYPES) expect(server.CRM_SERVER[type].adapter.type).toBe(type);
    expect(Object.keys(entry)).toContain('CRM_FORMS');
    expect(entry.CRM_FORMS).toBe(CRM_FORMS);
  });
});
