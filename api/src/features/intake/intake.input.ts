import { isIP } from 'node:net';
import { idSchema } from '@leadmesh/schema';
import { z } from 'zod';
import type { ClientBotReport } from '../../lib/traffic/device.ts';

/** What a lead carries of the order form, before it is stored under `{product}-` keys. */
export interface LeadFields {
  name: string;
  /** As the buyer typed it; intake stores the E.164 form beside it. */
  phone: string;
  quantity: number | null;
  uid: string | null;
  c1: string | null;
  c2: string | null;
  c3: string | null;
  c4: string | null;
  c5: string | null;
  c6: string | null;
  stclickid: string | null;
  /** Every other field of the form (GenericData). */
  generic: Record<string, string | number | boolean>;
}

export const SUB_ID_KEYS = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'stclickid'] as const;
export type SubIdKey = (typeof SUB_ID_KEYS)[number];

/** Limits of what one lead may carry. */
export const LEAD_LIMITS = { genericFields: 30, genericKey: 64, genericValue: 1000, subId: 200 } as const;

export const INTAKE_MESSAGES = {
  nameEmpty: 'Please enter your name',
  phoneEmpty: 'Please enter your phone number',
  quantity: 'Quantity must be a whole number from 1 to 1000',
  tooManyFields: `An order may carry at most ${LEAD_LIMITS.genericFields} other fields`,
  expired: 'This order form has expired. Please reload the page and order again.',
  offerMissing: 'Name the taken offer (BoundTakenOffer) or the offer (BoundOffer)',
  offerMismatch: 'BoundOffer is not the offer of BoundTakenOffer',
} as const;

const optionalText = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(max, `At most ${max} characters`))
    .transform((v) => (v === '' ? null : v))
    .nullish();

const fieldShape = {
  name: z
    .string({ error: INTAKE_MESSAGES.nameEmpty })
    .trim()
    .min(1, INTAKE_MESSAGES.nameEmpty)
    .max(200, 'The name may have at most 200 characters'),
  phone: z
    .union([z.string(), z.number()], { error: INTAKE_MESSAGES.phoneEmpty })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, INTAKE_MESSAGES.phoneEmpty).max(64, 'The phone may have at most 64 characters')),
  quantity: z
    .union([z.string(), z.number()])
    .transform((v) => (typeof v === 'string' && v.trim() === '' ? null : Number(v)))
    .pipe(
      z.number({ error: INTAKE_MESSAGES.quantity }).int(INTAKE_MESSAGES.quantity).min(1).max(1000).nullable(),
    )
    .nullish(),
  uid: optionalText(LEAD_LIMITS.subId),
  c1: optionalText(LEAD_LIMITS.subId),
  c2: optionalText(LEAD_LIMITS.subId),
  c3: optionalText(LEAD_LIMITS.subId),
  c4: optionalText(LEAD_LIMITS.subId),
  c5: optionalText(LEAD_LIMITS.subId),
  c6: optionalText(LEAD_LIMITS.subId),
  stclickid: optionalText(LEAD_LIMITS.subId),
};

/** The automation signals the page script sends; only ever able to mark a lead as a bot. */
const clientReportSchema = z
  .object({ webdriver: z.unknown(), brands: z.unknown(), automationGlobals: z.unknown() })
  .partial()
  .nullish()
  .catch(null);

const genericValue = z.union([z.string().max(LEAD_LIMITS.genericValue), z.number(), z.boolean()]);
const genericSchema = z
  .record(
    z
      .string()
      .min(1)
      .max(LEAD_LIMITS.genericKey)
      .regex(/^[\w.:[\] -]+$/, 'Field names may use letters, digits, spaces and . _ - : [ ]'),
    genericValue,
  )
  .refine((r) => Object.keys(r).length <= LEAD_LIMITS.genericFields, INTAKE_MESSAGES.tooManyFields);

/** Keys of a landing's form that are the page script's, not the buyer's. */
/** Not GenericData: the order's own fields, and the path's parameters (`landingOrderCalls`). */
const LANDING_RESERVED = new Set(['click', 'client', 'trackingCode', 'pagePath', ...Object.keys(fieldShape)]);

/** An order from a landing page: its form fields (anything else is GenericData), the click, the signals. */
export const landingOrderSchema = z
  .object({ ...fieldShape, click: z.string().max(100).nullish(), client: clientReportSchema })
  .catchall(z.unknown())
  .transform((body, ctx) => {
    const rest: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(body)) if (!LANDING_RESERVED.has(key)) rest[key] = value;
    const generic = genericSchema.safeParse(rest);
    if (!generic.success) {
      for (const issue of generic.error.issues)
        ctx.addIssue({ ...issue, path: ['GenericData', ...issue.path] });
      return z.NEVER;
    }
    return { ...body, generic: generic.data };
  });

/** A lead posted by a server with an API token (`POST /intake/leads`). */
export const serverLeadSchema = z
  .object({
    ...fieldShape,
    /** The taken offer the lead came through; must be the token user's own. */
    BoundTakenOffer: idSchema.nullish(),
    /** The offer, when no taken offer is named (or to double-check it). */
    BoundOffer: idSchema.nullish(),
    /** The buyer's address and browser, when the sender knows them (geo, bot and per-IP checks). */
    ip: z
      .string()
      .trim()
      .max(64)
      .refine((v) => isIP(v) !== 0, 'ip must be an IPv4 or IPv6 address')
      .nullish(),
    userAgent: z.string().max(1024).nullish(),
    client: clientReportSchema,
    /** Makes a retried post answer the lead it already created (unique per token user). */
    IdempotencyKey: z
      .string()
      .min(1)
      .max(128)
      .regex(/^[\x21-\x7e]+$/, 'IdempotencyKey may use printable ASCII without spaces')
      .nullish(),
    GenericData: genericSchema.nullish(),
  })
  .strict()
  .refine((b) => b.BoundTakenOffer != null || b.BoundOffer != null, {
    message: INTAKE_MESSAGES.offerMissing,
    path: ['BoundTakenOffer'],
  });

type WithFields = z.output<z.ZodObject<typeof fieldShape>>;

/** The form fields of a parsed body, as a lead keeps them. */
export function leadFields(body: WithFields, generic: Record<string, string | number | boolean>): LeadFields {
  return {
    name: body.name,
    phone: body.phone,
    quantity: body.quantity ?? null,
    uid: body.uid ?? null,
    c1: body.c1 ?? null,
    c2: body.c2 ?? null,
    c3: body.c3 ?? null,
    c4: body.c4 ?? null,
    c5: body.c5 ?? null,
    c6: body.c6 ?? null,
    stclickid: body.stclickid ?? null,
    generic,
  };
}

export type ClientReport = ClientBotReport | null;
