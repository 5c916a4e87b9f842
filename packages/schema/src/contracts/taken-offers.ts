import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { takenOffers } from '../tables/taken-offers.ts';
import { defineCall } from './define.ts';
import { filtersSchema, idSchema, isoDateSchema } from './fields.ts';

const takenOfferRow = createSelectSchema(takenOffers);

/** A publisher's taken offer (dashboards §3); TakenOfferName is the offer's name. */
export const takenOfferSchema = takenOfferRow
  .pick({
    ID: true,
    BoundOffer: true,
    BoundDomain: true,
    BoundLandingWebsite: true,
    BoundPreLandingWebsite: true,
    FriendlyName: true,
  })
  .extend({ TakenOfferName: z.string(), createdAt: isoDateSchema });
export type TakenOffer = z.infer<typeof takenOfferSchema>;

/** The session publisher's ID, as the dashboard sends it; the session decides. */
const authUser = idSchema.optional();

/** Offers a publisher has taken, and their tracking links. */
export const takenOfferCalls = {
  addTakenOffer: defineCall({
    path: '/takenOffers/addTakenOffer',
    method: 'POST',
    summary: 'Take an offer on a domain with a landing and an optional prelanding page',
    spec: 'D',
    callers: ['publisher'],
    request: z.object({
      authUser,
      BoundOffer: idSchema,
      BoundDomain: idSchema,
      BoundLandingWebsite: idSchema,
      /** Null or absent for no prelanding. */
      BoundPreLandingWebsite: idSchema.nullable().optional(),
      FriendlyName: z
        .string()
        .trim()
        .max(100)
        .nullable()
        .optional()
        .transform((v) => (v === '' || v == null ? null : v)),
    }),
    response: takenOfferSchema,
  }),
  deleteTakenOffer: defineCall({
    path: '/takenOffers/deleteTakenOffer',
    method: 'POST',
    summary: 'Delete a taken offer (its tracking link stops working)',
    spec: 'D',
    callers: ['publisher'],
    request: z.object({ authUser, ID: idSchema }),
    response: z.null(),
  }),
  generateOfferLink: defineCall({
    path: '/takenOffers/generateOfferLink',
    method: 'POST',
    summary: 'The tracking link of a taken offer',
    spec: 'D',
    callers: ['publisher'],
    request: z.object({ authUser, ID: idSchema }),
    response: z.string().describe('Tracking link URL'),
  }),
  getAllTakenOffers: defineCall({
    path: '/takenOffers/getAllTakenOffers',
    method: 'POST',
    summary: "The publisher's taken offers, newest first",
    spec: 'D',
    callers: ['publisher'],
    request: z.object({ BoundUser: idSchema.optional(), Filters: filtersSchema }),
    response: z.array(takenOfferSchema),
  }),
};
