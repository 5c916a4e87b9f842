import type { Db } from '@leadmesh/db';
import type { JobProducer } from '@leadmesh/jobs';
import type { WorkerEnv } from './env.ts';
import type { MailTransport } from './mail-transport.ts';

export interface WorkerContext {
  env: WorkerEnv;
  db: Db;
  jobs: JobProducer;
  mail: MailTransport;
}
