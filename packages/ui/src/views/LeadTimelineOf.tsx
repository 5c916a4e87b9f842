import { api } from '@leadmesh/api-client';
import { lazy, Suspense, useCallback } from 'react';
import { Spinner } from '../ScreenLoading.tsx';

// Its own chunk: the lead lists load without it, More info fetches it (the publisher's page-weight
// budget, e2e/weight.spec.ts).
const LeadTimeline = lazy(() => import('../LeadTimeline.tsx').then((m) => ({ default: m.LeadTimeline })));

/**
 * A lead's timeline as the session may see it (`/leads/getLeadTimeline`: admins all of it, the
 * lead's publisher or advertiser their part), with Replay on the postback attempts the server marks
 * as the viewer's to send again (`/postback/replayPostbackDelivery`, decision 0019).
 */
export function LeadTimelineOf({ leadId }: { leadId: number }) {
  const load = useCallback(() => api.call('/leads/getLeadTimeline', { ID: leadId }), [leadId]);
  const replay = useCallback(
    (deliveryId: number) => api.call('/postback/replayPostbackDelivery', { ID: deliveryId }),
    [],
  );
  return (
    <Suspense fallback={<Spinner testId="timeline-loading" />}>
      <LeadTimeline load={load} onReplay={replay} />
    </Suspense>
  );
}

/** `LeadsView`'s `renderTimeline` for the publisher's and advertiser's lead lists. */
export const renderLeadTimeline = (leadId: number) => <LeadTimelineOf leadId={leadId} />;
