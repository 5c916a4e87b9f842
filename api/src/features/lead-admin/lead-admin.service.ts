import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  ApiError,
  audit,
  type Caller,
  changeLeadStatus,
  countExport,
  exportFileName,
  exportFolder,
  exportWhere,
  forEachExportPage,
  isResendable,
  leadsById,
  loadExport,
  NOT_RESENDABLE,
  notFound,
  restartDeliveries,
  toLeadExport,
  undeliveredLeads,
} from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import { enqueueAfterCommit, exportLeads, leadDeliver } from '@leadmesh/jobs';
import type { FilterItem, Lead, LeadExport, LeadStatusCode } from '@leadmesh/schema';
import { leadExports } from '@leadmesh/schema/tables';
import { toLead } from '../leads/leads.mapper.ts';

/** Selections up to this size are answered at once; larger ones go to the export job (review §9). */
export const INLINE_EXPORT_MAX = 5_000;

/**
 * Sets a lead's status by hand, overriding the CRM (public §2 admin-leads, with the screen's
 * warning). The money, the timeline and the postbacks follow as for any change; the log says who.
 */
export async function setLeadStatusAdmin(
  db: Db,
  caller: Caller,
  input: { ID: number; newStatus: LeadStatusCode },
): Promise<Lead> {
  const lead = await db.transaction(async (tx) => {
    const result = await changeLeadStatus(tx, {
      leadId: input.ID,
      status: input.newStatus,
      source: 'admin',
      actorId: caller.user.ID,
      detail: { overridesCrm: true },
    });
    if (result.changed) {
      await audit(tx, 'lead.status-set', { lead: input.ID, from: result.from, to: result.to }, caller);
    }
    return result.lead;
  });
  return toLead(lead);
}

/** Export rows for a small selection, answered at once (the screen splits them into files). */
export async function exportRowsInline(db: Db, input: { Filters: FilterItem[]; LeadIDs?: number[] }) {
  const where = exportWhere({ Filters: input.Filters, LeadIDs: input.LeadIDs ?? null });
  const total = await countExport(db, where);
  if (total > INLINE_EXPORT_MAX) {
    throw new ApiError('VALIDATION_ERROR', {
      message: `${total} leads are too many for one answer (${INLINE_EXPORT_MAX} at most): start an export instead`,
    });
  }
  const rows: { ID: number; ProductName: string; Name: string | null; Phone: string | null }[] = [];
  await forEachExportPage(db, where, 1_000, async (page) => {
    rows.push(...page);
  });
  return rows;
}

/** Starts an export by the worker; the answer carries its id for the progress bar. */
export async function startLeadExport(
  db: Db,
  caller: Caller,
  input: { Filters: FilterItem[]; LeadIDs?: number[]; Groups: number },
): Promise<LeadExport> {
  // Bad filters are refused here, not in the worker.
  exportWhere({ Filters: input.Filters, LeadIDs: input.LeadIDs ?? null });
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(leadExports)
      .values({
        CreatedBy: caller.user.ID,
        Filters: input.Filters,
        LeadIDs: input.LeadIDs ?? null,
        Groups: input.Groups,
      })
      .returning();
    enqueueAfterCommit(tx, exportLeads, { exportId: created.ID });
    return created;
  });
  return toLeadExport(row);
}

export async function getLeadExport(db: Db, input: { ID: number }): Promise<LeadExport> {
  const row = await loadExport(db, input.ID);
  if (!row) throw notFound('Export not found');
  return toLeadExport(row);
}

/** The file of one group of a finished export, or null. */
export async function exportFile(db: Db, dataDir: string, id: number, group: number): Promise<string | null> {
  const row = await loadExport(db, id);
  if (row?.State !== 'done' || group < 1 || group > row.Groups) return null;
  const path = join(exportFolder(dataDir, id), exportFileName(group));
  return existsSync(path) ? path : null;
}

/** Leads "Resend leads" takes per transaction; the next batch continues after the last id. */
const RESEND_BATCH = 500;

/**
 * Sends one lead to its advertiser's CRM again (admin-leads): a failed delivery (5) or one waiting
 * for its retry (-2) starts a fresh cycle of attempts now and shows -2 until delivered.
 */
export async function resendLead(db: Db, caller: Caller, input: { ID: number }): Promise<Lead> {
  const lead = await db.transaction(async (tx) => {
    const [row] = await leadsById(tx, [input.ID]);
    if (!row) throw notFound('Lead not found');
    if (!isResendable(row)) throw new ApiError('CONFLICT', { message: NOT_RESENDABLE });
    const [resent] = await restartDeliveries(tx, [row], caller.user.ID);
    enqueueAfterCommit(tx, leadDeliver, { leadId: resent.ID, attempt: 1 }, { requeue: true });
    await audit(tx, 'lead.resent', { lead: resent.ID, from: row.Status }, caller);
    return resent;
  });
  return toLead(lead);
}

/** Sends every failed (5) or retrying (-2) delivery now, a batch per transaction; answers how many were queued. */
export async function resendLeads(db: Db, caller: Caller): Promise<{ queued: number }> {
  let queued = 0;
  let afterId = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const failed = await undeliveredLeads(tx, afterId, RESEND_BATCH);
      const resent = await restartDeliveries(tx, failed, caller.user.ID);
      for (const lead of resent)
        enqueueAfterCommit(tx, leadDeliver, { leadId: lead.ID, attempt: 1 }, { requeue: true });
      return { read: failed.length, lastId: failed.at(-1)?.ID ?? afterId, resent: resent.length };
    });
    queued += batch.resent;
    afterId = batch.lastId;
    if (batch.read < RESEND_BATCH) break;
  }
  await audit(db, 'leads.resent', { count: queued }, caller);
  return { queued };
}
