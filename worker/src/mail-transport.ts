import { mkdir, writeFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { repoRoot } from '@leadmesh/db';
import nodemailer from 'nodemailer';

export interface MailMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface MailTransport {
  describe: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer. The message id is derived from the outbox id, so a retried send is recognisable. */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    describe: `SMTP ${new URL(url).host}`,
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        messageId: `<outbox-${message.id}@leadmesh>`,
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * The local mail sink for machines without SMTP: one text file per mail in MAIL_SINK_DIR
 * (data/mail by default), named by outbox id so a retry overwrites instead of duplicating.
 */
export function fileSinkTransport(dir: string): MailTransport {
  const folder = isAbsolute(dir) ? dir : resolve(repoRoot, dir);
  return {
    describe: `mail sink folder ${folder}`,
    async send(message) {
      await mkdir(folder, { recursive: true });
      const body = `To: ${message.to}\nSubject: ${message.subject}\nOutbox-Id: ${message.id}\n\n${message.text}\n`;
      await writeFile(join(folder, `${String(message.id).padStart(6, '0')}.txt`), body);
    },
    close: () => undefined,
  };
}
