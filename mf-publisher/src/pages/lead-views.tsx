import { lazyScreen } from '@leadmesh/federation';
import { renderLeadTimeline } from '@leadmesh/ui';
import { LeadDashboard } from '@leadmesh/ui/views/LeadDashboard';
import type { ReactElement } from 'react';

// Each view by its own module path, not the kit's barrel (one import('@leadmesh/ui') made one chunk of
// every view): the dashboard does not carry the leads table's, the postbacks' and the statistic's code.
const LeadsView = lazyScreen(() => import('@leadmesh/ui/views/LeadsView').then(({ LeadsView }) => LeadsView));
const PostbackView = lazyScreen(() =>
  import('@leadmesh/ui/views/PostbackView').then(({ PostbackView }) => PostbackView),
);
const StatisticView = lazyScreen(() =>
  import('@leadmesh/ui/views/StatisticView').then(({ StatisticView }) => StatisticView),
);

/**
 * The dashboard, in the App's own chunk: the shell preloads that with the page, and the dashboard
 * draws its KPI tiles before antd has loaded (decision 0064), so it sits outside the App's antd theme.
 */
export const FIRST_SCREEN_ROUTES: Record<string, ReactElement> = {
  publisher: <LeadDashboard audience="publisher" path="publisher" />,
};

/**
 * The publisher's other lead screens, drawn by the shared views of the kit (the advertiser remote mounts
 * the same views for its role). Route path → element; App falls back to ComingSoon for the rest.
 */
export const LEAD_VIEW_ROUTES: Record<string, ReactElement> = {
  'publisher-leads': (
    <LeadsView audience="publisher" path="publisher-leads" renderTimeline={renderLeadTimeline} />
  ),
  postback: <PostbackView path="postback" />,
  'publisher-statistic': <StatisticView audience="publisher" path="publisher-statistic" />,
};
