import type { SecretBox } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import type { EndpointLanes, JobProducer } from '@leadmesh/jobs';
import type { WorkerEnv } from './env.ts';
import type { MailTransport } from './mail-transport.ts';
import type { OutboundOptions } from './postbacks/send.ts';

export interface WorkerContext {
  env: WorkerEnv;
  db: Db;
  jobs: JobProducer;
  mail: MailTransport;
  /** Opens secrets kept encrypted at rest (postback signing secrets). */
  secretBox: SecretBox;
  /** Tests only: the resolver and socket factory outbound calls use (production: the net defaults). */
  outbound?: Pick<OutboundOptions, 'resolver' | 'connect'>;
  /** One lane per outbound endpoint: slots and circuit breaker (decision 0035). Absent: no gate. */
  lanes?: EndpointLanes;
}

/** What a handler knows about the run it is in. */
export interface JobRun {
  /** 1 for the first try. */
  attempt: number;
  /** True when a failure now will not be retried: the handler records the final state. */
  isLastAttempt: boolean;
  /** The BullMQ job's id (a lane's token, decision 0035). */
  jobId?: string;
}
