import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { CallerKind } from '../constants/callers.ts';
import { MESSAGES } from '../constants/errors.ts';
import { MONEY_WITHDRAWN_LABELS } from '../constants/lead-fields.ts';
import { LEAD_STATUS_CODES } from '../constants/lead-status.ts';
import { leadCrmActivities } from '../tables/lead-crm-activities.ts';
import { LEAD_WIRE_MASK, leadFieldsHiddenFrom, leads } from '../tables/leads.ts';
import { defineCall } from './define.ts';
import {
  aliasedListQuery,
  byIdRequest,
  emptyBody,
  filtersAliasSchema,
  filtersSchema,
  idSchema,
  isoDateSchema,
  limitSchema,
  listAnswer,
  pagedListQuery,
} from './fields.ts';
import { quarterUtcOffsetSchema } from './reports.ts';

const leadRow = createSelectSchema(leads);

const crmActivityRow = createSelectSchema(leadCrmActivities);

const count = () => z.number().int().min(0);
const centsField = (what: string) => z.number().int().describe(`${what}, in cents`);

/** A lead as staff see it (public §3). Money in cents; location and details as the spec shapes them. */
export const leadSchema = leadRow.pick(LEAD_WIRE_MASK).extend({
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
  LeadPrice: centsField('What the advertiser pays for the lead'),
  EarnedAmount: centsField("The publisher's share"),
  PlatformEarnedAmount: centsField("The platform's share"),
  PurchaseLocation: z.object({ city: z.string().nullable(), countryCode: z.string().nullable() }),
  /** Keys prefixed with the product key: name, phone, uid, c1..c6, stclickid, plus GenericData. */
  PurchaseDetails: z.record(z.string(), z.unknown()),
  MoneyWithdrawn: z
    .enum(MONEY_WITHDRAWN_LABELS)
    .describe(
      "Money withdrawn label (dashboards §4): Yes if LeadMoneyWithdrawn, else No if PublisherPaid, else 'Not eligible'",
    ),
  BlockedReasonLabel: z.string().nullable().describe('What BlockedReason means, for people'),
});
export type Lead = z.infer<typeof leadSchema>;

/**
 * A lead as its publisher sees it (dashboards §3): with the price the advertiser pays and whether
 * the advertiser paid (review §7, the `{lead_price}` macro), without the advertiser and the platform's share.
 */
export const publisherLeadSchema = leadSchema.omit(leadFieldsHiddenFrom('publisher'));
export type PublisherLead = z.infer<typeof publisherLeadSchema>;

/** A lead as its advertiser sees it: without the publisher's identity, share and the platform's share. */
export const advertiserLeadSchema = leadSchema.omit({
  ...leadFieldsHiddenFrom('advertiser'),
  BlockedReasonLabel: true,
  MoneyWithdrawn: true,
});
export type AdvertiserLead = z.infer<typeof advertiserLeadSchema>;

/**
 * A lead on the admin lists (admin-leads, admin-blockedLeads): the spec's fields, and beside them
 * the names of who sent it and whom it was for, so the screens show names, not ids.
 */
export const adminLeadSchema = leadSchema.extend({
  User: z.object({ Username: z.string() }).describe("The publisher's (BoundUser) username"),
  Advertiser: z
    .object({ CompanyName: z.string() })
    .describe("The advertiser's (BoundAdvertiser) company name"),
  Resendable: z
    .boolean()
    .describe('Whether /leads/resendLead takes it: delivery failed or retrying, not in the CRM, not blocked'),
});
export type AdminLead = z.infer<typeof adminLeadSchema>;

/** A blocked lead on the admin blocked-leads screen, with who sent it and whom it was for. */
export const blockedLeadSchema = adminLeadSchema;

/** What the lead export writes per row (public §9: ID, name, phone, product). */
export const leadExportRowSchema = z.object({
  ID: z.number().int(),
  ProductName: z.string(),
  Name: z.string().nullable(),
  Phone: z.string().nullable(),
});

/**
 * One thing that happened to a lead, for its timeline (issue 11): the click, the intake decision,
 * each status change, each CRM attempt and callback, each ledger transfer, each postback attempt.
 */
export const leadTimelineEntrySchema = z.object({
  at: isoDateSchema,
  kind: z.enum(['click', 'intake', 'status', 'resend', 'crm_attempt', 'crm_callback', 'ledger', 'postback']),
  title: z.string(),
  /** Details shown under the title (request and answer of a CRM call, secrets masked; a transfer's accounts...). */
  detail: z.record(z.string(), z.unknown()),
  /** A postback delivery the owner may send again. */
  replayDeliveryID: z.number().int().nullable(),
});
export type LeadTimelineEntry = z.infer<typeof leadTimelineEntrySchema>;

/** An export run by the worker, with its progress and files (review §9). */
export const leadExportSchema = z.object({
  ID: z.number().int(),
  State: z.enum(['queued', 'running', 'done', 'failed']),
  Groups: z.number().int(),
  TotalRows: count(),
  DoneRows: count(),
  Error: z.string().nullable(),
  /** Download paths (GET, admin session), one per group, once done. */
  Files: z.array(z.object({ name: z.string(), url: z.string() })),
  createdAt: isoDateSchema,
});
export type LeadExport = z.infer<typeof leadExportSchema>;

/** A day as the statistics show it: DD.MM.YYYY (public §3). */
const leadDateSchema = z
  .string()
  .regex(/^\d{2}\.\d{2}\.\d{4}$/)
  .describe('DD.MM.YYYY');

/** A name with its lead count, for the dashboard tabs and top lists. */
export const nameCountSchema = z.object({ name: z.string(), count: count() });

/** One day of a publisher's or advertiser's leads (dashboards §3, §2 Statistics). */
export const leadsPerDaySchema = z.object({
  LeadDate: leadDateSchema,
  LeadCount: count(),
  ConvertedLeads: count(),
  LeadWaiting: count(),
  LeadEarnings: centsField("The day's earnings (publisher) or spendings (advertiser)"),
  UniqueIPAddresses: count(),
});
export type LeadsPerDay = z.infer<typeof leadsPerDaySchema>;

/**
 * The publisher or advertiser dashboard data (dashboards §3, Publisher dashboard data). `leads` holds
 * the per-day rows (statistics screens, charts and the last-five-days table); days are UTC.
 */
export const dashboardDataSchema = z.object({
  leads: z.array(leadsPerDaySchema),
  totalEarned: centsField('Earned (publisher) or spent (advertiser) over the filtered leads'),
  totalLeadCount: count(),
  totalConvertedLeadsCount: count(),
  /** Rejected, bad or lost in the CRM (3, 4, 5). */
  totalFailedLeadsCount: count(),
  /** Not decided yet (-2, -1, 0, 1, 6): the conversion ratio leaves them out. */
  totalWaitingLeadsCount: count(),
  totalPhoneCount: count().describe('Leads sent from a phone; the rest are desktop'),
  /** The Active offers tile (review §10): offers taken and active (publisher), own active offers (advertiser). */
  activeOffers: count(),
  totalLeadOfferNames: z.array(nameCountSchema),
  uniqueDomains: z.array(nameCountSchema),
  uniqueCities: z.array(nameCountSchema),
  uniqueCountryCodes: z.array(nameCountSchema),
});
export type DashboardData = z.infer<typeof dashboardDataSchema>;

/** Lead stats of one day for the lead report (public §3, Lead stats per date). */
export const leadStatsPerDateSchema = z.object({
  LeadDate: leadDateSchema,
  LeadCount: count(),
  UniqueLeads: count(),
  ConvertedLeads: count(),
  BadLeads: count(),
  /** Per-IP lead list: status 2 counts as approved, 3, 4 and 5 as rejected. */
  LeadInfo: z.array(z.object({ IP: z.string().nullable(), Status: z.number().int() })),
});
/** Lead stats of one offer on one day. */
export const leadStatsPerOfferSchema = leadStatsPerDateSchema.extend({ OfferName: z.string() });
export type LeadStatsPerDate = z.infer<typeof leadStatsPerDateSchema>;
export type LeadStatsPerOffer = z.infer<typeof leadStatsPerOfferSchema>;

/** One publisher's row of the publisher stats screen (public §3, Per-user stats). */
export const leadStatsPerUserSchema = z.object({
  BoundUser: z.number().int(),
  User: z.object({ Username: z.string() }),
  Total: count(),
  Good: count().describe('Confirmed leads'),
  PercentGood: z.number().min(0).max(100),
  LeadEarnings: centsField('Amount for payment'),
});
export type LeadStatsPerUser = z.infer<typeof leadStatsPerUserSchema>;

/** What the CRM says about a lead (dashboards §3, Lead CRM info). */
export const leadCrmInfoSchema = z.object({
  CRMID: z.string().nullable(),
  Status: z.string().nullable(),
  Comments: z.array(
    crmActivityRow
      .pick({ AgentID: true, Type: true, audioDuration: true, Comment: true })
      .extend({ createdAt: isoDateSchema }),
  ),
});
export type LeadCrmInfo = z.infer<typeof leadCrmInfoSchema>;

/** A date the client sends: ISO 8601 date or date-time, or epoch milliseconds; the handler gets a Date. */
const dateInput = (label: string) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date(), z.number().int()], { error: `Invalid ${label}` })
    .transform((v) => new Date(v));

/**
 * A side's dashboard data (the two dashboards answer the same figures): its own users read their
 * leads, staff and the side's managers anyone's, named by `owner`.
 */
function dashboardCall<P extends string, Owner extends z.ZodRawShape>(
  path: P,
  summary: string,
  callers: readonly CallerKind[],
  owner: Owner,
) {
  return defineCall({
    path,
    method: 'POST',
    summary,
    spec: 'D, P',
    callers,
    request: z.object({ ...owner, Filters: filtersSchema }),
    response: dashboardDataSchema,
  });
}

/** Leads: lists, dashboards, statistics and admin operations. */
export const leadCalls = {
  getAllBlockedLeadsDashboardAdmin: defineCall({
    path: '/leads/getAllBlockedLeadsDashboardAdmin',
    method: 'POST',
    summary: 'Blocked leads list, newest first (filters, 20 a page)',
    spec: 'P',
    callers: ['admin'],
    request: z.object({ ...aliasedListQuery, limit: limitSchema }),
    response: listAnswer(blockedLeadSchema),
  }),
  getAllBlockedLeadsKPIAdmin: defineCall({
    path: '/leads/getAllBlockedLeadsKPIAdmin',
    method: 'POST',
    summary:
      'Blocked leads counted per blocked reason (KPI tiles): one entry per reason, zeros included, in the order of BLOCKED_REASONS; the Total tile is their sum',
    spec: 'P',
    callers: ['admin'],
    request: z.object({ Filters: filtersSchema, filters: filtersAliasSchema }),
    response: z.array(
      z.object({
        BlockedReason: z.string().describe('The machine code (BLOCKED_REASONS)'),
        Label: z.string().describe('What the code means, for the tile'),
        Count: count(),
      }),
    ),
  }),
  getLeadCRMInfo: defineCall({
    path: '/leads/getLeadCRMInfo',
    method: 'POST',
    summary: "A lead's CRM id, CRM status and agent activities (GENERIC_ERROR when the CRM is not supported)",
    spec: 'D',
    callers: ['crmInfo'],
    request: byIdRequest,
    response: leadCrmInfoSchema,
  }),
  getLeadsForAdmin: defineCall({
    path: '/leads/getLeadsForAdmin',
    method: 'POST',
    summary: "All leads, newest first (filters, 20 a page), with the publisher's and advertiser's names",
    spec: 'P',
    callers: ['admin'],
    request: z.object(pagedListQuery),
    response: listAnswer(adminLeadSchema),
  }),
  getLeadsForAdminExport: defineCall({
    path: '/leads/getLeadsForAdminExport',
    method: 'POST',
    summary:
      'Every lead matching the filters, as export rows, for selections of up to 5,000 leads (larger ones: startLeadExport)',
    spec: 'P',
    callers: ['admin'],
    request: z.object({ Filters: filtersSchema, LeadIDs: z.array(idSchema).max(5000).optional() }),
    response: listAnswer(leadExportRowSchema),
  }),
  /** Not in the spec's list: the review's decision (§9) for exports too large for one answer. */
  startLeadExport: defineCall({
    path: '/leads/startLeadExport',
    method: 'POST',
    summary: 'Start an export by the worker: the leads (selected, or matching the filters) into N xlsx files',
    spec: 'P (review decision)',
    callers: ['admin'],
    request: z.object({
      Filters: filtersSchema,
      LeadIDs: z.array(idSchema).max(100_000).optional(),
      Groups: z.coerce
        .number({ error: MESSAGES.exportGroupsInvalid })
        .int(MESSAGES.exportGroupsInvalid)
        .min(1, MESSAGES.exportGroupsInvalid)
        .max(1000, MESSAGES.exportGroupsInvalid),
    }),
    response: leadExportSchema,
  }),
  getLeadTimeline: defineCall({
    path: '/leads/getLeadTimeline',
    method: 'POST',
    summary:
      'Everything that happened to a lead, in order (admins all of it; a publisher or advertiser their own part of their own leads)',
    spec: 'issue 11',
    callers: ['admin', 'publisher', 'advertiser'],
    request: byIdRequest,
    response: z.array(leadTimelineEntrySchema),
  }),
  getLeadExport: defineCall({
    path: '/leads/getLeadExport',
    method: 'POST',
    summary: "An export's progress and, once done, its files (leads_group_{n}.xlsx) to download",
    spec: 'P (review decision)',
    callers: ['admin'],
    request: byIdRequest,
    response: leadExportSchema,
  }),
  getLeadsForAdvertiser: defineCall({
    path: '/leads/getLeadsForAdvertiser',
    method: 'POST',
    summary:
      "An advertiser's leads, newest first (filters, 20 a page): the leads of their offers that were not blocked; staff name the advertiser",
    spec: 'D',
    callers: ['advertiser', 'staff', 'advertiserManager'],
    request: z.object({
      BoundAdvertiser: idSchema.optional(),
      ...pagedListQuery,
    }),
    response: listAnswer(advertiserLeadSchema),
  }),
  getLeadsForAdvertiserDashboard: dashboardCall(
    '/leads/getLeadsForAdvertiserDashboard',
    'Advertiser dashboard data: per-day leads, totals and top lists over the filtered leads',
    ['advertiser', 'staff', 'advertiserManager'],
    { BoundAdvertiser: idSchema.optional() },
  ),
  getLeadsForPublisher: defineCall({
    path: '/leads/getLeadsForPublisher',
    method: 'POST',
    summary: "A publisher's leads, newest first (filters, 20 a page); staff name the publisher",
    spec: 'D',
    callers: ['publisher', 'staff', 'publisherManager'],
    request: z.object({
      BoundUser: idSchema.optional(),
      /** Older spelling of BoundUser. */
      authUser: idSchema.optional(),
      ...pagedListQuery,
    }),
    response: listAnswer(publisherLeadSchema),
  }),
  getLeadsForPublisherDashboard: dashboardCall(
    '/leads/getLeadsForPublisherDashboard',
    'Publisher dashboard data: per-day leads, totals and top lists (staff: any publisher, admin-dashboard?p=)',
    ['publisher', 'staff', 'publisherManager'],
    { BoundUser: idSchema.optional() },
  ),
  getLeadStatsForFrontendAdminDashboard: defineCall({
    path: '/leads/getLeadStatsForFrontendAdminDashboard',
    method: 'POST',
    summary: 'Lead report: stats per day (allLeads) and per offer and day (allOffers) over a date range',
    spec: 'P',
    callers: ['staff', 'publisherManager'],
    request: z.object({
      Filters: filtersSchema,
      filters: filtersAliasSchema,
      /** Start of the range; all time when absent. */
      startDate: dateInput('start date').nullable().optional(),
      /** End of the range; now when absent. */
      endDate: dateInput('end date').nullable().optional(),
      /** The caller's days: minutes to add to UTC (UTC+2 → 120), whole quarter hours (decision 0052). */
      utcOffset: quarterUtcOffsetSchema,
    }),
    response: z.object({
      allLeads: z.array(leadStatsPerDateSchema),
      allOffers: z.array(leadStatsPerOfferSchema),
    }),
  }),
  getLeadStatsPerUser: defineCall({
    path: '/leads/getLeadStatsPerUser',
    method: 'POST',
    summary: 'Per-publisher lead totals, confirmed share and amount for payment (publisher stats screen)',
    spec: 'P',
    callers: ['staff', 'publisherManager'],
    request: z.object({ Filters: filtersSchema, filters: filtersAliasSchema }),
    response: z.array(leadStatsPerUserSchema),
  }),
  getStatusCodes: defineCall({
    path: '/leads/getStatusCodes',
    method: 'POST',
    summary: 'Lead status code → name (e.g. "2" → "Lead confirmed")',
    spec: 'D, P',
    callers: ['session'],
    request: z.object({
      BoundUser: idSchema.nullable().optional(),
      BoundAdvertiser: idSchema.nullable().optional(),
    }),
    response: z.record(z.string(), z.string()),
  }),
  resendLead: defineCall({
    path: '/leads/resendLead',
    method: 'POST',
    summary: "Send a lead to the advertiser's CRM again; it shows status -2 (Retrying) until delivered",
    spec: 'P',
    callers: ['admin'],
    request: byIdRequest,
    response: leadSchema,
  }),
  resendLeads: defineCall({
    path: '/leads/resendLeads',
    method: 'POST',
    summary:
      'Send again now every lead whose CRM delivery failed (5) or waits for a retry (-2); answers how many were queued',
    spec: 'P',
    callers: ['admin'],
    request: emptyBody,
    response: z.object({ queued: count() }),
  }),
  setLeadStatusAdmin: defineCall({
    path: '/leads/setLeadStatusAdmin',
    method: 'POST',
    summary: "Set a lead's status by hand, overriding the CRM",
    spec: 'P',
    callers: ['admin'],
    request: z.object({
      ID: idSchema,
      newStatus: z.literal(LEAD_STATUS_CODES, 'Unknown lead status'),
    }),
    response: leadSchema,
  }),
};
