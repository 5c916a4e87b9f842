import { defineCall } from '@leadmesh/schema';
import { z } from 'zod';

export const EXPORT_FILE_MISSING = 'No such export file';

/** The files of a finished export (decisions 0009 and 0078): an admin's session, no other caller learns one exists. */
export const exportFileCalls = {
  exportFile: defineCall({
    path: '/exports/leads/{id}/{n}',
    method: 'GET',
    credential: 'session',
    callers: ['admin'],
    refuseAsMissing: EXPORT_FILE_MISSING,
    answer: 'file',
    spec: 'decisions 0009, 0078',
    summary: 'One file (group n) of a finished lead export, as .xlsx',
    description:
      'Everyone but an admin gets the same 404 as for a file that is not there, so an export’s existence is not told.',
    // Any text: ids that are not whole numbers name no file (404, as for everyone else), not a mistake.
    request: z.object({ id: z.string(), n: z.string() }),
    response: z.unknown(),
  }),
};
