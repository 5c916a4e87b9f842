import { leadCalls } from '@leadmesh/schema';
import { bindEach } from '../../lib/call.ts';
import * as h from './leads.handlers.ts';

/** A publisher names only themself (BoundUser, or its older spelling authUser); publisher-side staff anyone. */
const publisherSide = ['staff', 'publisherManager'] as const;

export const leadRoutes = bindEach(leadCalls, h, {
  getLeadsForPublisher: {
    owns: [
      { user: 'BoundUser', bypass: publisherSide },
      { user: 'authUser', bypass: publisherSide },
    ],
  },
  // An advertiser names only their own advertiser; advertiser-side staff any.
  getLeadsForAdvertiser: {
    owns: [{ advertiser: 'BoundAdvertiser', bypass: ['staff', 'advertiserManager'] }],
  },
});
