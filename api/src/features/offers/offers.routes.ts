import { offerCalls } from '@leadmesh/schema';
import { bindEach } from '../../lib/call.ts';
import * as h from './offers.handlers.ts';

export const offerRoutes = bindEach(offerCalls, h, {
  // An advertiser names only their own advertiser; staff of the advertiser side name any.
  getAllOffersForAdvertiser: {
    owns: [
      { advertiser: 'BoundAdvertiser', bypass: ['staff', 'advertiserManager'] },
      { user: 'authUser', bypass: ['staff', 'advertiserManager'] },
    ],
  },
  // The catalogue is the caller's own: custom payouts and taken offers are theirs.
  getAllSelectableOffers: { owns: [{ user: 'BoundUser', bypass: [] }] },
  getSingleOffer: { owns: [{ user: 'BoundUser', bypass: [] }] },
});
