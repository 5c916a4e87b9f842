import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { ApiError } from '@leadmesh/core';
import { leadCalls } from '@leadmesh/schema';
import { leads } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { bind, bindEach, requireCaller } from '../../lib/call.ts';
import { EXPORT_FILE_MISSING, exportFileCalls } from './lead-admin.contracts.ts';
import * as service from './lead-admin.service.ts';
import { leadTimeline } from './timeline.service.ts';

/** Admin only (endpoints.md), but for the timeline. */
export const leadAdminRoutes = bindEach(
  leadCalls,
  {
    setLeadStatusAdmin: (input, ctx) => service.setLeadStatusAdmin(ctx.db, requireCaller(ctx), input),
    resendLead: (input, ctx) => service.resendLead(ctx.db, requireCaller(ctx), input),
    resendLeads: (_input, ctx) => service.resendLeads(ctx.db, requireCaller(ctx)),
    getLeadsForAdminExport: async (input, ctx) => ({ DBData: await service.exportRowsInline(ctx.db, input) }),
    startLeadExport: (input, ctx) => service.startLeadExport(ctx.db, requireCaller(ctx), input),
    getLeadExport: (input, ctx) => service.getLeadExport(ctx.db, input),
    getLeadTimeline: (input, ctx) => leadTimeline(ctx.db, requireCaller(ctx), input),
  },
  {
    // Admins any lead; its publisher or its offer's advertiser their own.
    getLeadTimeline: {
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
    },
  },
);

/**
 * One file of a finished export, streamed. A missing file answers the same 404 as a caller who is
 * no admin (the contract's `refuseAsMissing`).
 */
const exportFile = bind(exportFileCalls.exportFile, async ({ id, n }, { c, deps }) => {
  const group = Number(n);
  const path =
    /^\d{1,15}$/.test(id) && /^\d{1,15}$/.test(n)
      ? await service.exportFile(deps.db, deps.env.DATA_DIR, Number(id), group)
      : null;
  if (!path) throw new ApiError('NOT_FOUND', { message: EXPORT_FILE_MISSING });
  c.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  c.header('Content-Disposition', `attachment; filename="leads_group_${group}.xlsx"`);
  c.header('Cache-Control', 'no-store');
  return c.body(Readable.toWeb(createReadStream(path)) as ReadableStream);
});

/** The export files, mounted with the machine routes (api/src/machine-routes.ts). */
export const exportFileRoutes = [exportFile];
