import { defineCall } from '@leadmesh/schema';
import { z } from 'zod';

/** The sub ids a tracking link keeps from its query (longer values are cut). */
export const SUB_IDS = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'stclickid'] as const;
export const MAX_SUB_ID = 200;

/**
 * The tracking link on the sites server (decisions 0011 and 0078). Declared like every call, for
 * the docs and the authorization matrix, but answered by its own handler in sites.app.ts: it is
 * the hottest route, and the bound pipeline's query parsing and validation would cost it speed.
 */
export const trackingCalls = {
  trackingLink: defineCall({
    path: '/t/{trackingCode}',
    method: 'GET',
    credential: 'none',
    answer: 'redirect',
    callers: [],
    spec: 'decisions 0011, 0078',
    summary: 'Tracking link: records a click and redirects to the first page of the taken offer',
    description:
      'The unguessable tracking code is all it needs. Keeps c1..c6 and stclickid (at most 200 characters each). Answers 302 to the prelanding (else the landing) with `?click={ClickKey}.{HMAC}` and sets the first-party `lm_click` cookie (45 days, path /o/{code}/); the click is written in a batch after the answer. 404 (a page) for an unknown code or a taken offer without pages, 410 for a deleted one.',
    request: z.object({
      trackingCode: z.string(),
      ...Object.fromEntries(SUB_IDS.map((name) => [name, z.string().optional()])),
    }),
    response: z.unknown(),
  }),
};
