import type { TestApi } from '../../../api/src/test/harness.ts';
import { workerEnvBeside } from '../crm/test-support/worker-env.ts';
import { parseWorkerEnv } from '../env.ts';
import { type RunningWorker, startWorker } from '../worker.ts';

export { waitFor } from '../crm/test-support/wait.ts';

/**
 * A real worker beside a test API (its database, Redis prefix and secret; loopback receivers
 * allowed; mail into the API's data folder; the sweeps quiet), with the settings a test changes.
 */
export function startWorkerBeside(
  api: TestApi,
  settings: Record<string, string> = {},
  options: Parameters<typeof startWorker>[1] = {},
): Promise<RunningWorker> {
  return startWorker(parseWorkerEnv(workerEnvBeside(api, settings)), options);
}
