/**
 * The baseline of `npm run bench`: a bare Hono app on the same runtime and server adapter as the
 * API, answering the same routes with the API's own recorded answers (body and headers, from
 * BARE_ANSWERS, a JSON file the bench writes) but no work behind them. Each API figure is
 * printed beside this one, measured in the same run on the same cores.
 */
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

interface Recorded {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

const answers = JSON.parse(readFileSync(process.env.BARE_ANSWERS ?? '', 'utf8')) as Recorded[];
const app = new Hono();
for (const answer of answers) {
  app.on(answer.method, answer.path, async (c) => {
    if (answer.method !== 'GET') await c.req.text();
    return c.body(answer.body, answer.status as 200, answer.headers);
  });
}

const server = serve(
  { fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' },
  (info) => {
    console.log(`listening ${info.port}`);
  },
);
process.on('SIGTERM', () => {
  server.close();
  process.exit(0);
});
