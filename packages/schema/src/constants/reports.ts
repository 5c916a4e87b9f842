/**
 * Where the overview's delivery health finds failing endpoints (decision 0051): postbacks (their
 * deliveries, lanes and disabled marks) and CRMs (their lanes and disabled marks, decision 0037).
 * A new source adds its name here and its reader in the overview service.
 */
export const ENDPOINT_SOURCES = ['postback', 'crm'] as const;
export type EndpointSource = (typeof ENDPOINT_SOURCES)[number];

/**
 * An endpoint (a postback receiver's host, a CRM) whose deliveries failed without a success for
 * this long is disabled and its owner mailed (issue 17, decision 0037).
 */
export const ENDPOINT_DISABLE_AFTER_MS = 3 * 24 * 3600_000;

/** How often the worker looks for endpoints to disable. */
export const ENDPOINT_DISABLE_SWEEP_MS = 15 * 60_000;

/** The longest range the network overview compares with the one before it (decision 0051). */
export const OVERVIEW_MAX_DAYS = 92;

/** How far back the overview's delivery health looks. */
export const DELIVERY_HEALTH_WINDOW_MS = 24 * 3600_000;

/** Rows of the overview's top lists. */
export const OVERVIEW_TOP = 10;

/** The overview's refusals of a range it cannot compare. */
export const OVERVIEW_MESSAGES = {
  reversed: 'The start date is after the end date',
  tooLong: `A range covers at most ${OVERVIEW_MAX_DAYS} days`,
} as const;
