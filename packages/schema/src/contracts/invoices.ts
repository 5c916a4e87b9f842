import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { MESSAGES } from '../constants/errors.ts';
import { invoices } from '../tables/invoices.ts';
import { defineCall } from './define.ts';
import { aliasedListQuery, boundedCents, idSchema, isoDateSchema, listAnswer } from './fields.ts';

const invoiceRow = createSelectSchema(invoices);

/** An invoice to an advertiser (public §3); Amount in cents, Name is the invoiced article. */
export const invoiceSchema = invoiceRow
  .pick({ ID: true, InvoiceID: true, BoundAdvertiser: true, Name: true, isPaid: true })
  .extend({
    createdAt: isoDateSchema,
    Amount: z.number().int().describe('Invoiced amount in cents'),
    Advertiser: z.object({ CompanyName: z.string() }),
  });
export type Invoice = z.infer<typeof invoiceSchema>;

/** Invoices to advertisers (admin advertisers list, admin-invoices screen). */
export const invoiceCalls = {
  createInvoice: defineCall({
    path: '/invoices/createInvoice',
    method: 'POST',
    summary: 'Create an invoice to an advertiser (fails when the advertiser has no TAX/VAT numbers)',
    spec: 'A',
    callers: ['admin'],
    request: z.object({
      BoundAdvertiser: idSchema,
      Amount: boundedCents(MESSAGES.invoiceAmountNotNumber)
        .positive(MESSAGES.invoiceAmountNotPositive)
        .describe('Amount in cents'),
    }),
    response: invoiceSchema,
  }),
  getAllInvoices: defineCall({
    path: '/invoices/getAllInvoices',
    method: 'POST',
    summary: 'Invoices list (filters, 20 a page)',
    spec: 'P',
    callers: ['admin'],
    request: z.object(aliasedListQuery),
    response: listAnswer(invoiceSchema),
  }),
  /**
   * Not in the spec's list: the review's decision for "paid or not". Marking an invoice paid
   * credits the advertiser with its amount (one ledger transfer, counted as referral by default).
   */
  markInvoicePaid: defineCall({
    path: '/invoices/markInvoicePaid',
    method: 'POST',
    summary: "Mark an invoice paid: the advertiser's credit grows by its amount (once)",
    spec: 'A (review decision)',
    callers: ['admin'],
    request: z.object({ ID: idSchema, countAsReferral: z.boolean().default(true) }),
    response: invoiceSchema,
  }),
};
