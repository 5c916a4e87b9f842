/** Business constants and limits of the spec (public §9, dashboards §9, admin §9). */

export const PAGE_SIZE = 20;
export const LOG_PAGE_SIZE = 100;

export const DELAYS = {
  loadMoreMs: 200,
  filterDebounceMs: 400,
  leadReportDebounceMs: 1000,
  dashboardFirstLoadMs: 300,
  dashboardRefreshMs: 60_000,
  signUpErrorDisplayMs: 3000,
  takeOfferRedirectMs: 1000,
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const USERNAME_MIN_PUBLISHER = 5;
export const USERNAME_MIN_ADVERTISER = 8;
export const USERNAME_MAX = 64;

export const RESET_CODE_TTL_MINUTES = 15;
/** Wrong codes allowed per reset code before it is burnt. */
export const RESET_CODE_MAX_ATTEMPTS = 5;
/** A change of the own e-mail waits this long for the code mailed to the new address. */
export const EMAIL_CHANGE_CODE_TTL_MINUTES = 15;
/**
 * After someone else changes a user's e-mail, payouts and payment-method changes of that user wait
 * this long (decision 0030), so the owner, told at the old address, can act first.
 */
export const EMAIL_CHANGE_PAYMENT_HOLD_HOURS = 24;

export const NEW_OFFER_BADGE_DAYS = 7;
export const TOP_LIST_SIZE = 10;
export const DASHBOARD_RECENT_DAYS = 5;
export const TRACKING_COOKIE_DAYS = 45;

/** Platform tax: a whole percent, at least 0 and below 100 (the gross-up divides by 100 - tax; decision 0010). */
export const PLATFORM_TAX_MAX = 99;

export const OFFER_DEFAULTS = { platformTax: 20, limit: 1000, referralPayoutCents: 0 } as const;

/** Marketing claims the public pages carry (public §1). */
export const CLAIMS = {
  paymentTerms: 'net 30 or net 15',
  conversionRate: 80,
  typicalConversionRate: 60,
  supportHours: '7 days a week, 08:00-22:00',
} as const;

export const SESSION_TTL_DAYS = 30;
