/**
 * The lead export on a large world (issue 11): the worker's handler writes every lead into N xlsx
 * files in a process of its own, while the process samples its own memory. "Flat" means the peak
 * resident memory of the second half of the rows is within {@link FLAT_GROWTH} of the first
 * half's: memory does not grow with the rows written (it streams, it never holds the result).
 *
 * `scripts/bench.ts` calls {@link benchExport}; alone: `npx tsx bench/export.ts <DATABASE_URL> [groups]`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Growth of the second half's peak memory over the first half's that still counts as flat. */
export const FLAT_GROWTH = 0.1;

export interface ExportBenchResult {
  rows: number;
  groups: number;
  seconds: number;
  rowsPerSecond: number;
  /** Peak resident memory while writing the first and the second half of the rows, in MB. */
  firstHalfPeakMb: number;
  secondHalfPeakMb: number;
  growth: number;
  bytesWritten: number;
}

const root = fileURLToPath(new URL('../', import.meta.url));

/** Runs the export in a child process (so the bench's own memory does not count) and answers what it measured. */
export function benchExport(options: { databaseUrl: string; groups?: number }): Promise<ExportBenchResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'bench/export.ts'), options.databaseUrl, String(options.groups ?? 4)],
      { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) reject(new Error(`export bench exited with ${code}: ${out}`));
      else resolve(JSON.parse(line) as ExportBenchResult);
    });
  });
}

async function runInThisProcess(databaseUrl: string, groups: number): Promise<ExportBenchResult> {
  const { createDb } = await import('@leadmesh/db');
  const { leadExports } = await import('@leadmesh/schema/tables');
  const { eq } = await import('drizzle-orm');
  const { runExportLeads } = await import('../worker/src/handlers/export-leads.handler.ts');
  const handle = await createDb({ url: databaseUrl });
  const dataDir = mkdtempSync(join(tmpdir(), 'leadmesh-bench-export-'));
  const { users } = await import('@leadmesh/schema/tables');
  const [admin] = await handle.db
    .select({ ID: users.ID })
    .from(users)
    .where(eq(users.isAdmin, true))
    .limit(1);
  const [row] = await handle.db
    .insert(leadExports)
    .values({ CreatedBy: admin.ID, Filters: [], LeadIDs: null, Groups: groups })
    .returning();
  const mb = () => process.memoryUsage().rss / 2 ** 20;
  const peaks = [0, 0];
  const sampler = setInterval(async () => {
    const [progress] = await handle.db
      .select({ done: leadExports.DoneRows, total: leadExports.TotalRows })
      .from(leadExports)
      .where(eq(leadExports.ID, row.ID));
    if (!progress?.total) return;
    const half = progress.done * 2 < progress.total ? 0 : 1;
    peaks[half] = Math.max(peaks[half], mb());
  }, 100);
  const started = performance.now();
  try {
    await runExportLeads({ exportId: row.ID }, {
      env: { DATA_DIR: dataDir },
      db: handle.db,
    } as unknown as Parameters<typeof runExportLeads>[1]);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const [done] = await handle.db.select().from(leadExports).where(eq(leadExports.ID, row.ID));
    if (done.State !== 'done') throw new Error(`export ended in ${done.State}: ${done.Error}`);
    let bytesWritten = 0;
    for (let group = 1; group <= groups; group++) {
      bytesWritten += statSync(join(dataDir, 'exports', String(row.ID), `leads_group_${group}.xlsx`)).size;
    }
    peaks[1] = Math.max(peaks[1], mb());
    return {
      rows: done.DoneRows,
      groups,
      seconds,
      rowsPerSecond: done.DoneRows / seconds,
      firstHalfPeakMb: peaks[0],
      secondHalfPeakMb: peaks[1],
      growth: peaks[0] ? peaks[1] / peaks[0] - 1 : Number.NaN,
      bytesWritten,
    };
  } finally {
    clearInterval(sampler);
    await handle.db.delete(leadExports).where(eq(leadExports.ID, row.ID));
    handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const databaseUrl = process.argv[2];
  if (!databaseUrl) throw new Error('usage: npx tsx bench/export.ts <DATABASE_URL> [groups]');
  const result = await runInThisProcess(databaseUrl, Number(process.argv[3] ?? 4));
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}
