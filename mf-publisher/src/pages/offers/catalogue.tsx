import { api } from '@leadmesh/api-client';
import { CATALOGUE_LIST, type PublisherOffer } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { EndMarker, ListToolbar, LoadError, useList } from '@leadmesh/ui';
import { Empty, Skeleton } from 'antd';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { OfferCard } from './offer-card.tsx';

/**
 * The catalogue ('Take offer' mode): search box, filter panel and offer cards with infinite scroll. With promoted
 * offers shown, the first page starts with them and later offsets count only the others
 * (dashboards §4: the offset subtracts the promoted items already loaded).
 */
export function Catalogue({ showPromoted }: { showPromoted: boolean }) {
  const navigate = useNavigate();
  const promotedLoaded = useRef(0);
  const controller = useList<PublisherOffer>(async ({ offset, filters: current }) => {
    const first = offset === 0;
    const answer = await api.call('/offers/getAllSelectableOffers', {
      paginationOffset: first ? 0 : Math.max(0, offset - promotedLoaded.current),
      Filters: current,
      showNewOffers: first && showPromoted,
    });
    if (first && answer.status === 'ok') {
      promotedLoaded.current = showPromoted ? answer.data.DBData.filter((o) => o.isPromoted).length : 0;
    }
    return answer;
  });
  const list = controller.list;

  let body: React.ReactNode;
  if (list.error) {
    body = <LoadError onRetry={list.reload} testId="catalogue-error" />;
  } else if (list.loading && list.rows.length === 0) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (list.rows.length === 0) {
    body = <Empty data-testid="catalogue-empty" description={MESSAGES.noDataToDisplay} />;
  } else {
    body = (
      <div
        data-testid="offer-grid"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 250px), 1fr))',
          gap: 16,
        }}
      >
        {list.rows.map((offer) => (
          <OfferCard key={offer.ID} offer={offer} onInfo={() => navigate(`/dashboard/article/${offer.ID}`)} />
        ))}
      </div>
    );
  }
  return (
    <div data-testid="catalogue">
      <ListToolbar controller={controller} list={CATALOGUE_LIST} />
      {body}
      {!list.ended && list.rows.length > 0 && <EndMarker onVisible={list.loadMore} />}
    </div>
  );
}
