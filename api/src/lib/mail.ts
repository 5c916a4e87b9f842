import type { DbOrTx } from '@leadmesh/db';
import { mailSend } from '@leadmesh/jobs';
import { mailOutbox } from '@leadmesh/schema/tables';
import type { AppDeps } from '../context.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  template: string;
}

/** Writes a mail to the outbox inside the caller's transaction; returns its id for `dispatchMail`. */
export async function queueMail(tx: DbOrTx, mail: OutgoingMail): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      To: mail.to,
      Subject: mail.subject,
      Text: mail.text,
      Html: mail.html ?? null,
      Template: mail.template,
    })
    .returning({ ID: mailOutbox.ID });
  return row.ID;
}

/**
 * Hands committed outbox rows to the worker. If Redis is unreachable the rows stay
 * pending and the worker's outbox sweep sends them later, so the caller never fails for it.
 */
export async function dispatchMail(deps: AppDeps, outboxIds: readonly number[]): Promise<void> {
  for (const outboxId of outboxIds) {
    try {
      await deps.jobs.enqueue(mailSend, { outboxId });
    } catch (error) {
      console.warn(`mail ${outboxId} left for the outbox sweep: ${(error as Error).message}`);
    }
  }
}
