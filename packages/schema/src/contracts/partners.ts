import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { CRM_DATA_FIELDS, CRM_TYPES, type CrmDataField, crmDataIssues } from '../constants/crm.ts';
import { MESSAGES } from '../constants/errors.ts';
import { advertisers } from '../tables/advertisers.ts';
import { crms } from '../tables/crms.ts';
import { defineCall } from './define.ts';
import { endpointHealthSchema } from './endpoint-health.ts';
import {
  boundedCents,
  byIdRequest,
  emptyBody,
  idSchema,
  isoDateSchema,
  listAnswer,
  pagedListQuery,
  requiredIdSchema,
  requiredText,
} from './fields.ts';

const advertiserRow = createSelectSchema(advertisers);
const crmRow = createSelectSchema(crms);

/** An advertiser's tax and VAT numbers, stored as JSON {Tax, Vat} (admin §3). */
export const taxVatSchema = z.object({ Tax: z.string(), Vat: z.string() });
export type TaxVat = z.infer<typeof taxVatSchema>;

/**
 * Tax and VAT numbers from what a form sends: the sign-up text `Tax: {x}, VAT: {y}`, the raw JSON
 * the admin form shows, or {Tax, Vat}. Null for empty text or text in neither form.
 */
export function parseTaxVat(text: string): TaxVat | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (trimmed.startsWith('{')) {
    try {
      const parsed = taxVatSchema.safeParse(JSON.parse(trimmed));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
  const match = /^Tax:\s*(.*?)\s*,\s*VAT:\s*(.*?)\s*$/is.exec(trimmed);
  return match ? { Tax: match[1], Vat: match[2] } : null;
}

const taxVatInput = z
  .union([z.object({ Tax: z.string().trim().max(64), Vat: z.string().trim().max(64) }), z.string().max(300)])
  .transform((value, ctx): TaxVat | null => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return null;
    const parsed = parseTaxVat(value);
    if (parsed && parsed.Tax.length <= 64 && parsed.Vat.length <= 64) return parsed;
    ctx.addIssue({ code: 'custom', message: 'TaxVatNumber must read "Tax: {tax}, VAT: {vat}"' });
    return z.NEVER;
  });

/** ZIP as a number (a digit string is accepted too). */
const zipInput = z.union(
  [
    z.number().int().min(0).max(9_999_999_999),
    z
      .string()
      .trim()
      .regex(/^\d{1,10}$/)
      .transform(Number),
  ],
  { error: MESSAGES.zipMustBeNumber },
);

/** An advertiser as its owner and staff see it (admin §3). Money in cents. */
export const advertiserSchema = advertiserRow
  .pick({
    ID: true,
    UserID: true,
    CompanyName: true,
    CompanyAddress: true,
    CompanyCity: true,
    CompanyZipCode: true,
    isInfiniteCredits: true,
  })
  .extend({
    createdAt: isoDateSchema,
    Username: z.string(),
    TaxVatNumber: taxVatSchema.nullable(),
    minBalance: z.number().int().describe('Lowest credit balance allowed, in cents'),
    creditBalance: z
      .number()
      .int()
      .describe(
        "Credit balance in cents: the advertiser account's running total (0 while isInfiniteCredits)",
      ),
    CRMInfo: z.array(crmRow.pick({ ID: true, friendlyName: true, name: true })),
    Flags: z.object({ isVerified: z.boolean() }),
  });
export type Advertiser = z.infer<typeof advertiserSchema>;

/**
 * The data fields of a CRM connection: every field of every CRM type (`@leadmesh/crm`); which ones
 * a type takes and requires is its form's (dashboards §3, §5), checked with `crmDataIssues`.
 */
export const crmDataSchema = z.object(
  Object.fromEntries(
    CRM_DATA_FIELDS.map(({ name, maxLength }) => [name, z.string().trim().max(maxLength).optional()]),
  ) as Record<CrmDataField, z.ZodOptional<z.ZodString>>,
  { error: MESSAGES.crmGeneralError },
);
export type CrmData = z.infer<typeof crmDataSchema>;

/**
 * An advertiser's CRM connection (dashboards §3); the data is shown to its owner and admins only,
 * its secrets masked (`••••` and the last 4 characters; review §13).
 */
export const crmSchema = crmRow
  .pick({ ID: true, BoundAdvertiser: true, name: true, friendlyName: true })
  .extend({ data: crmDataSchema, createdAt: isoDateSchema });
export type Crm = z.infer<typeof crmSchema>;

/** A CRM in its advertiser's list, with its health (decision 0037). */
export const crmWithHealthSchema = crmSchema.extend({ health: endpointHealthSchema });
export type CrmWithHealth = z.infer<typeof crmWithHealthSchema>;

const crmFriendlyNameInput = z
  .string({ error: MESSAGES.crmFriendlyNameEmpty })
  .trim()
  .min(1, MESSAGES.crmFriendlyNameEmpty)
  .max(100);

/** Credit balance change: a number of cents, or 'infinite' on the absolute call (admin §2, §4, §5). */
const balanceRequestFields = {
  advertiserID: idSchema,
  /** Admin §2: the Add balance dialog defaults to "Count as referral" (review §4). */
  countAsReferral: z.boolean().default(true),
  Comment: z.string().trim().max(500).nullable().optional(),
};

/** One of an advertiser's CRM connections, named by its ID and the advertiser's. */
const advertiserCrmRequest = z.object({ ID: idSchema, advertiserID: idSchema });

/** Advertisers, their credits and their CRM connections. */
export const partnerCalls = {
  addAdvertiser: defineCall({
    path: '/partners/addAdvertiser',
    method: 'POST',
    summary: 'Create the advertiser profile of the session user (advertiser sign-up step 2)',
    spec: 'D, P',
    callers: ['noAdvertiser'],
    request: z.object({
      CompanyName: requiredText(MESSAGES.companyNameRequiredDashboard, 200),
      CompanyAddress: requiredText(MESSAGES.companyAddressRequired, 300),
      CompanyCity: z.string().trim().max(100).nullable().optional(),
      CompanyZipCode: zipInput.nullable().optional(),
      TaxVatNumber: taxVatInput.nullable().optional(),
      /** The session user's ID. */
      id: idSchema.optional(),
    }),
    response: advertiserSchema,
  }),
  addCRM: defineCall({
    path: '/partners/addCRM',
    method: 'POST',
    summary: "Connect a CRM to an advertiser; the type's data fields are required (dashboards §5)",
    spec: 'D',
    callers: ['advertiser', 'admin'],
    request: z
      .object({
        CRMName: z.enum(CRM_TYPES),
        CRMFriendlyName: crmFriendlyNameInput,
        CRMData: crmDataSchema,
        advertiserID: requiredIdSchema(MESSAGES.crmAdvertiserInvalid),
      })
      .superRefine((value, ctx) => {
        for (const issue of crmDataIssues(value.CRMName, value.CRMData)) {
          ctx.addIssue({ code: 'custom', path: ['CRMData', issue.field], message: issue.message });
        }
      }),
    response: crmSchema,
  }),
  deleteAdvertiser: defineCall({
    path: '/partners/deleteAdvertiser',
    method: 'POST',
    summary: 'Delete an advertiser profile (refused while it has offers or ledger entries)',
    spec: 'A',
    callers: ['admin'],
    request: byIdRequest,
    response: z.null(),
  }),
  deleteCRM: defineCall({
    path: '/partners/deleteCRM',
    method: 'POST',
    summary: 'Remove a CRM connection (refused while an offer delivers to it)',
    spec: 'D',
    callers: ['advertiser', 'admin'],
    request: advertiserCrmRequest,
    response: z.null(),
  }),
  editAdvertiser: defineCall({
    path: '/partners/editAdvertiser',
    method: 'POST',
    summary:
      'Edit an advertiser: its owner the company fields, an admin also minBalance and creditBalance; null or absent leaves a field as it is',
    spec: 'A, D',
    callers: ['advertiserOwner', 'admin'],
    request: z.object({
      ID: idSchema,
      CompanyName: z.string().trim().min(1).max(200).nullable().optional(),
      CompanyAddress: z.string().trim().min(1).max(300).nullable().optional(),
      CompanyCity: z.string().trim().min(1).max(100).nullable().optional(),
      CompanyZipCode: zipInput.nullable().optional(),
      TaxVatNumber: taxVatInput.nullable().optional(),
      /** Admin only, cents. */
      minBalance: boundedCents().nullable().optional().describe('Lowest credit balance allowed, in cents'),
      /** Admin only, cents: the new absolute balance, booked as a ledger adjustment; never negative (as setCreditBalance). */
      creditBalance: boundedCents()
        .min(0, 'The balance to set cannot be negative')
        .nullable()
        .optional()
        .describe('New credit balance, in cents'),
    }),
    response: advertiserSchema,
  }),
  editCRM: defineCall({
    path: '/partners/editCRM',
    method: 'POST',
    summary:
      "Edit a CRM connection's name and data (its type cannot change; the resulting data is checked against it). A secret field sent as 'unchanged', as its masked value or left out keeps the stored secret",
    spec: 'D',
    callers: ['advertiser', 'admin'],
    request: z.object({
      ID: idSchema,
      CRMFriendlyName: crmFriendlyNameInput,
      CRMData: crmDataSchema,
      advertiserID: requiredIdSchema(MESSAGES.crmAdvertiserInvalid),
    }),
    response: crmSchema,
  }),
  getAdvertiserByID: defineCall({
    path: '/partners/getAdvertiserByID',
    method: 'POST',
    summary: 'One advertiser (its owner, or staff)',
    spec: 'A',
    callers: ['advertiserOwner', 'staff', 'advertiserManager'],
    request: byIdRequest,
    response: advertiserSchema,
  }),
  getAllAdvertisers: defineCall({
    path: '/partners/getAllAdvertisers',
    method: 'POST',
    summary: 'Advertisers list (filters, 20 a page)',
    spec: 'A',
    callers: ['admin', 'advertiserManager'],
    request: z.object(pagedListQuery),
    response: listAnswer(advertiserSchema),
  }),
  getAllAdvertisersWithCRM: defineCall({
    path: '/partners/getAllAdvertisersWithCRM',
    method: 'POST',
    summary: 'Every advertiser with its CRMs (add-offer pickers)',
    spec: 'A',
    callers: ['admin'],
    request: emptyBody,
    response: z.array(advertiserSchema.pick({ ID: true, CompanyName: true, CRMInfo: true })),
  }),
  getAllCRMs: defineCall({
    path: '/partners/getAllCRMs',
    method: 'POST',
    summary: "An advertiser's CRM connections, each with its health (decision 0037)",
    spec: 'A, D',
    callers: ['advertiser', 'admin'],
    request: z.object({ BoundAdvertiser: idSchema.optional() }),
    response: z.array(crmWithHealthSchema),
  }),
  /* Not in the spec (issue 17; decision 0037): a CRM disabled after failing for days goes again. */
  enableCRM: defineCall({
    path: '/partners/enableCRM',
    method: 'POST',
    summary:
      'Re-enable a CRM disabled after it kept failing: its lane is reset and the leads waiting for it go again',
    spec: 'D (decision 0037)',
    callers: ['advertiser', 'admin'],
    request: advertiserCrmRequest,
    response: crmWithHealthSchema,
  }),
  getCRMIntegrationLink: defineCall({
    path: '/partners/getCRMIntegrationLink',
    method: 'POST',
    summary:
      'The handler or postback URL to set in the CRM: a string, or lines of text whose last one is the link',
    spec: 'D',
    callers: ['advertiser', 'admin'],
    request: advertiserCrmRequest,
    response: z.union([z.string(), z.array(z.string()).min(1)]),
  }),
  setCreditBalance: defineCall({
    path: '/partners/setCreditBalance',
    method: 'POST',
    summary:
      "Set an advertiser's credit balance absolutely; 'infinite' turns on infinite credits and resets the balance to 0",
    spec: 'A',
    callers: ['admin'],
    request: z.object({
      ...balanceRequestFields,
      balance: z
        .union([z.literal('infinite'), boundedCents(MESSAGES.balanceNotNumber)], {
          error: MESSAGES.balanceNotNumber,
        })
        .describe("New balance in cents, or 'infinite'"),
    }),
    response: advertiserSchema,
  }),
  setCreditBalanceDynamic: defineCall({
    path: '/partners/setCreditBalanceDynamic',
    method: 'POST',
    summary: "Add to (or, negative, take from) an advertiser's credits; turns infinite credits off",
    spec: 'A',
    callers: ['admin'],
    request: z.object({
      ...balanceRequestFields,
      balance: boundedCents(MESSAGES.balanceNotNumber).describe('Change in cents; negative removes credits'),
    }),
    response: advertiserSchema,
  }),
  verifyAdvertiser: defineCall({
    path: '/partners/verifyAdvertiser',
    method: 'POST',
    summary: 'Verify an advertiser (verifyStatus false takes the verification back)',
    spec: 'A',
    callers: ['admin', 'advertiserManager'],
    request: z.object({ ID: idSchema, verifyStatus: z.boolean().default(true) }),
    response: advertiserSchema,
  }),
};
