import type { DbOrTx } from '@leadmesh/db';
import type { LogLevel } from '@leadmesh/schema';
import { logs } from '@leadmesh/schema/tables';

export interface LogEntry {
  level: LogLevel;
  /** Slash-separated path of where it happened, e.g. 'auth/login'. */
  context: string;
  /** Text with bracketed parameters, e.g. 'Login failed [username:bob]'. */
  text: string;
  userId?: number | null;
  dump?: unknown;
}

/** Writes one entry of the system log that admins read on admin-logs. */
export async function writeLog(db: DbOrTx, entry: LogEntry): Promise<void> {
  await db.insert(logs).values({
    LogLevel: entry.level,
    Context: entry.context,
    Log: entry.text,
    User: entry.userId ?? null,
    Dump: entry.dump === undefined ? null : JSON.stringify(entry.dump, null, 2),
  });
}
