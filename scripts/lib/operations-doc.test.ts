import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { apiEnvSchema } from '../../api/src/env.ts';
import { workerEnvSchema } from '../../worker/src/env.ts';

/** docs/operations.md stays true: every setting the API or the worker reads is in its table. */
it('every environment setting of the API and the worker is documented in docs/operations.md', () => {
  const doc = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
  const settings = new Set([...Object.keys(apiEnvSchema.shape), ...Object.keys(workerEnvSchema.shape)]);
  const missing = [...settings].filter((name) => !doc.includes(`\`${name}\``)).sort();
  expect(missing).toEqual([]);
});

/** The HAProxy configuration the scale-out run and its test use is the one the operators' guide gives. */
it('docs/operations.md gives the HAProxy configuration the scale-out run uses', async () => {
  const { haproxyConfig } = await import('./haproxy.ts');
  const doc = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
  const config = haproxyConfig(['http://127.0.0.1:1', 'http://127.0.0.1:2'], 3, 4);
  const section = config.slice(config.indexOf('defaults'), config.indexOf('listen stats'));
  const lines = section
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('bind ') && !l.startsWith('server '));
  expect(lines.filter((l) => !doc.includes(l))).toEqual([]);
});
