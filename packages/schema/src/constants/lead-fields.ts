import type { FilterFieldSpec } from './filters.ts';
import { BLOCKED_REASONS, LEAD_STATUS_CODES, LEAD_STATUS_NAMES } from './lead-status.ts';

/** The money withdrawn column's labels (dashboards §4). */
export const MONEY_WITHDRAWN_LABELS = ['Yes', 'No', 'Not eligible'] as const;
export type MoneyWithdrawnLabel = (typeof MONEY_WITHDRAWN_LABELS)[number];

/** Yes if the money was withdrawn; otherwise No if the publisher was paid; otherwise Not eligible. */
export function moneyWithdrawnLabel(lead: {
  LeadMoneyWithdrawn: boolean;
  PublisherPaid: boolean;
}): MoneyWithdrawnLabel {
  if (lead.LeadMoneyWithdrawn) return 'Yes';
  return lead.PublisherPaid ? 'No' : 'Not eligible';
}

/** The label of a blocked reason code (BLOCKED_REASONS); an unknown code is shown as it is. */
export function blockedReasonLabel(code: string | null): string | null {
  if (code === null) return null;
  return Object.hasOwn(BLOCKED_REASONS, code) ? BLOCKED_REASONS[code as keyof typeof BLOCKED_REASONS] : code;
}

const STATUS_OPTIONS = LEAD_STATUS_CODES.map((code) => ({ value: code, label: LEAD_STATUS_NAMES[code] }));
const BLOCKED_OPTIONS = Object.entries(BLOCKED_REASONS).map(([value, label]) => ({ value, label }));

/**
 * Filterable fields of the publisher's leads (publisher-leads). `ID` is the lead id the `?ID=` link
 * sets; `createdAt` (alias `Date`) takes the date operators; `Status` also takes `in`.
 */
export const PUBLISHER_LEAD_FILTER_FIELDS: readonly FilterFieldSpec[] = [
  { name: 'ID', friendlyName: 'ID', type: 'number' },
  { name: 'Status', friendlyName: 'Status', type: 'number', options: STATUS_OPTIONS },
  { name: 'createdAt', friendlyName: 'Date', type: 'date' },
  { name: 'OfferName', friendlyName: 'Offer name', type: 'string' },
  { name: 'ProductName', friendlyName: 'Product name', type: 'string' },
  { name: 'BoundOffer', friendlyName: 'Offer ID', type: 'number' },
  { name: 'PurchaseDomain', friendlyName: 'Domain', type: 'string' },
  { name: 'CountryCode', friendlyName: 'Country', type: 'string' },
  { name: 'City', friendlyName: 'City', type: 'string' },
  { name: 'PurchaseIsPhone', friendlyName: 'From a phone', type: 'boolean' },
  { name: 'PurchaseLeadType', friendlyName: 'Lead type', type: 'string' },
  { name: 'LeadMoneyWithdrawn', friendlyName: 'Money withdrawn', type: 'boolean' },
  { name: 'PublisherPaid', friendlyName: 'Publisher paid', type: 'boolean' },
  { name: 'FriendlyName', friendlyName: 'Taken offer', type: 'string' },
  { name: 'BlockedReason', friendlyName: 'Blocked reason', type: 'string', options: BLOCKED_OPTIONS },
];

/** Filterable fields of the advertiser's leads (advertiser-leads; blocked leads never reach them). */
export const ADVERTISER_LEAD_FILTER_FIELDS: readonly FilterFieldSpec[] = PUBLISHER_LEAD_FILTER_FIELDS.filter(
  (f) => !['LeadMoneyWithdrawn', 'PublisherPaid', 'FriendlyName', 'BlockedReason'].includes(f.name),
).concat([{ name: 'AdvertiserPaid', friendlyName: 'Paid', type: 'boolean' }]);

/** Filterable fields of admin-leads and admin-blockedLeads. */
export const ADMIN_LEAD_FILTER_FIELDS: readonly FilterFieldSpec[] = [
  ...PUBLISHER_LEAD_FILTER_FIELDS,
  { name: 'BoundUser', friendlyName: 'Publisher ID', type: 'number' },
  { name: 'BoundAdvertiser', friendlyName: 'Advertiser ID', type: 'number' },
  { name: 'PurchaseIP', friendlyName: 'IP', type: 'string' },
  { name: 'CRMType', friendlyName: 'CRM', type: 'string' },
  { name: 'BoundCRM', friendlyName: 'CRM ID', type: 'number' },
  { name: 'AdvertiserPaid', friendlyName: 'Advertiser paid', type: 'boolean' },
];
