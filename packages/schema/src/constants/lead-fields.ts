import type { FilterFieldSpec } from './filters.ts';
import { BLOCKED_REASONS } from './lead-status.ts';
import { ADMIN_LEAD_LIST, ADVERTISER_LEAD_LIST, listFilterFields, PUBLISHER_LEAD_LIST } from './lists.ts';

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

/** Filterable fields of the publisher's leads (publisher-leads), from the list's declaration. */
export const PUBLISHER_LEAD_FILTER_FIELDS: readonly FilterFieldSpec[] = listFilterFields(PUBLISHER_LEAD_LIST);

/** Filterable fields of the advertiser's leads (advertiser-leads). */
export const ADVERTISER_LEAD_FILTER_FIELDS: readonly FilterFieldSpec[] =
  listFilterFields(ADVERTISER_LEAD_LIST);

/** Filterable fields of admin-leads and admin-blockedLeads. */
export const ADMIN_LEAD_FILTER_FIELDS: readonly FilterFieldSpec[] = listFilterFields(ADMIN_LEAD_LIST);
