import type { mailSend } from '@leadmesh/jobs';
import { mailOutbox } from '@leadmesh/schema/tables';
import { UnrecoverableError } from 'bullmq';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { JobRun, WorkerContext } from '../context.ts';

/**
 * Sends one outbox row. A row already sent (or given up) is skipped, so retries and duplicate
 * jobs send it once. Each failure is counted on the row and rethrown so BullMQ retries with
 * backoff; the last one marks the row failed, and the sweep never picks it up again.
 */
export async function runMailSend(
  payload: z.output<typeof mailSend.schema>,
  ctx: WorkerContext,
  run: JobRun = { attempt: 1, isLastAttempt: false },
): Promise<void> {
  const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.ID, payload.outboxId)).limit(1);
  if (!row) throw new UnrecoverableError(`outbox row ${payload.outboxId} does not exist`);
  if (row.State !== 'pending') return;
  try {
    await ctx.mail.send({ id: row.ID, to: row.To, subject: row.Subject, text: row.Text, html: row.Html });
  } catch (error) {
    await ctx.db
      .update(mailOutbox)
      .set({
        Attempts: sql`${mailOutbox.Attempts} + 1`,
        LastError: String((error as Error).message).slice(0, 500),
        ...(run.isLastAttempt ? { State: 'failed' as const } : {}),
      })
      .where(eq(mailOutbox.ID, row.ID));
    throw error;
  }
  await ctx.db
    .update(mailOutbox)
    .set({ State: 'sent', sentAt: new Date(), Attempts: sql`${mailOutbox.Attempts} + 1`, LastError: null })
    .where(eq(mailOutbox.ID, row.ID));
}
