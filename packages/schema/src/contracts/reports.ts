import { z } from 'zod';
import { ENDPOINT_SOURCES } from '../constants/reports.ts';
import { defineCall } from './define.ts';
import { endpointHealthSchema } from './endpoint-health.ts';
import { filtersSchema, isoDateSchema, paginationOffsetSchema } from './fields.ts';

const count = () => z.number().int().min(0);
const cents = (what: string) => z.number().int().describe(`${what}, in cents`);
/** null where the figure belongs to the other side of a side manager (decision 0051). */
const sided = <T extends z.ZodType>(figure: T) => figure.nullable();

/** A calendar day of the caller's: `YYYY-MM-DD`. */
export const localDaySchema = z.iso.date({ error: 'A day is written YYYY-MM-DD' });

/**
 * Minutes to add to UTC to get the caller's local time (UTC+2 → 120), a whole number of quarter
 * hours as every offset in use is: the reports count quarter hours (decision 0050).
 */
export const quarterUtcOffsetSchema = z.coerce
  .number({ error: 'utcOffset is a number of minutes' })
  .int('utcOffset is a whole number of minutes')
  .min(-720, 'utcOffset lies between -720 and 840 minutes')
  .max(840, 'utcOffset lies between -720 and 840 minutes')
  .refine((m) => m % 15 === 0, 'utcOffset is a whole number of quarter hours')
  .default(0);

/** The figures of one period (decision 0051). Money in cents; a side manager's other side is null. */
export const overviewFiguresSchema = z.object({
  clicks: sided(count()),
  leads: count(),
  confirmed: count().describe('Status 2'),
  rejected: count().describe('Statuses 3, 4 and 5, as the lead report counts them'),
  /** Confirmed / leads in percent with 2 decimals (public §9: approved / generated); null without leads. */
  approveRate: z.number().min(0).max(100).nullable(),
  spend: sided(cents("What advertisers pay for the period's confirmed leads")),
  payouts: sided(cents("What publishers earn from the period's confirmed leads")),
  margin: sided(cents("The platform's share: spend minus payouts")),
});
export type OverviewFigures = z.infer<typeof overviewFiguresSchema>;

/** A period and the one before it, with the exact instants counted (the lists they link to use them). */
export const overviewPeriodSchema = z.object({
  startDay: localDaySchema,
  endDay: localDaySchema,
  from: isoDateSchema.describe('First instant counted'),
  to: isoDateSchema.describe('First instant no longer counted'),
  figures: overviewFiguresSchema,
  previous: overviewFiguresSchema.extend({ from: isoDateSchema, to: isoDateSchema }),
});
export type OverviewPeriod = z.infer<typeof overviewPeriodSchema>;

const topRow = {
  leads: count(),
  confirmed: count(),
  approveRate: z.number().min(0).max(100).nullable(),
  spend: sided(cents('Spend')),
  payouts: sided(cents('Payouts')),
};

/**
 * Where deliveries leaving the platform fail (decision 0051). `source` says which table found it;
 * another source (endpoint health of the circuit breakers) adds its name to ENDPOINT_SOURCES and a
 * reader in the overview service.
 */
export const failingEndpointSchema = z.object({
  source: z.enum(ENDPOINT_SOURCES),
  ID: z.number().int().describe("The source's own id (a postback's postbackID, a CRM's ID)"),
  name: z.string(),
  host: z.string().describe('The host the deliveries go to'),
  owner: z.object({ UserID: z.number().int(), Username: z.string() }),
  advertiserID: z
    .number()
    .int()
    .nullable()
    .describe("A CRM's advertiser, which /partners/enableCRM names; null for a postback"),
  failed: count().describe('Deliveries that gave up, last 24 hours'),
  retrying: count().describe('Deliveries tried and waiting for another try'),
  lastError: z.string().nullable(),
  lastAt: isoDateSchema,
  /** Its lane and disabled mark (decision 0037): failing since when, next try, or disabled and why. */
  health: endpointHealthSchema,
});
export type FailingEndpoint = z.infer<typeof failingEndpointSchema>;

export const crmHealthSchema = z.object({
  CRMID: z.number().int(),
  name: z.string(),
  type: z.string(),
  advertiser: z.object({ AdvertiserID: z.number().int(), CompanyName: z.string() }),
  waiting: count().describe('Leads not handed over yet (-1, 6)'),
  retrying: count().describe('Leads waiting for another try (-2)'),
  failedAttempts: count().describe('Failed calls to the CRM, last 24 hours'),
  lastError: z.string().nullable(),
  lastAt: isoDateSchema.nullable(),
});
export type CrmHealth = z.infer<typeof crmHealthSchema>;

export const queueDepthSchema = z.object({
  name: z.string().describe('A BullMQ queue'),
  waiting: count(),
  active: count(),
  delayed: count(),
  failed: count(),
});

export const deliveryErrorSchema = z.object({
  at: isoDateSchema,
  source: z.enum(['crm', 'postback']),
  target: z.string().describe('The CRM or postback name'),
  LeadID: z.number().int(),
  message: z.string(),
});

export const networkOverviewSchema = z.object({
  /** Whose figures these are: everything (admins, managers), or one side (decision 0051). */
  side: z.enum(['all', 'publisher', 'advertiser']),
  today: overviewPeriodSchema,
  range: overviewPeriodSchema,
  topOffers: z.array(z.object({ OfferID: z.number().int(), OfferName: z.string(), ...topRow })),
  topPublishers: z.array(z.object({ UserID: z.number().int(), Username: z.string(), ...topRow })).nullable(),
  topAdvertisers: z
    .array(z.object({ AdvertiserID: z.number().int(), CompanyName: z.string(), ...topRow }))
    .nullable(),
  delivery: z.object({
    since: isoDateSchema,
    crms: z.array(crmHealthSchema).nullable(),
    failingEndpoints: z.array(failingEndpointSchema),
    queues: z.array(queueDepthSchema).nullable().describe('null when Redis did not answer'),
    lastErrors: z.array(deliveryErrorSchema),
  }),
});
export type NetworkOverview = z.infer<typeof networkOverviewSchema>;

/** One IP's leads on one day of the lead report (public §2: status 2 approved; 3, 4, 5 rejected). */
export const leadStatsPerIpSchema = z.object({
  IP: z.string().nullable(),
  Leads: count(),
  Approved: count(),
  Rejected: count(),
});
export type LeadStatsPerIp = z.infer<typeof leadStatsPerIpSchema>;

/**
 * Calls beyond the spec's list for the staff reports (issue 16): the network overview on
 * admin-dashboard (decision 0051) and the lead report's per-IP list paged by the server
 * (decision 0052).
 */
export const reportCalls = {
  getNetworkOverview: defineCall({
    path: '/leads/getNetworkOverview',
    method: 'POST',
    summary:
      "The staff's home: today and a range of the caller's days beside the periods before them, top offers and partners, delivery health; managers see their side",
    spec: 'P (decision 0051)',
    callers: ['staff', 'publisherManager', 'advertiserManager'],
    request: z.object({
      startDate: localDaySchema,
      endDate: localDaySchema,
      utcOffset: quarterUtcOffsetSchema,
    }),
    response: networkOverviewSchema,
  }),
  getLeadStatsPerIP: defineCall({
    path: '/leads/getLeadStatsPerIP',
    method: 'POST',
    summary:
      "The lead report's per-IP list of one of the caller's days, most leads first, a page at a time (the report's filters)",
    spec: 'P (decision 0052)',
    callers: ['staff', 'publisherManager'],
    request: z.object({
      day: localDaySchema,
      utcOffset: quarterUtcOffsetSchema,
      Filters: filtersSchema,
      paginationOffset: paginationOffsetSchema,
      limit: z.coerce.number().int().min(1).max(100).default(50),
    }),
    response: z.object({ total: count().describe('IPs that day'), DBData: z.array(leadStatsPerIpSchema) }),
  }),
};
