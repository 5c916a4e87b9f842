import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { buildOpenApiDocument } from './openapi.ts';

const ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js']);

function swaggerDir(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('swagger-ui-dist/package.json'));
}

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Leadmesh API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#ui' });</script>
</body></html>`;

/** `/openapi.json` and a self-hosted Swagger UI at `/docs` (no CDN, works offline). */
export function mountDocs(app: Hono<AppEnv>): void {
  let cached: unknown = null;
  app.get('/openapi.json', (c) => {
    cached ??= buildOpenApiDocument(c.var.deps.env.PUBLIC_API_URL, c.var.deps.env.SITES_PUBLIC_URL);
    return c.json(cached as Record<string, unknown>);
  });
  app.get('/docs', (c) => c.html(page));
  app.get('/docs/assets/:file', async (c) => {
    const file = c.req.param('file');
    if (!ASSETS.has(file)) return c.notFound();
    const body = await readFile(join(swaggerDir(), file));
    c.header('Content-Type', file.endsWith('.css') ? 'text/css' : 'text/javascript');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(body);
  });
}
