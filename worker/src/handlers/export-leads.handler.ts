import { join } from 'node:path';
import {
  clearExportFolder,
  countExport,
  EXPORT_COLUMNS,
  exportFileName,
  exportWhere,
  forEachExportPage,
  loadExport,
} from '@leadmesh/core';
import type { exportLeads } from '@leadmesh/jobs';
import { leadExports } from '@leadmesh/schema/tables';
import { UnrecoverableError } from 'bullmq';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { JobRun, WorkerContext } from '../context.ts';

const PAGE = 5_000;
/** Uncompressed bytes a sheet may have waiting for the compressor before the next page is read. */
const BACKLOG_BYTES = 4 * 2 ** 20;

/**
 * ExcelJS's streaming writer ignores backpressure: when the database reads faster than zlib
 * compresses, the rows pile up uncompressed in the zip entry's buffer (hundreds of MB for a million
 * leads). Waiting for that buffer after each page keeps the worker's memory flat (bench/export.ts).
 */
async function compressorCaughtUp(sheet: ExcelJS.Worksheet | null): Promise<void> {
  // The zip entry's stream comes from readable-stream 2, which has no `writableLength` getter.
  type Pipe = { _writableState?: { length?: number } };
  const pipes = (sheet as unknown as { stream?: { pipes?: Pipe[] } } | null)?.stream?.pipes ?? [];
  const backlog = () => pipes.reduce((sum, pipe) => sum + (pipe._writableState?.length ?? 0), 0);
  while (backlog() > BACKLOG_BYTES) await new Promise((resolve) => setTimeout(resolve, 2));
}

/**
 * Writes a lead export into N xlsx files (leads_group_1.xlsx ... N), streaming: leads are read a
 * page at a time by id and each row is committed to the file as it is written, so memory stays
 * flat for a million leads. Progress is saved on the row after every page. A retry starts again
 * from an empty folder; a finished export is never written twice.
 */
export async function runExportLeads(
  payload: z.output<typeof exportLeads.schema>,
  ctx: WorkerContext,
  run: JobRun = { attempt: 1, isLastAttempt: false },
): Promise<void> {
  const row = await loadExport(ctx.db, payload.exportId);
  if (!row) throw new UnrecoverableError(`export ${payload.exportId} does not exist`);
  if (row.State === 'done') return;
  const where = exportWhere(row);
  try {
    const total = await countExport(ctx.db, where);
    await ctx.db
      .update(leadExports)
      .set({ State: 'running', TotalRows: total, DoneRows: 0, Error: null })
      .where(eq(leadExports.ID, row.ID));
    const folder = clearExportFolder(ctx.env.DATA_DIR, row.ID);
    const perGroup = Math.max(1, Math.ceil(total / row.Groups));
    let group = 0;
    let inGroup = 0;
    let done = 0;
    let book: ExcelJS.stream.xlsx.WorkbookWriter | null = null;
    let sheet: ExcelJS.Worksheet | null = null;
    const open = () => {
      group++;
      book = new ExcelJS.stream.xlsx.WorkbookWriter({
        filename: join(folder, exportFileName(group)),
        useStyles: false,
        useSharedStrings: false,
      });
      sheet = book.addWorksheet('Leads');
      sheet.columns = EXPORT_COLUMNS;
      inGroup = 0;
    };
    const close = async () => {
      if (!book || !sheet) return;
      sheet.commit();
      await book.commit();
      book = null;
      sheet = null;
    };
    open();
    await forEachExportPage(ctx.db, where, PAGE, async (rows) => {
      for (const values of rows) {
        if (inGroup >= perGroup && group < row.Groups) {
          await close();
          open();
        }
        (sheet as unknown as ExcelJS.Worksheet).addRow(values).commit();
        inGroup++;
      }
      done += rows.length;
      await ctx.db.update(leadExports).set({ DoneRows: done }).where(eq(leadExports.ID, row.ID));
      await compressorCaughtUp(sheet);
    });
    await close();
    // Every group has its file, also when there were fewer leads than groups.
    while (group < row.Groups) {
      open();
      await close();
    }
    await ctx.db
      .update(leadExports)
      .set({ State: 'done', DoneRows: done, finishedAt: new Date() })
      .where(eq(leadExports.ID, row.ID));
  } catch (error) {
    await ctx.db
      .update(leadExports)
      .set({
        State: run.isLastAttempt ? 'failed' : 'queued',
        Error: String((error as Error).message).slice(0, 500),
      })
      .where(eq(leadExports.ID, row.ID));
    throw error;
  }
}
