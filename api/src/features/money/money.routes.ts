import { invoiceCalls, partnerCalls } from '@leadmesh/schema';
import { bind } from '../../lib/call.ts';
import * as h from './money.handlers.ts';

/** Credits and invoices: admin only (endpoints.md), so no ownership to declare. */
export const moneyRoutes = [
  bind(partnerCalls.setCreditBalance, h.setCreditBalance),
  bind(partnerCalls.setCreditBalanceDynamic, h.setCreditBalanceDynamic),
  bind(invoiceCalls.createInvoice, h.createInvoice),
  bind(invoiceCalls.markInvoicePaid, h.markInvoicePaid),
  bind(invoiceCalls.getAllInvoices, h.getAllInvoices),
];
