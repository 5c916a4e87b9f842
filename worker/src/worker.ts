import { applyMigrations, createDb } from '@leadmesh/db';
import { createJobProducer, type JobDefinition, mailSend, QUEUES } from '@leadmesh/jobs';
import { mailOutbox } from '@leadmesh/schema/tables';
import { UnrecoverableError, Worker } from 'bullmq';
import { and, eq, lt } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { WorkerContext } from './context.ts';
import type { WorkerEnv } from './env.ts';
import { runMailSend } from './handlers/mail-send.handler.ts';
import { fileSinkTransport, type MailTransport, smtpTransport } from './mail-transport.ts';

type Runner = (payload: unknown, ctx: WorkerContext) => Promise<void>;

/** The handler of every job id. A job without one fails loudly instead of vanishing. */
const runners: Record<string, { job: JobDefinition; run: Runner }> = {
  [mailSend.id]: { job: mailSend, run: runMailSend as Runner },
};

export interface RunningWorker {
  ctx: WorkerContext;
  /** Enqueues pending outbox rows older than `olderThanMs` (the API could not reach Redis for them). */
  sweepOutbox(olderThanMs?: number): Promise<number>;
  close(): Promise<void>;
}

/** Starts one BullMQ worker per queue and the outbox sweep. */
export async function startWorker(
  env: WorkerEnv,
  options: { mail?: MailTransport } = {},
): Promise<RunningWorker> {
  const dbHandle = await createDb({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
  await applyMigrations(dbHandle.db);
  const connection = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  const producerConnection = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  const mail =
    options.mail ??
    (env.SMTP_URL ? smtpTransport(env.SMTP_URL, env.MAIL_FROM) : fileSinkTransport(env.MAIL_SINK_DIR));
  const ctx: WorkerContext = {
    env,
    db: dbHandle.db,
    jobs: createJobProducer(producerConnection, env.REDIS_PREFIX),
    mail,
  };

  const workers = QUEUES.map(
    (queue) =>
      new Worker(
        queue,
        async (job) => {
          const runner = runners[job.name];
          if (!runner) throw new UnrecoverableError(`no handler for job ${job.name}`);
          const payload = runner.job.schema.safeParse(job.data);
          if (!payload.success)
            throw new UnrecoverableError(`bad payload for ${job.name}: ${payload.error.message}`);
          await runner.run(payload.data, ctx);
        },
        { connection, prefix: env.REDIS_PREFIX, concurrency: env.WORKER_CONCURRENCY },
      ),
  );
  for (const worker of workers) {
    worker.on('failed', (job, error) => {
      console.warn(`job ${job?.name} ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`);
    });
  }

  async function sweepOutbox(olderThanMs = 60_000): Promise<number> {
    const stale = await ctx.db
      .select({ ID: mailOutbox.ID })
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.State, 'pending'), lt(mailOutbox.createdAt, new Date(Date.now() - olderThanMs))),
      )
      .limit(500);
    for (const row of stale) await ctx.jobs.enqueue(mailSend, { outboxId: row.ID });
    return stale.length;
  }
  const sweepTimer = setInterval(() => {
    sweepOutbox().catch((error) => console.warn(`outbox sweep failed: ${(error as Error).message}`));
  }, env.OUTBOX_SWEEP_MS);

  return {
    ctx,
    sweepOutbox,
    async close() {
      clearInterval(sweepTimer);
      await Promise.all(workers.map((w) => w.close()));
      await ctx.jobs.close();
      connection.disconnect();
      producerConnection.disconnect();
      mail.close();
      dbHandle.close();
    },
  };
}
