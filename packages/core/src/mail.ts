import type { DbOrTx } from '@leadmesh/db';
import { enqueueAfterCommit, mailSend } from '@leadmesh/jobs';
import { mailOutbox } from '@leadmesh/schema/tables';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  template: string;
}

/**
 * Writes a mail to the outbox inside the caller's transaction and asks for its job once the
 * unit of work ends. If the job never reaches Redis, the worker's outbox sweep sends the row.
 * The API and the worker (an endpoint disabled, decision 0037) both write mail this way.
 */
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
  enqueueAfterCommit(tx, mailSend, { outboxId: row.ID });
  return row.ID;
}
