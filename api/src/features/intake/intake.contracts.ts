import { defineCall, isoDateSchema } from '@leadmesh/schema';
import { z } from 'zod';
import { landingOrderSchema, serverLeadSchema } from './intake.input.ts';

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

/** Orders are small: a form's fields, never files. */
export const ORDER_BODY_LIMIT = 64 * 1024;

const landingOrder = {
  method: 'POST',
  credential: 'signedClick',
  body: ['json', 'form', 'multipart'],
  bodyLimit: ORDER_BODY_LIMIT,
  strictContentType: true,
  callers: [],
  spec: 'decisions 0009, 0011, 0078',
  description:
    'Fields: name, phone, quantity, uid, c1..c6, stclickid; any other field is kept as GenericData. One lead per click and phone (a double submit answers the same lead); blocked leads answer like accepted ones. A JSON caller (a JSON body or Accept: application/json) gets where the buyer goes next and its refusals in the envelope; a plain form post is redirected (303) to the thank-you page and its refusals are pages. 404/410 when the taken offer is unknown, deleted or has no landing.',
  request: landingOrderSchema,
  response: z.object({ redirect: z.string() }),
} as const;

/**
 * The landings' orders on the sites server (decisions 0011 and 0078): a click signed by the
 * tracking link for this taken offer is the credential (`click` in the body, else the `lm_click`
 * cookie a plain form post carries).
 */
export const landingOrderCalls = {
  scriptOrder: defineCall({
    ...landingOrder,
    path: '/o/{trackingCode}/_lm/order',
    summary: 'The landing’s order, sent by the page script (same origin)',
  }),
  formOrder: defineCall({
    ...landingOrder,
    path: '/o/{trackingCode}/landing/{pagePath}',
    summary: 'A plain form’s order, posted to its landing page',
  }),
};
