import type { PublisherOffer } from '@leadmesh/schema';
import { Money } from '@leadmesh/ui';
import { Button, Card, Flex, Tag, Tooltip, Typography } from 'antd';
import { approveRate, BADGE, Countries, OfferImage } from '../../lib/offer-view.tsx';

/**
 * A catalogue card (dashboards §2 Publisher offers): image (placeholder when broken), a 'new' badge
 * for offers created in the last 7 days, a Promoted tag, the figures a publisher decides on, and
 * Info, which opens the offer page.
 */
export function OfferCard({ offer, onInfo }: { offer: PublisherOffer; onInfo(): void }) {
  return (
    <Card
      data-testid="offer-card"
      data-offer-id={offer.ID}
      hoverable
      onClick={onInfo}
      styles={{ body: { padding: 16, display: 'flex', flexDirection: 'column', gap: 8, flex: 1 } }}
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      cover={
        <div style={{ padding: 12, paddingBottom: 0, position: 'relative' }}>
          <OfferImage images={offer.OfferImages} name={offer.OfferProductName || offer.OfferName} />
          <Flex gap={4} style={{ position: 'absolute', top: 20, left: 20 }}>
            {offer.isNew && (
              <Tag color={BADGE.new} variant="solid" data-testid="offer-new" style={{ marginInlineEnd: 0 }}>
                new
              </Tag>
            )}
            {offer.isPromoted && (
              <Tag
                color={BADGE.promoted}
                variant="solid"
                data-testid="offer-promoted"
                style={{ marginInlineEnd: 0 }}
              >
                Promoted
              </Tag>
            )}
          </Flex>
        </div>
      }
    >
      <Typography.Title level={5} style={{ margin: 0 }} data-testid="offer-name" ellipsis={{ rows: 2 }}>
        {offer.OfferName}
      </Typography.Title>
      <Typography.Text type="secondary" ellipsis>
        {offer.OfferProductBrand} · {offer.OfferProductName}
      </Typography.Text>
      <Flex justify="space-between" align="baseline" wrap gap={4}>
        <span>
          <Typography.Text type="secondary">Payout </Typography.Text>
          <Typography.Text strong style={{ fontSize: 18 }} data-testid="offer-payout">
            <Money cents={offer.OfferPayout} />
          </Typography.Text>
        </span>
        <Tooltip title="Approve rate over the last 30 days">
          <Typography.Text type="secondary">
            Approve {approveRate(offer.OfferMonthlyConversionRatio)}
          </Typography.Text>
        </Tooltip>
      </Flex>
      <Flex gap={6} wrap align="center">
        <Tag style={{ marginInlineEnd: 0 }}>{offer.OfferType}</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          <Countries value={offer.OfferCountry} />
        </Typography.Text>
        {offer.isTaken && (
          <Tag color="blue" data-testid="offer-taken" style={{ marginInlineEnd: 0 }}>
            Taken
          </Tag>
        )}
      </Flex>
      <div style={{ marginTop: 'auto', paddingTop: 4 }}>
        <Button
          block
          data-testid="offer-info"
          onClick={(e) => {
            e.stopPropagation();
            onInfo();
          }}
        >
          Info
        </Button>
      </div>
    </Card>
  );
}
