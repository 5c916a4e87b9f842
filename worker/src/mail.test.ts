import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mailSend } from '@leadmesh/jobs';
import { mailOutbox } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../api/src/test/harness.ts';
import { runMailSend } from './handlers/mail-send.handler.ts';
import type { MailTransport } from './mail-transport.ts';
import { fileSinkTransport } from './mail-transport.ts';
import { startWorkerBeside, waitFor } from './test-support/worker-beside.ts';
import { type RunningWorker, SWEEP_BATCH } from './worker.ts';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
async function startFakeSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let api: TestApi;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let worker: RunningWorker;

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  smtp = await startFakeSmtp();
  worker = await startWorkerBeside(api, { SMTP_URL: smtp.url });
});
afterAll(async () => {
  await worker?.close();
  await smtp?.close();
  await api?.close();
});

describe('mail.send', () => {
  it('delivers a password-reset code over SMTP and marks the outbox row sent', async () => {
    await api.createUser('mailuser');
    await api.client().call('/auth/sendUniqueToken', { Email: 'mailuser@example.com' });
    const mail = await waitFor(async () => smtp.received.find((m) => m.to.includes('mailuser@example.com')));
    expect(mail.raw).toMatch(/Your password reset code is \d{8}/);
    const [row] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.To, 'mailuser@example.com'));
    await waitFor(
      async () =>
        (await api.db.select().from(mailOutbox).where(eq(mailOutbox.ID, row.ID)))[0].State === 'sent',
    );
  });

  it('sends once however often the same row is enqueued', async () => {
    await api
      .client()
      .call('/email/contact', { Name: 'Once', EMail: 'once@example.com', Message: 'only once please' });
    const [row] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.Template, 'contact'));
    await api.deps.jobs.enqueue(mailSend, { outboxId: row.ID });
    await api.deps.jobs.enqueue(mailSend, { outboxId: row.ID });
    await waitFor(
      async () =>
        (await api.db.select().from(mailOutbox).where(eq(mailOutbox.ID, row.ID)))[0].State === 'sent',
    );
    await runMailSend({ outboxId: row.ID }, worker.ctx);
    expect(smtp.received.filter((m) => m.raw.includes('only once please'))).toHaveLength(1);
  });

  it('counts a failed attempt and succeeds on the retry', async () => {
    const [row] = await api.db
      .insert(mailOutbox)
      .values({ To: 'retry@example.com', Subject: 'retry', Text: 'retry body', Template: 'test' })
      .returning();
    let calls = 0;
    const flaky: MailTransport = {
      describe: 'flaky',
      async send() {
        calls++;
        if (calls === 1) throw new Error('421 try again later');
      },
      close() {},
    };
    const ctx = { ...worker.ctx, mail: flaky };
    await expect(runMailSend({ outboxId: row.ID }, ctx)).rejects.toThrow('421');
    const [failed] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.ID, row.ID));
    expect(failed).toMatchObject({ State: 'pending', Attempts: 1, LastError: '421 try again later' });
    await runMailSend({ outboxId: row.ID }, ctx);
    const [sent] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.ID, row.ID));
    expect(sent).toMatchObject({ State: 'sent', Attempts: 2, LastError: null });
  });

  it('a row whose last attempt fails becomes failed and the sweep never takes it again', async () => {
    const [row] = await api.db
      .insert(mailOutbox)
      .values({
        To: 'doomed@example.com',
        Subject: 'doomed',
        Text: 'doomed body',
        Template: 'test',
        createdAt: new Date(Date.now() - 120_000),
      })
      .returning();
    const broken: MailTransport = {
      describe: 'broken',
      async send() {
        throw new Error('550 mailbox unavailable');
      },
      close() {},
    };
    const ctx = { ...worker.ctx, mail: broken };
    await expect(
      runMailSend({ outboxId: row.ID }, ctx, { attempt: 7, isLastAttempt: false }),
    ).rejects.toThrow();
    await expect(
      runMailSend({ outboxId: row.ID }, ctx, { attempt: 8, isLastAttempt: true }),
    ).rejects.toThrow();
    const [failed] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.ID, row.ID));
    expect(failed).toMatchObject({ State: 'failed', Attempts: 2, LastError: '550 mailbox unavailable' });
    const enqueued: number[] = [];
    const spy = {
      ...worker.ctx.jobs,
      enqueue: async (_job: unknown, payload: { outboxId: number }) => void enqueued.push(payload.outboxId),
    };
    const sweeper = await startWorkerBeside(
      api,
      { REDIS_PREFIX: `${api.deps.env.REDIS_PREFIX}-sweep` },
      { mail: broken },
    );
    sweeper.ctx.jobs.enqueue = spy.enqueue as typeof sweeper.ctx.jobs.enqueue;
    await sweeper.sweepOutbox();
    await sweeper.close();
    expect(enqueued).not.toContain(row.ID);
  });

  it('the sweep takes pending rows oldest first and at most a batch at a time', async () => {
    const old = Date.now() - 600_000;
    const rows = await api.db
      .insert(mailOutbox)
      .values(
        Array.from({ length: SWEEP_BATCH + 20 }, (_, n) => ({
          To: `bulk${n}@example.com`,
          Subject: 'bulk',
          Text: 'bulk',
          Template: 'bulk',
          createdAt: new Date(old),
        })),
      )
      .returning({ ID: mailOutbox.ID });
    const enqueued: number[] = [];
    const sweeper = await startWorkerBeside(api, { REDIS_PREFIX: `${api.deps.env.REDIS_PREFIX}-bulk` });
    sweeper.ctx.jobs.enqueue = (async (_job: unknown, payload: { outboxId: number }) => {
      enqueued.push(payload.outboxId);
    }) as typeof sweeper.ctx.jobs.enqueue;
    expect(await sweeper.sweepOutbox()).toBe(SWEEP_BATCH);
    await sweeper.close();
    expect(enqueued).toEqual([...enqueued].sort((a, b) => a - b));
    expect(enqueued.at(-1)).toBeLessThan(rows.at(-1)?.ID ?? 0);
    await api.db.delete(mailOutbox).where(eq(mailOutbox.Template, 'bulk'));
  });

  it('the outbox sweep enqueues rows the API could not hand over', async () => {
    const [row] = await api.db
      .insert(mailOutbox)
      .values({
        To: 'swept@example.com',
        Subject: 'swept',
        Text: 'swept body',
        Template: 'test',
        createdAt: new Date(Date.now() - 120_000),
      })
      .returning();
    expect(await worker.sweepOutbox()).toBeGreaterThanOrEqual(1);
    await waitFor(async () => smtp.received.find((m) => m.to.includes('swept@example.com')));
    await waitFor(
      async () =>
        (await api.db.select().from(mailOutbox).where(eq(mailOutbox.ID, row.ID)))[0].State === 'sent',
    );
  });

  it('the file sink writes one readable file per mail', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'leadmesh-sink-'));
    const sink = fileSinkTransport(dir);
    await sink.send({ id: 42, to: 'sink@example.com', subject: 'Hello', text: 'code 12345678' });
    await sink.send({ id: 42, to: 'sink@example.com', subject: 'Hello', text: 'code 12345678' });
    expect(await readdir(dir)).toEqual(['000042.txt']);
    expect(await readFile(join(dir, '000042.txt'), 'utf8')).toContain('code 12345678');
  });
});
