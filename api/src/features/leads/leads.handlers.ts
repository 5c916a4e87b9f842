import { LEAD_STATUS_NAMES, type leadCalls } from '@leadmesh/schema';
import type { CallHandler } from '../../lib/call.ts';

type Calls = typeof leadCalls;

/** The status names of dashboards §4; the same for every caller, so BoundUser/BoundAdvertiser change nothing. */
export const getStatusCodes: CallHandler<Calls['getStatusCodes']> = async () =>
  Object.fromEntries(Object.entries(LEAD_STATUS_NAMES).map(([code, name]) => [String(code), name]));
