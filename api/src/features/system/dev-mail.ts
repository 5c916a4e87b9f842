import { mailOutbox } from '@leadmesh/schema/tables';
import { desc } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { isLoopback } from '../../lib/client-ip.ts';

/**
 * The local mail sink, readable in the browser at /dev/mail when no SMTP server is configured
 * (DEV_MAIL_VIEW; refused in production by parseEnv). It holds password-reset codes, so it
 * answers only callers on this machine (loopback), never a client reaching the port from outside.
 */
export function mountDevMail(app: Hono<AppEnv>): void {
  app.get('/dev/mail', async (c) => {
    const { env, db } = c.var.deps;
    if (!env.DEV_MAIL_VIEW || !isLoopback(c.var.clientIp)) {
      return c.json({ status: 'error', data: 'NOT_FOUND', details: { message: 'No such route' } }, 404);
    }
    const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.ID)).limit(50);
    return c.json({
      status: 'ok',
      data: rows.map((r) => ({
        ID: r.ID,
        To: r.To,
        Subject: r.Subject,
        Text: r.Text,
        State: r.State,
        createdAt: r.createdAt,
      })),
    });
  });
}
