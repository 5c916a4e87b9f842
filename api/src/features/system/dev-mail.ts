import { mailOutbox } from '@leadmesh/schema/tables';
import { desc } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';

/**
 * The local mail sink, readable in the browser at /dev/mail when no SMTP server is
 * configured (DEV_MAIL_VIEW; refused in production by parseEnv).
 */
export function mountDevMail(app: Hono<AppEnv>): void {
  app.get('/dev/mail', async (c) => {
    if (!c.var.deps.env.DEV_MAIL_VIEW) return c.json({ status: 'error', data: 'NOT_FOUND' }, 404);
    const rows = await c.var.deps.db.select().from(mailOutbox).orderBy(desc(mailOutbox.ID)).limit(50);
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
