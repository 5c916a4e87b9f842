import { z } from 'zod';
import { defineJob, retrying } from './define.ts';

/** Send one row of the mail outbox. */
export const mailSend = defineJob({
  id: 'mail.send',
  queue: 'mail',
  schema: z.object({ outboxId: z.number().int().positive() }),
  options: retrying(8, 5_000),
  key: (p) => `mail.send-${p.outboxId}`,
});

export const jobs = { mailSend } as const;
export type JobName = keyof typeof jobs;
