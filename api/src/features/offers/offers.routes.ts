import { offerCalls } from '@leadmesh/schema';
import { bind } from '../../lib/call.ts';
import * as h from './offers.handlers.ts';

export const offerRoutes = [
  bind(offerCalls.addOffer, h.addOffer),
  bind(offerCalls.editOffer, h.editOffer),
  bind(offerCalls.deleteOffer, h.deleteOffer),
  bind(offerCalls.getOfferByID, h.getOfferByID),
  bind(offerCalls.getAllOffers, h.getAllOffers),
  bind(offerCalls.getAllOfferNames, h.getAllOfferNames),
  // An advertiser names only their own advertiser; staff of the advertiser side name any.
  bind(offerCalls.getAllOffersForAdvertiser, h.getAllOffersForAdvertiser, {
    owns: [
      { advertiser: 'BoundAdvertiser', bypass: ['staff', 'advertiserManager'] },
      { user: 'authUser', bypass: ['staff', 'advertiserManager'] },
    ],
  }),
  // The catalogue is the caller's own: custom payouts and taken offers are theirs.
  bind(offerCalls.getAllSelectableOffers, h.getAllSelectableOffers, {
    owns: [{ user: 'BoundUser', bypass: [] }],
  }),
  bind(offerCalls.getSingleOffer, h.getSingleOffer, { owns: [{ user: 'BoundUser', bypass: [] }] }),
];
