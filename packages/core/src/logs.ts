import type { DbOrTx } from '@leadmesh/db';
import type { LogLevel } from '@leadmesh/schema';
import { logs } from '@leadmesh/schema/tables';

export interface LogEntry {
  level: LogLevel;
  /** Slash-separated path of where it happened, e.g. 'auth/login'. */
  context: string;
  /** Text with bracketed parameters, e.g. 'Login failed [username:bob]'; user text goes through `logValue`. */
  text: string;
  userId?: number | null;
  dump?: unknown;
}

const LOG_TEXT_MAX = 2000;
const LOG_DUMP_MAX = 64 * 1024;

/**
 * Text a user controls (a username, a header) made safe for a log line: control characters,
 * bidi overrides and the brackets that delimit parameters are escaped, and the length capped,
 * so it can neither forge another line or parameter nor fill the table.
 */
export function logValue(value: unknown, max = 120): string {
  const text = String(value ?? '');
  const escaped = text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped here
    /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069[\]]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return escaped.length > max ? `${escaped.slice(0, max)}…(${text.length} chars)` : escaped;
}

/** Writes one entry of the system log that admins read on admin-logs. */
export async function writeLog(db: DbOrTx, entry: LogEntry): Promise<void> {
  const dump = entry.dump === undefined ? null : JSON.stringify(entry.dump, null, 2);
  await db.insert(logs).values({
    LogLevel: entry.level,
    Context: entry.context.slice(0, 200),
    Log: entry.text.slice(0, LOG_TEXT_MAX),
    User: entry.userId ?? null,
    Dump: dump && dump.length > LOG_DUMP_MAX ? `${dump.slice(0, LOG_DUMP_MAX)}\n…(truncated)` : dump,
  });
}
