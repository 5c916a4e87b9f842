import { api } from '@leadmesh/api-client';
import { type Domain, type PublisherOffer, type PublisherWebsite, storedDomainHost } from '@leadmesh/schema';
import { formatMessage, MESSAGES } from '@leadmesh/schema/constants';
import { formatCount, LoadError, Money, SafeHtml, TagList } from '@leadmesh/ui';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Input,
  Row,
  Select,
  Skeleton,
  Steps,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { failureText, setTakenFlag } from '../../lib/answers.ts';
import { approveRate, BADGE, Countries, OfferImage } from '../../lib/offer-view.tsx';

/** The prelanding choice 'None' (a landing page alone). */
const NONE = 0;

type Loaded = { offer: PublisherOffer; domains: Domain[]; websites: PublisherWebsite[] };

/** A website choice with its preview link beside it (dashboards §2 Offer page: link preview). */
function Preview({ site }: { site: PublisherWebsite | undefined }) {
  if (!site) return null;
  return (
    <Typography.Link
      href={site.URL}
      target="_blank"
      rel="noreferrer"
      data-testid="website-preview"
      style={{ whiteSpace: 'nowrap' }}
    >
      Preview ↗
    </Typography.Link>
  );
}

/** The offer's picture, names, badges, facts and description. */
function OfferFacts({ offer }: { offer: PublisherOffer }) {
  return (
    <Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={10}>
          <OfferImage images={offer.OfferImages} name={offer.OfferProductName} height={200} fit="contain" />
        </Col>
        <Col xs={24} sm={14}>
          <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="article-product">
            {offer.OfferProductName}
          </Typography.Title>
          <Typography.Text type="secondary">{offer.OfferName}</Typography.Text>
          <div style={{ marginTop: 8 }}>
            <TagList>
              {offer.isPromoted && (
                <Tag color={BADGE.promoted} variant="solid">
                  Promoted
                </Tag>
              )}
              {offer.isNew && (
                <Tag color={BADGE.new} variant="solid">
                  new
                </Tag>
              )}
              {offer.isTaken && <Tag color="blue">You have taken this offer</Tag>}
            </TagList>
          </div>
        </Col>
      </Row>
      <Descriptions
        data-testid="article-facts"
        size="small"
        column={{ xs: 1, sm: 2 }}
        style={{ marginTop: 16 }}
        items={[
          { key: 'price', label: 'Price', children: offer.OfferProductPrice },
          {
            key: 'payout',
            label: 'Payout',
            children: (
              <strong data-testid="article-payout">
                <Money cents={offer.OfferPayout} />
              </strong>
            ),
          },
          { key: 'brand', label: 'Brand', children: offer.OfferProductBrand },
          { key: 'limit', label: 'Limit per day', children: formatCount(offer.OfferLimit) },
          { key: 'type', label: 'Offer type', children: offer.OfferType },
          {
            key: 'approve',
            label: 'Approve rate',
            children: approveRate(offer.OfferMonthlyConversionRatio),
          },
          { key: 'countries', label: 'Countries', children: <Countries value={offer.OfferCountry} /> },
          { key: 'payment', label: 'Payment type', children: 'COD (Cash on delivery)' },
        ]}
      />
      <Typography.Title level={5}>Description</Typography.Title>
      <SafeHtml html={offer.OfferDescription} data-testid="article-description" />
    </Card>
  );
}

/** The prelanding and landing choices: which pages, how each is named, and what it is asked for. */
const PAGE_CHOICES = {
  prelanding: {
    label: 'Prelanding page',
    placeholder: () => 'Optional: a page before the landing',
    leading: [{ value: NONE, label: 'None' }],
  },
  landing: {
    label: 'Landing page',
    placeholder: (count: number) =>
      count ? 'Choose the landing page' : 'This offer has no landing page yet',
    leading: [],
  },
};

/** A choice of one of the offer's pages, with the chosen page's preview link beside it. */
function PageChoice({
  kind,
  pages,
  value,
  onChange,
}: {
  kind: keyof typeof PAGE_CHOICES;
  pages: PublisherWebsite[];
  value: number | undefined;
  onChange(value: number): void;
}) {
  const choice = PAGE_CHOICES[kind];
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center', paddingBlock: 4 }}>
      <Select<number>
        data-testid={`step-${kind}`}
        aria-label={choice.label}
        placeholder={choice.placeholder(pages.length)}
        style={{ flex: 1, minWidth: 0 }}
        value={value}
        onChange={onChange}
        options={[...choice.leading, ...pages.map((w) => ({ value: w.ID, label: w.WebsiteName }))]}
      />
      <Preview site={pages.find((w) => w.ID === value)} />
    </div>
  );
}

/** The domain choice: the publisher's own domains and the platform's. */
function DomainChoice({
  domains,
  value,
  onChange,
}: {
  domains: Domain[];
  value: number | undefined;
  onChange(value: number): void;
}) {
  return (
    <div style={{ paddingBlock: 4 }}>
      <Select<number>
        data-testid="step-domain"
        aria-label="Domain"
        placeholder={domains.length ? 'Choose the domain for your traffic' : 'No domains yet'}
        style={{ width: '100%' }}
        value={value}
        onChange={onChange}
        options={domains.map((d) => ({
          value: d.ID,
          label: `${storedDomainHost(d.DomainName)}${d.isInternal ? ' (platform)' : ''}`,
        }))}
      />
      {domains.length === 0 && (
        <Typography.Text type="secondary">Add a domain on the Domains screen first.</Typography.Text>
      )}
    </div>
  );
}

type TakeResult = { type: 'success' | 'error'; text: string };

/** Taking the offer with the chosen pages; on success the offers screen opens after 1 second. */
function useTakeOffer(offer: PublisherOffer) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TakeResult | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const take = async (choice: { domain: number; prelanding: number; landing: number; name: string }) => {
    setBusy(true);
    setResult(null);
    const answer = await api.call('/takenOffers/addTakenOffer', {
      BoundOffer: offer.ID,
      BoundDomain: choice.domain,
      BoundLandingWebsite: choice.landing,
      BoundPreLandingWebsite: choice.prelanding === NONE ? null : choice.prelanding,
      FriendlyName: choice.name.trim() || null,
    });
    if (answer.status === 'ok') {
      setResult({
        type: 'success',
        text: formatMessage(MESSAGES.takeOfferSuccess, { product: offer.OfferProductName }),
      });
      setTakenFlag();
      timer.current = setTimeout(() => navigate('/dashboard/publisher-offers'), 1000);
    } else {
      setBusy(false);
      setResult({
        type: 'error',
        text: failureText(
          answer,
          answer.details?.message ?? 'Taking the offer failed, check your choices and try again.',
        ),
      });
    }
  };
  return { busy, result, take };
}

/** The steps to take the offer, each shown once the one before is done. */
function TakeOfferCard({ offer, domains, websites }: Loaded) {
  const [domain, setDomain] = useState<number>();
  const [prelanding, setPrelanding] = useState<number>();
  const [landing, setLanding] = useState<number>();
  const [name, setName] = useState('');
  const { busy, result, take } = useTakeOffer(offer);
  const landings = websites.filter((w) => w.WebsiteType === 'Landing');
  const prelandings = websites.filter((w) => w.WebsiteType !== 'Landing');
  const current = domain === undefined ? 0 : prelanding === undefined ? 1 : landing === undefined ? 2 : 3;
  const submit = () => {
    if (domain === undefined || landing === undefined || prelanding === undefined) return;
    void take({ domain, prelanding, landing, name });
  };

  return (
    <Card title="Take this offer" data-testid="take-offer">
      <Steps
        orientation="vertical"
        size="small"
        current={current}
        items={[
          {
            title: 'Domain',
            content: <DomainChoice domains={domains} value={domain} onChange={setDomain} />,
          },
          {
            title: 'Prelanding',
            content: domain !== undefined && (
              <PageChoice kind="prelanding" pages={prelandings} value={prelanding} onChange={setPrelanding} />
            ),
          },
          {
            title: 'Landing',
            content: prelanding !== undefined && (
              <PageChoice kind="landing" pages={landings} value={landing} onChange={setLanding} />
            ),
          },
          {
            title: 'Name and take',
            content: landing !== undefined && (
              <div style={{ display: 'grid', gap: 8, paddingBlock: 4 }}>
                <Input
                  data-testid="step-name"
                  aria-label="Custom name (optional)"
                  placeholder="Custom name (optional), e.g. Facebook campaign"
                  maxLength={100}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                />
                <Button
                  type="primary"
                  data-testid="take-offer-submit"
                  loading={busy}
                  disabled={result?.type === 'success'}
                  onClick={submit}
                >
                  Take offer
                </Button>
              </div>
            ),
          },
        ]}
      />
      {result && (
        <Alert
          type={result.type}
          showIcon
          data-testid={result.type === 'success' ? 'take-offer-success' : 'take-offer-error'}
          title={result.text}
          style={{ marginTop: 8 }}
        />
      )}
    </Card>
  );
}

/**
 * The offer page (dashboards §2): the offer's facts and description, then the steps to take it, each
 * shown once the one before is done: domain → prelanding (None or a page) → landing → custom name
 * and Take offer. On success the message shows and, after 1 second, the offers screen opens on the
 * taken table.
 */
export function ArticleScreen() {
  const { offerId } = useParams();
  const id = Number(offerId);
  const [data, setData] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const load = useCallback(async () => {
    setFailed(null);
    setData(null);
    if (!Number.isSafeInteger(id) || id <= 0) {
      setFailed('This offer does not exist.');
      return;
    }
    const [offer, domains, websites] = await Promise.all([
      api.call('/offers/getSingleOffer', { ID: id }),
      api.call('/domains/getDomains', { showInternal: true, ID: id }),
      api.call('/websites/getAllWebsites', { BoundOffer: id }),
    ]);
    if (offer.status !== 'ok') {
      setFailed(
        offer.data === 'NOT_FOUND'
          ? 'This offer does not exist or is no longer available.'
          : failureText(offer, MESSAGES.errorGettingData),
      );
      return;
    }
    if (domains.status !== 'ok' || websites.status !== 'ok') {
      setFailed(MESSAGES.errorGettingData);
      return;
    }
    setData({ offer: offer.data, domains: domains.data, websites: websites.data });
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  if (failed) {
    return <LoadError message={failed} onRetry={() => void load()} testId="article-error" />;
  }
  if (!data) return <Skeleton active avatar paragraph={{ rows: 8 }} />;

  return (
    <div data-testid="article">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <OfferFacts offer={data.offer} />
        </Col>
        <Col xs={24} lg={10}>
          <TakeOfferCard {...data} />
        </Col>
      </Row>
    </div>
  );
}
