import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { LOG_LEVELS } from '../constants/catalogue.ts';
import { logs } from '../tables/logs.ts';
import { defineCall } from './define.ts';
import {
  aliasedListQuery,
  byIdRequest,
  emptyBody,
  isoDateSchema,
  limitSchema,
  listAnswer,
} from './fields.ts';

const logRow = createSelectSchema(logs);

/** A log entry (public §3); the dump itself is fetched with getLogDump when LogDumpPresent. */
export const logEntrySchema = logRow.pick({ ID: true, User: true, Log: true, Context: true }).extend({
  createdAt: isoDateSchema,
  LogLevel: z.literal(LOG_LEVELS.map((l) => l.level)),
  LogLevelName: z.literal(LOG_LEVELS.map((l) => l.name)),
  LogDumpPresent: z.boolean(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/** The system log (admin-logs screen). */
export const logCalls = {
  getLogDump: defineCall({
    path: '/logs/getLogDump',
    method: 'POST',
    summary: 'The debug dump (JSON text) of one log entry',
    spec: 'P',
    callers: ['admin'],
    request: byIdRequest,
    response: z.object({ ID: z.number().int(), Dump: z.string() }),
  }),
  getLogs: defineCall({
    path: '/logs/getLogs',
    method: 'POST',
    summary: 'Log entries, newest first (filters, 100 a page)',
    spec: 'P',
    callers: ['admin'],
    request: z.object({ ...aliasedListQuery, limit: limitSchema }),
    response: listAnswer(logEntrySchema),
  }),
  removeAllLogs: defineCall({
    path: '/logs/removeAllLogs',
    method: 'POST',
    summary: 'Delete every log entry',
    spec: 'P',
    callers: ['admin'],
    request: emptyBody,
    response: z.null(),
  }),
};
