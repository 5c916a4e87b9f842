import { parseWorkerEnv } from './env.ts';
import { startWorker } from './worker.ts';

const env = parseWorkerEnv(process.env);
const worker = await startWorker(env);
console.log(`worker running (mail via ${worker.ctx.mail.describe})`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await worker.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
