import { api } from '@leadmesh/api-client';
import { ADVERTISER_OFFER_LIST, type AdvertiserOffer, type FilterItem } from '@leadmesh/schema';
import {
  approveRateText,
  countryOptions,
  InfoList,
  ListTable,
  Money,
  Screen,
  useList,
  ViewStyles,
} from '@leadmesh/ui';
import { Button, Popover, Space, Tag, Typography } from 'antd';
import { useCallback } from 'react';

function countries(joined: string): string {
  const codes = joined.split('~').filter(Boolean);
  if (codes.length === 0) return '—';
  return codes.map((code) => countryOptions().find((o) => o.value === code)?.name ?? code).join(', ');
}

function MoreInfo({ offer }: { offer: AdvertiserOffer }) {
  return (
    <div data-testid="offer-info" style={{ maxWidth: 320 }}>
      <InfoList
        items={[
          ['Country', countries(offer.OfferCountry)],
          ['Type', offer.OfferType],
          ['Payout', <Money key="p" cents={offer.OfferPayout} />],
          [
            'Approve rate',
            <span key="r" data-testid="offer-approve-rate">
              {approveRateText(offer.OfferMonthlyConversionRatio)}
            </span>,
          ],
          ['Limit per day', offer.OfferLimit],
        ]}
      />
    </div>
  );
}

/**
 * The advertiser's offers (dashboards §2 Advertiser offers list): Offer name and Product, a More
 * info dropdown (country, type, payout, approve rate or '?'), newest first, with search, filters
 * and infinite scroll.
 */
export function AdvertiserOffers({ path }: { path: string }) {
  const load = useCallback(
    ({ offset, filters }: { offset: number; filters: FilterItem[] }) =>
      api.call('/offers/getAllOffersForAdvertiser', { paginationOffset: offset, Filters: filters }),
    [],
  );
  const controller = useList<AdvertiserOffer>(load);
  return (
    <Screen path={path}>
      <ViewStyles />
      <ListTable<AdvertiserOffer>
        controller={controller}
        list={ADVERTISER_OFFER_LIST}
        emptyText="No offers yet. Your account manager sets up your offers."
        columns={[
          {
            title: 'Offer name',
            dataIndex: 'OfferName',
            render: (name: string, offer) => (
              <Space size={6} wrap>
                <span data-testid="offer-name">{name}</span>
                {!offer.OfferActive && <Tag>Paused</Tag>}
                {offer.isPromoted && <Tag color="gold">Promoted</Tag>}
              </Space>
            ),
          },
          {
            title: 'Product',
            dataIndex: 'OfferProductName',
            render: (product: string, offer) => (
              <Space orientation="vertical" size={0}>
                <span>{product}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {offer.OfferProductBrand}
                </Typography.Text>
              </Space>
            ),
          },
          { field: 'createdAt' },
          {
            key: 'actions',
            render: (_: unknown, offer) => (
              <Popover
                trigger="click"
                placement="bottomRight"
                title={offer.OfferName}
                content={<MoreInfo offer={offer} />}
              >
                <Button size="small" data-testid="offer-more-info">
                  More info
                </Button>
              </Popover>
            ),
          },
        ]}
      />
    </Screen>
  );
}
