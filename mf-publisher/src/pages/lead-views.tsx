import { lazyScreen } from '@leadmesh/federation';
import { renderLeadTimeline } from '@leadmesh/ui';
import type { ReactElement } from 'react';

// Each view is its own chunk: the dashboard does not carry the leads table's and postbacks' antd parts.
const LeadDashboard = lazyScreen(() => import('@leadmesh/ui').then(({ LeadDashboard }) => LeadDashboard));
const LeadsView = lazyScreen(() => import('@leadmesh/ui').then(({ LeadsView }) => LeadsView));
const PostbackView = lazyScreen(() => import('@leadmesh/ui').then(({ PostbackView }) => PostbackView));
const StatisticView = lazyScreen(() => import('@leadmesh/ui').then(({ StatisticView }) => StatisticView));

/**
 * The publisher's lead screens, drawn by the shared views of the kit (the advertiser remote mounts
 * the same views for its role). Route path → element; App falls back to ComingSoon for the rest.
 */
export const LEAD_VIEW_ROUTES: Record<string, ReactElement> = {
  publisher: <LeadDashboard audience="publisher" path="publisher" />,
  'publisher-leads': (
    <LeadsView audience="publisher" path="publisher-leads" renderTimeline={renderLeadTimeline} />
  ),
  postback: <PostbackView path="postback" />,
  'publisher-statistic': <StatisticView audience="publisher" path="publisher-statistic" />,
};
