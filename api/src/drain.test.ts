import { expect, it } from 'vitest';
import { createDrain } from './drain.ts';

const app = (request: Request) => Response.json({ path: new URL(request.url).pathname });

it('answers as the app until the drain begins, then /health 503 and every answer closing its connection', async () => {
  const drain = createDrain(30);
  const serve = drain.serve(app);
  const before = await serve(new Request('http://api/health'));
  expect(before.status).toBe(200);
  expect(before.headers.get('connection')).toBeNull();

  const started = Date.now();
  const over = drain.begin();
  const health = await serve(new Request('http://api/health'));
  expect(health.status).toBe(503);
  expect(await health.json()).toEqual({ status: 'error', data: 'DRAINING' });
  const call = await serve(new Request('http://api/offers/getOffers'));
  expect(call.status).toBe(200);
  expect(await call.json()).toEqual({ path: '/offers/getOffers' });
  expect(call.headers.get('connection')).toBe('close');
  await over;
  expect(Date.now() - started).toBeGreaterThanOrEqual(25);
});
