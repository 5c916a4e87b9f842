import { defineCall, isoDateSchema } from '@leadmesh/schema';
import { z } from 'zod';
import { serverLeadSchema } from './intake.input.ts';

/** A server's lead is a few fields; anything larger is refused before it is read whole. */
export const SERVER_BODY_LIMIT = 64 * 1024;

const leadStatusFields = {
  ID: z.number().int(),
  Status: z.number().int(),
  StatusName: z.string(),
  BlockedReason: z.string().nullable(),
};

/** Intake from partners' servers (machine routes, decisions 0009 and 0077): an API token is the credential. */
export const intakeCalls = {
  sendLead: defineCall({
    path: '/intake/leads',
    method: 'POST',
    credential: 'apiToken',
    tokenFlag: 'canSendLeads',
    body: 'json',
    bodyLimit: SERVER_BODY_LIMIT,
    callers: [],
    spec: 'decisions 0009, 0011',
    summary: 'A lead from a server holding an API token with canSendLeads',
    request: serverLeadSchema,
    response: z.object({ ...leadStatusFields, replayed: z.boolean() }),
  }),
  leadStatus: defineCall({
    path: '/intake/leads/{id}',
    method: 'GET',
    credential: 'apiToken',
    tokenFlag: 'canReadLeads',
    callers: [],
    spec: 'decision 0011',
    summary: 'Where a lead of the token’s user stands (API token with canReadLeads)',
    // Any text: an id that is not decimal digits is answered as an unknown lead (404), not as a mistake.
    request: z.object({ id: z.string().max(10_000) }),
    response: z.object({
      ...leadStatusFields,
      BoundOffer: z.number().int(),
      createdAt: isoDateSchema,
      updatedAt: isoDateSchema,
    }),
  }),
};
