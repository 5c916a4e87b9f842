import { defineCall } from '@leadmesh/schema';
import { z } from 'zod';

const DESCRIPTION =
  'Authenticated by the per-CRM secret token in the URL (from /partners/getCRMIntegrationLink), and by what the CRM signs: Scale CRM an X-Signature (hex HMAC-SHA256 of the raw body with the postback secret), bitrix24 its auth[application_token] (the outbound token). A callback already applied is a no-op; a lead that is not this CRM’s is refused (404). Status mapping per CRM: docs/decisions/0012-crm-delivery.md.';

const CALLBACK_OUTCOMES = ['applied', 'ignored', 'queued', 'duplicate'] as const;
export type CallbackOutcome = (typeof CALLBACK_OUTCOMES)[number];

/** The path's parameters; what else the CRM sends is its parser's to read (packages/crm). */
const pathParams = { crmId: z.string(), token: z.string() };

/** A CRM's status callback to us (machine routes, decisions 0009, 0012 and 0077): its callback token is the credential. */
export const crmCallbackCalls = {
  statusPostback: defineCall({
    path: '/crm/{crmId}/callback/{token}',
    method: 'GET',
    credential: 'crmToken',
    answer: 'text',
    callers: [],
    spec: 'decisions 0009, 0012',
    summary: 'CRM status postback (LeadVertex, KMA): query parameters; answers plain text OK',
    description: DESCRIPTION,
    request: z
      .object({
        ...pathParams,
        id: z.string().optional(),
        order: z.string().optional(),
        status: z.string().optional(),
        externalID: z.string().optional(),
        data1: z.string().optional(),
      })
      .catchall(z.string()),
    response: z.literal('OK'),
  }),
  statusCallback: defineCall({
    path: '/crm/{crmId}/callback/{token}',
    method: 'POST',
    credential: 'crmToken',
    body: ['json', 'form'],
    callers: [],
    spec: 'decisions 0009, 0012',
    summary:
      'CRM status callback (bitrix24 outgoing webhook as a form, Scale CRM signed JSON): answers the envelope',
    description: DESCRIPTION,
    request: z.object(pathParams).catchall(z.unknown()),
    response: z.object({
      outcome: z.enum(CALLBACK_OUTCOMES).describe('queued: bitrix24, whose status is fetched by the worker'),
      message: z.string().optional(),
      leadStatus: z.number().int().optional(),
    }),
  }),
};
