import { mkdirSync, rmSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { type Db, repoRoot } from '@leadmesh/db';
import { type FilterItem, type LeadExport, PRODUCT_KEY } from '@leadmesh/schema';
import { type LeadExportRow, leadExports, leads } from '@leadmesh/schema/tables';
import { and, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { ADMIN_LEAD_LIST_FIELDS } from '../leads/list-fields.ts';
import { buildFilterWhere } from '../list-engine.ts';

/** Where export files live: `${DATA_DIR}/exports/<id>/leads_group_<n>.xlsx`. */
export function exportFolder(dataDir: string, exportId: number): string {
  const base = isAbsolute(dataDir) ? dataDir : resolve(repoRoot, dataDir);
  return join(base, 'exports', String(exportId));
}

export const exportFileName = (group: number) => `leads_group_${group}.xlsx`;

/** The leads an export covers: the selected ids, or every lead the admin list filters match. */
export function exportWhere(row: Pick<LeadExportRow, 'Filters' | 'LeadIDs'>): SQL | undefined {
  const filters = buildFilterWhere(row.Filters as FilterItem[], ADMIN_LEAD_LIST_FIELDS);
  const ids = row.LeadIDs?.length ? inArray(leads.ID, row.LeadIDs) : undefined;
  return filters && ids ? and(filters, ids) : (filters ?? ids);
}

/** One export row as the API answers it. */
export function toLeadExport(row: LeadExportRow): LeadExport {
  return {
    ID: row.ID,
    State: row.State,
    Groups: row.Groups,
    TotalRows: row.TotalRows,
    DoneRows: row.DoneRows,
    Error: row.Error,
    Files:
      row.State === 'done'
        ? Array.from({ length: row.Groups }, (_, i) => ({
            name: exportFileName(i + 1),
            url: `/exports/leads/${row.ID}/${i + 1}`,
          }))
        : [],
    createdAt: row.createdAt.toISOString(),
  };
}

export interface ExportRowValues {
  ID: number;
  Name: string | null;
  Phone: string | null;
  ProductName: string;
}

/** The export's columns (public §9): ID, name, phone, product. */
export const EXPORT_COLUMNS = [
  { header: 'ID', key: 'ID', width: 10 },
  { header: 'Name', key: 'Name', width: 30 },
  { header: 'Phone', key: 'Phone', width: 20 },
  { header: 'Product', key: 'ProductName', width: 30 },
];

/**
 * Reads the export's leads newest first in pages keyed on the id (never an offset, never all at
 * once), calling `onPage` with each page; memory stays one page whatever the size.
 */
export async function forEachExportPage(
  db: Db,
  where: SQL | undefined,
  pageSize: number,
  onPage: (rows: ExportRowValues[]) => Promise<void>,
): Promise<void> {
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const page = await db
      .select({
        ID: leads.ID,
        details: leads.PurchaseDetails,
        Phone: leads.Phone,
        ProductName: leads.ProductName,
      })
      .from(leads)
      .where(where ? and(where, lt(leads.ID, before)) : lt(leads.ID, before))
      .orderBy(desc(leads.ID))
      .limit(pageSize);
    if (page.length === 0) return;
    await onPage(
      page.map((r) => {
        const details = (r.details ?? {}) as Record<string, unknown>;
        const name = details[`${PRODUCT_KEY}-name`];
        const typedPhone = details[`${PRODUCT_KEY}-phone`];
        return {
          ID: r.ID,
          Name: typeof name === 'string' ? name : null,
          Phone: r.Phone ?? (typeof typedPhone === 'string' ? typedPhone : null),
          ProductName: r.ProductName,
        };
      }),
    );
    before = page[page.length - 1].ID;
    if (page.length < pageSize) return;
  }
}

/** Counts an export's leads (for the progress bar and the group sizes). */
export async function countExport(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(leads).where(where);
  return Number(row?.n ?? 0);
}

/** Removes an export's files (a failed run starts again from nothing). */
export function clearExportFolder(dataDir: string, exportId: number): string {
  const folder = exportFolder(dataDir, exportId);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  return folder;
}

export async function loadExport(db: Db, id: number): Promise<LeadExportRow | undefined> {
  const [row] = await db.select().from(leadExports).where(eq(leadExports.ID, id)).limit(1);
  return row;
}
