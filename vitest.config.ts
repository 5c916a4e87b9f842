import { defineConfig } from 'vitest/config';

/**
 * One run for every workspace: back-end projects run in Node against real libSQL files
 * and the real Redis; front-end packages bring their own config (happy-dom).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'backend',
          environment: 'node',
          include: [
            'api/src/**/*.test.ts',
            'worker/src/**/*.test.ts',
            'packages/{schema,crm,db,jobs,net,core,seed}/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            // Tests that run the API and the worker together (a worker's internals beside the API's),
            // and the guards over the whole tree (tests/guards).
            'tests/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { NODE_ENV: 'test' },
        },
      },
      'packages/*/vitest.config.ts',
      '{shell,mf-public,mf-publisher,mf-advertiser,mf-admin}/vitest.config.ts',
    ],
  },
});
