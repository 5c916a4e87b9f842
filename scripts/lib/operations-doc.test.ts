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
