import { leadCalls } from '@leadmesh/schema';
import { bindEach, requireCaller } from '../../lib/call.ts';
import { dashboardData } from './dashboards.service.ts';
import { leadReport, statsPerUser } from './lead-report.service.ts';

export const dashboardRoutes = bindEach(
  leadCalls,
  {
    getLeadStatsForFrontendAdminDashboard: (input, ctx) =>
      leadReport(ctx.db, { ...input, filters: input.filters ?? input.Filters, now: ctx.deps.now() }),
    getLeadStatsPerUser: (input, ctx) =>
      statsPerUser(ctx.db, requireCaller(ctx), input.filters ?? input.Filters),
    getLeadsForPublisherDashboard: (input, ctx) =>
      dashboardData(ctx.db, { userId: input.BoundUser ?? requireCaller(ctx).user.ID }, input.Filters),
    /** An advertiser's own (their profile's) unless staff name one; a user without a profile has none. */
    getLeadsForAdvertiserDashboard: async (input, ctx) => {
      const advertiserId = input.BoundAdvertiser ?? requireCaller(ctx).advertiser?.ID;
      return dashboardData(ctx.db, { advertiserId: advertiserId ?? 0 }, input.Filters);
    },
  },
  {
    // admin-dashboard?p=: staff open the dashboards of the accounts they may manage (a publisher
    // manager publishers only, never a staff account unless they are an admin), as for the user calls.
    getLeadsForPublisherDashboard: { owns: [{ account: 'BoundUser' }] },
    getLeadsForAdvertiserDashboard: {
      owns: [{ advertiser: 'BoundAdvertiser', bypass: ['staff', 'advertiserManager'] }],
    },
  },
);
