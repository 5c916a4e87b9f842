import { leadCalls } from '@leadmesh/schema';
import { bind } from '../../lib/call.ts';
import * as h from './leads.handlers.ts';

/** A publisher names only themself (BoundUser, or its older spelling authUser); publisher-side staff anyone. */
const publisherSide = ['staff', 'publisherManager'] as const;

export const leadRoutes = [
  bind(leadCalls.getStatusCodes, h.getStatusCodes),
  bind(leadCalls.getLeadsForPublisher, h.getLeadsForPublisher, {
    owns: [
      { user: 'BoundUser', bypass: publisherSide },
      { user: 'authUser', bypass: publisherSide },
    ],
  }),
  // An advertiser names only their own advertiser; advertiser-side staff any.
  bind(leadCalls.getLeadsForAdvertiser, h.getLeadsForAdvertiser, {
    owns: [{ advertiser: 'BoundAdvertiser', bypass: ['staff', 'advertiserManager'] }],
  }),
  bind(leadCalls.getLeadsForAdmin, h.getLeadsForAdmin),
  bind(leadCalls.getAllBlockedLeadsDashboardAdmin, h.getAllBlockedLeadsDashboardAdmin),
  bind(leadCalls.getAllBlockedLeadsKPIAdmin, h.getAllBlockedLeadsKPIAdmin),
];
