import { z } from 'zod';
import { isoDateSchema } from './fields.ts';

/** How an owner's endpoint stands (decision 0037): answering, failing (its breaker counts), or disabled. */
export const ENDPOINT_STATES = ['ok', 'failing', 'disabled'] as const;
export type EndpointState = (typeof ENDPOINT_STATES)[number];

/**
 * The health of one postback's receiver or one CRM, beside it in its owner's list (issue 17;
 * decision 0037). Read from the endpoint's lane (decision 0035) and the row's disabled mark.
 */
export const endpointHealthSchema = z.object({
  state: z.enum(ENDPOINT_STATES),
  /** First failure of the current run of failures (kept while disabled). */
  failingSince: isoDateSchema.nullable(),
  lastError: z.string().nullable(),
  /** When the next delivery will be tried (an open breaker's probe); null when not known or disabled. */
  nextTryAt: isoDateSchema.nullable(),
  disabledAt: isoDateSchema.nullable(),
  disabledReason: z.string().nullable(),
});
export type EndpointHealthView = z.infer<typeof endpointHealthSchema>;
