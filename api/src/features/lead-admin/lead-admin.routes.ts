import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { leadCalls } from '@leadmesh/schema';
import { leads } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { bind, type CallHandler, requireCaller } from '../../lib/call.ts';
import { loadSession } from '../../lib/session.ts';
import * as service from './lead-admin.service.ts';
import { leadTimeline } from './timeline.service.ts';

type Calls = typeof leadCalls;

const setLeadStatusAdmin: CallHandler<Calls['setLeadStatusAdmin']> = (input, ctx) =>
  service.setLeadStatusAdmin(ctx.db, requireCaller(ctx), input);
const resendLead: CallHandler<Calls['resendLead']> = (input, ctx) =>
  service.resendLead(ctx.db, requireCaller(ctx), input);
const resendLeads: CallHandler<Calls['resendLeads']> = (_input, ctx) =>
  service.resendLeads(ctx.db, requireCaller(ctx));
const getLeadsForAdminExport: CallHandler<Calls['getLeadsForAdminExport']> = async (input, ctx) => ({
  DBData: await service.exportRowsInline(ctx.db, input),
});
const startLeadExport: CallHandler<Calls['startLeadExport']> = (input, ctx) =>
  service.startLeadExport(ctx.db, requireCaller(ctx), input);
const getLeadExport: CallHandler<Calls['getLeadExport']> = (input, ctx) =>
  service.getLeadExport(ctx.db, input);
const getLeadTimeline: CallHandler<Calls['getLeadTimeline']> = (input, ctx) =>
  leadTimeline(ctx.db, requireCaller(ctx), input);

/** Admin only (endpoints.md), but for the timeline. */
export const leadAdminRoutes = [
  bind(leadCalls.setLeadStatusAdmin, setLeadStatusAdmin),
  bind(leadCalls.resendLead, resendLead),
  bind(leadCalls.resendLeads, resendLeads),
  bind(leadCalls.getLeadsForAdminExport, getLeadsForAdminExport),
  bind(leadCalls.startLeadExport, startLeadExport),
  bind(leadCalls.getLeadExport, getLeadExport),
  // Admins any lead; its publisher or its offer's advertiser their own.
  bind(leadCalls.getLeadTimeline, getLeadTimeline, {
    owns: [
      {
        record: async (db, input) => {
          const [lead] = await db
            .select({ userId: leads.BoundUser, advertiserId: leads.BoundAdvertiser })
            .from(leads)
            .where(eq(leads.ID, input.ID))
            .limit(1);
          return lead ?? null;
        },
        bypass: ['admin'],
      },
    ],
  }),
];

/**
 * GET /exports/leads/{id}/{n}: one file of a finished export, streamed, for admins (their session
 * cookie). Anyone else, or a file that is not there, gets a 404.
 */
export function mountExportDownloads(app: Hono<AppEnv>): void {
  app.get('/exports/leads/:id/:group', async (c) => {
    const caller = await loadSession(c);
    const id = Number(c.req.param('id'));
    const group = Number(c.req.param('group'));
    const path =
      caller?.user.isAdmin && Number.isInteger(id) && Number.isInteger(group)
        ? await service.exportFile(c.var.deps.db, c.var.deps.env.DATA_DIR, id, group)
        : null;
    if (!path)
      return c.json({ status: 'error', data: 'NOT_FOUND', details: { message: 'No such export file' } }, 404);
    c.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    c.header('Content-Disposition', `attachment; filename="leads_group_${group}.xlsx"`);
    c.header('Cache-Control', 'no-store');
    return c.body(Readable.toWeb(createReadStream(path)) as ReadableStream);
  });
}
