import type { DeliveryLead } from '@leadmesh/crm/server';
import { PRODUCT_KEY } from '@leadmesh/schema';
import type { LeadRow, OfferRow } from '@leadmesh/schema/tables';

/** '29,90 EUR', '3990 RSD', '1.299,00 EUR' → amount and currency (null when unreadable). */
export function parsePrice(text: string): { price: number | null; currency: string | null } {
  const match = /^\s*([\d.,\s]+?)\s*([A-Za-z]{3})?\s*$/.exec(text ?? '');
  if (!match) return { price: null, currency: null };
  let digits = match[1].replace(/\s/g, '');
  const lastComma = digits.lastIndexOf(',');
  const lastDot = digits.lastIndexOf('.');
  // The last separator followed by 1-2 digits is the decimal one; the others group thousands.
  const decimal = Math.max(lastComma, lastDot);
  if (decimal >= 0 && digits.length - decimal - 1 <= 2) {
    digits = `${digits.slice(0, decimal).replace(/[.,]/g, '')}.${digits.slice(decimal + 1)}`;
  } else {
    digits = digits.replace(/[.,]/g, '');
  }
  const price = Number(digits);
  return {
    price: Number.isFinite(price) ? price : null,
    currency: match[2] ? match[2].toUpperCase() : null,
  };
}

const detail = (details: Record<string, unknown>, key: string): string | null => {
  const value = details[`${PRODUCT_KEY}-${key}`];
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() || null : null;
};

/** The lead as adapters send it, from its row and its offer's. */
export function deliveryLead(
  lead: LeadRow,
  offer: Pick<OfferRow, 'ID' | 'OfferName' | 'OfferProductName' | 'OfferProductPrice' | 'CRMID'>,
): DeliveryLead {
  const details = (lead.PurchaseDetails ?? {}) as Record<string, unknown>;
  const quantity = Number(detail(details, 'quantity') ?? 1);
  const subs: Record<string, string> = {};
  for (const key of ['uid', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'stclickid']) {
    const value = detail(details, key);
    if (value) subs[key] = value.slice(0, 200);
  }
  const { price, currency } = parsePrice(offer.OfferProductPrice);
  return {
    id: lead.ID,
    name: (detail(details, 'name') ?? '').slice(0, 200) || 'Unknown',
    phone: lead.Phone ?? detail(details, 'phone') ?? '',
    ip: lead.PurchaseIP,
    countryCode: lead.CountryCode,
    city: lead.City,
    domain: lead.PurchaseDomain,
    offerId: offer.ID,
    offerName: lead.OfferName || offer.OfferName,
    productName: lead.ProductName || offer.OfferProductName,
    articleId: offer.CRMID,
    quantity: Number.isInteger(quantity) && quantity > 0 && quantity < 1000 ? quantity : 1,
    price,
    currency,
    subs,
    createdAt: lead.createdAt,
  };
}
