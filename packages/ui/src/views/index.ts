export * from './common.tsx';
export * from './dashboard-logic.ts';
export * from './LeadDashboard.tsx';
export * from './LeadsView.tsx';
export * from './LeadTimelineOf.tsx';
export * from './PostbackView.tsx';
export * from './StatisticView.tsx';
