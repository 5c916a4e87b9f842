import { invoiceCalls, partnerCalls } from '@leadmesh/schema';
import { bindEach } from '../../lib/call.ts';
import * as h from './money.handlers.ts';

/** Credits and invoices: admin only (endpoints.md), so no ownership to declare. */
export const moneyRoutes = [...bindEach(partnerCalls, h), ...bindEach(invoiceCalls, h)];
