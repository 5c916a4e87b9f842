import { ApiError, type Caller, notFound } from '@leadmesh/core';
import type { Db, DbOrTx } from '@leadmesh/db';
import { type FilterItem, type Invoice, MESSAGES } from '@leadmesh/schema';
import { INVOICE_LIST } from '@leadmesh/schema/constants';
import { advertisers, invoices } from '@leadmesh/schema/tables';
import { desc, eq, sql } from 'drizzle-orm';
import { buildFilterWhere, listWhitelist, pageOf } from '../../lib/list-engine.ts';
import { audit } from '../../lib/logs.ts';
import { moveCredit } from './credits.service.ts';

const invoiceColumns = {
  invoice: invoices,
  CompanyName: advertisers.CompanyName,
};

function toInvoice(row: { invoice: typeof invoices.$inferSelect; CompanyName: string }): Invoice {
  const { invoice } = row;
  return {
    ID: invoice.ID,
    InvoiceID: invoice.InvoiceID,
    BoundAdvertiser: invoice.BoundAdvertiser,
    Name: invoice.Name,
    Amount: invoice.Amount,
    isPaid: invoice.isPaid,
    createdAt: invoice.createdAt.toISOString(),
    Advertiser: { CompanyName: row.CompanyName },
  };
}

/** What the log says of an invoice, created or paid. */
const invoiceFacts = (invoice: typeof invoices.$inferSelect) => ({
  invoice: invoice.ID,
  advertiser: invoice.BoundAdvertiser,
  cents: invoice.Amount,
});

async function loadInvoice(db: DbOrTx, id: number): Promise<Invoice> {
  const [row] = await db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(advertisers, eq(advertisers.ID, invoices.BoundAdvertiser))
    .where(eq(invoices.ID, id))
    .limit(1);
  if (!row) throw notFound('Invoice not found');
  return toInvoice(row);
}

/**
 * An unpaid invoice to an advertiser (admin §2 Create invoice); no money moves until it is paid.
 * An advertiser without TAX and VAT numbers cannot be invoiced ('Failed to create an invoice!',
 * with the hint the screen shows).
 */
export async function createInvoice(
  db: Db,
  caller: Caller,
  input: { BoundAdvertiser: number; Amount: number },
): Promise<Invoice> {
  const id = await db.transaction(async (tx) => {
    const [advertiser] = await tx
      .select()
      .from(advertisers)
      .where(eq(advertisers.ID, input.BoundAdvertiser))
      .limit(1);
    if (!advertiser) throw notFound('Failed to find advertiser!');
    if (!advertiser.TaxVatNumber?.Tax?.trim() || !advertiser.TaxVatNumber?.Vat?.trim()) {
      throw new ApiError('TAX_VAT_MISSING', {
        field: 'BoundAdvertiser',
        message: `${MESSAGES.failedCreateInvoice} The advertiser may be missing TAX/VAT numbers.`,
      });
    }
    const year = new Date().getUTCFullYear();
    const [last] = await tx
      .select({ n: sql<number>`count(*)` })
      .from(invoices)
      .where(sql`${invoices.InvoiceID} like ${`LM-${year}-%`}`);
    const [row] = await tx
      .insert(invoices)
      .values({
        InvoiceID: `LM-${year}-${String(Number(last?.n ?? 0) + 1).padStart(5, '0')}`,
        BoundAdvertiser: advertiser.ID,
        Name: 'Lead generation services',
        Amount: input.Amount,
      })
      .returning();
    await audit(tx, 'invoice.created', invoiceFacts(row), caller);
    return row.ID;
  });
  return loadInvoice(db, id);
}

/** Marks an invoice paid and credits the advertiser with its amount, once (a second call is a conflict). */
export async function markInvoicePaid(
  db: Db,
  caller: Caller,
  input: { ID: number; countAsReferral: boolean },
): Promise<Invoice> {
  await db.transaction(async (tx) => {
    const claimed = await tx
      .update(invoices)
      .set({ isPaid: true })
      .where(sql`${invoices.ID} = ${input.ID} and ${invoices.isPaid} = 0`)
      .returning();
    if (claimed.length === 0) {
      const [exists] = await tx
        .select({ ID: invoices.ID })
        .from(invoices)
        .where(eq(invoices.ID, input.ID))
        .limit(1);
      if (!exists) throw notFound('Invoice not found');
      throw new ApiError('CONFLICT', { message: 'This invoice is already paid' });
    }
    const invoice = claimed[0];
    await moveCredit(tx, caller, {
      advertiserID: invoice.BoundAdvertiser,
      amount: invoice.Amount,
      countAsReferral: input.countAsReferral,
      Comment: `Invoice ${invoice.InvoiceID}`,
      code: 'invoice_paid',
      invoiceId: invoice.ID,
      key: `invoice:${invoice.ID}:paid`,
    });
    await audit(tx, 'invoice.paid', invoiceFacts(invoice), caller);
  });
  return loadInvoice(db, input.ID);
}

/** Filter whitelist of admin-invoices. */
export const INVOICE_LIST_FIELDS = listWhitelist(INVOICE_LIST, {
  ID: invoices.ID,
  InvoiceID: invoices.InvoiceID,
  BoundAdvertiser: invoices.BoundAdvertiser,
  Advertiser: advertisers.CompanyName,
  Amount: invoices.Amount,
  isPaid: invoices.isPaid,
  createdAt: invoices.createdAt,
});

export async function listInvoices(
  db: Db,
  input: { offset: number; filters: FilterItem[] },
): Promise<Invoice[]> {
  const page = pageOf(input.offset, undefined);
  const rows = await db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(advertisers, eq(advertisers.ID, invoices.BoundAdvertiser))
    .where(buildFilterWhere(input.filters, INVOICE_LIST_FIELDS))
    .orderBy(desc(invoices.ID))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toInvoice);
}
