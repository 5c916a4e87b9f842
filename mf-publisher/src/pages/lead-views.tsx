import { LeadDashboard, LeadsView, PostbackView, StatisticView } from '@leadmesh/ui';
import type { ReactElement } from 'react';

/**
 * The publisher's lead screens, drawn by the shared views of the kit (the advertiser remote mounts
 * the same views for its role). Route path → element; App falls back to ComingSoon for the rest.
 */
export const LEAD_VIEW_ROUTES: Record<string, ReactElement> = {
  publisher: <LeadDashboard audience="publisher" path="publisher" />,
  'publisher-leads': <LeadsView audience="publisher" path="publisher-leads" />,
  postback: <PostbackView path="postback" />,
  'publisher-statistic': <StatisticView audience="publisher" path="publisher-statistic" />,
};
