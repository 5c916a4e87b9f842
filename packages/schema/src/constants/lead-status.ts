/** Lead status codes of the spec (dashboards §4). Colours: -1/-2 yellow; 0, 1, 6 grey; 2 green; others red. */
export const LEAD_STATUS = {
  RETRYING: -2,
  PROCESSING_CRM: -1,
  WAITING: 0,
  IN_PROGRESS: 1,
  CONFIRMED: 2,
  REJECTED: 3,
  BAD_LEAD: 4,
  UNKNOWN_CRM_ERROR: 5,
  PROCESSING: 6,
} as const;

export type LeadStatusCode = (typeof LEAD_STATUS)[keyof typeof LEAD_STATUS];

export const LEAD_STATUS_CODES: readonly LeadStatusCode[] = [-2, -1, 0, 1, 2, 3, 4, 5, 6];

export const LEAD_STATUS_NAMES: Record<LeadStatusCode, string> = {
  [-2]: 'Retrying',
  [-1]: 'Lead processing',
  0: 'Waiting',
  1: 'Lead in progress',
  2: 'Lead confirmed',
  3: 'Lead rejected',
  4: 'Bad lead',
  5: 'Unknown CRM error',
  6: 'Processing lead',
};

export type LeadStatusColour = 'yellow' | 'grey' | 'green' | 'red';

/** The colour a status is drawn in (dashboards §4). */
export function leadStatusColour(status: number): LeadStatusColour {
  if (status === -1 || status === -2) return 'yellow';
  if (status === 0 || status === 1 || status === 6) return 'grey';
  if (status === 2) return 'green';
  return 'red';
}

export function isLeadStatusCode(value: number): value is LeadStatusCode {
  return (LEAD_STATUS_CODES as readonly number[]).includes(value);
}

/**
 * Statuses a resend takes back: delivery failed (5) or waits for its next try (-2). With no CRM
 * lead id and no block (core `isResendable`; the admin list answers it per row as `Resendable`).
 */
export const RESENDABLE_STATUSES: readonly LeadStatusCode[] = [5, -2];

/** Statuses a lead report counts as rejected (public §2, per-IP list). */
export const REJECTED_STATUSES: readonly LeadStatusCode[] = [3, 4, 5];

/**
 * Why intake blocked a lead: the machine code stored in BlockedReason, and the label admins read
 * on admin-blockedLeads (one KPI tile per reason).
 */
export const BLOCKED_REASONS = {
  OFFER_INACTIVE: 'Offer is not active',
  DAILY_LIMIT: 'Daily lead limit reached',
  COUNTRY_NOT_ALLOWED: 'Country not allowed for the offer',
  DUPLICATE_PHONE: 'Same phone for the same offer recently',
  LOW_BALANCE: "Advertiser's credit below its minimum balance",
  PUBLISHER_NOT_ALLOWED: 'Publisher unverified or hidden',
  PHONE_INVALID: 'Invalid phone number',
  BOT: 'Bot or headless browser',
  IP_LIMIT: 'Too many leads from one IP',
} as const;

export type BlockedReason = keyof typeof BLOCKED_REASONS;
export const BLOCKED_REASON_CODES = Object.keys(BLOCKED_REASONS) as BlockedReason[];
