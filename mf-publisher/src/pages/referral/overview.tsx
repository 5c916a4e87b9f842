import { api } from '@leadmesh/api-client';
import type { ReferralOverview } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { useSessionStore } from '@leadmesh/session';
import { isNotVerified, LoadError, Money, NotVerified, useFeedback } from '@leadmesh/ui';
import { Alert, Button, Card, Col, Empty, Input, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { earningsBars, earningsSeries, failureText, periodLink, referralLink } from '../../lib/answers.ts';
import { Panel } from '../../lib/ui.tsx';

// Named so the chart library stays in one chunk fetched with the first chart (decision 0101).
const EarningsChart = lazy(() => import(/* webpackChunkName: "charts" */ './earnings-chart.tsx'));

/** The referral link to share and copy, or why there is none. */
function ReferralLinkPanel({ link }: { link: string | null }) {
  const [copied, setCopied] = useState(false);
  const feedback = useFeedback();
  const copy = async () => {
    if (link) setCopied(await feedback.copy(link, 'Referral link'));
  };
  return (
    <Panel title="Your referral link" testId="referral-link-panel">
      {link ? (
        <>
          <Typography.Paragraph type="secondary">
            Share this link. Publishers and advertisers who sign up through it earn you a share of their
            results.
          </Typography.Paragraph>
          <Space.Compact style={{ width: '100%', maxWidth: 640 }}>
            <Input readOnly value={link} data-testid="referral-link" aria-label="Referral link" />
            <Button type="primary" data-testid="referral-link-copy" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </Space.Compact>
        </>
      ) : (
        <Alert
          type="info"
          showIcon
          data-testid="referral-disabled"
          title="The referral programme is not enabled for your account yet. Your manager can enable it."
        />
      )}
    </Panel>
  );
}

/** Total earnings, earning referrals and sign-ups through the link. */
function ReferralCounts({ data }: { data: ReferralOverview }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={24} sm={8}>
        <Card style={{ height: '100%' }}>
          <Statistic
            title="Total referral earnings"
            valueRender={() => (
              <span data-testid="referral-total">
                <Money cents={data.TotalEarned} />
              </span>
            )}
          />
        </Card>
      </Col>
      <Col xs={12} sm={8}>
        <Card style={{ height: '100%' }}>
          <Statistic title="Earning referrals" value={data.UniqueCount} data-testid="referral-unique" />
        </Card>
      </Col>
      <Col xs={12} sm={8}>
        <Card style={{ height: '100%' }}>
          <Statistic title="Sign-ups via link" value={data.RegisterCount} data-testid="referral-registers" />
        </Card>
      </Col>
    </Row>
  );
}

/** Earnings per day or week of the last 90 days; a bar opens the lists on its period. */
function EarningsPanel({ earnings }: { earnings: ReferralOverview['EarningsOverTime'] }) {
  const dark = useSessionStore((s) => s.theme) === 'dark';
  const navigate = useNavigate();
  const points = useMemo(() => earningsSeries(earnings ?? {}), [earnings]);
  const chart = useMemo(() => earningsBars(points), [points]);
  return (
    <Panel
      title={`Referral earnings per ${chart.unit}, in $ (last 90 days)`}
      extra={
        points.length > 0 && (
          <Typography.Text type="secondary">Click a {chart.unit} to see what it counts</Typography.Text>
        )
      }
      testId="referral-earnings"
    >
      {points.length === 0 ? (
        <Empty data-testid="referral-empty" description={MESSAGES.noReferrals} />
      ) : (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 280 }} />}>
          <EarningsChart
            bars={chart.bars}
            dark={dark}
            onPick={(bar) => navigate(periodLink('publisher', bar))}
          />
        </Suspense>
      )}
    </Panel>
  );
}

/**
 * Referral overview (dashboards §2 Referrals): earnings over time, the unique and sign-up counts and
 * the referral link `{host}/#/?ref={code}`. A user whose programme is not enabled gets no link
 * (review: isRefferalEnabled).
 */
export function ReferralOverviewScreen() {
  const [data, setData] = useState<ReferralOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notVerified, setNotVerified] = useState(false);

  const load = useCallback(async () => {
    setError(null);
    setData(null);
    const answer = await api.call('/referral/getReferralOverview', {});
    if (answer.status === 'ok') setData(answer.data);
    else if (isNotVerified(answer)) setNotVerified(true);
    else setError(failureText(answer, MESSAGES.errorGettingData));
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  // The server refused an unverified account (the session changed since the shell checked it).
  if (notVerified) return <NotVerified />;
  if (error) return <LoadError message={error} onRetry={() => void load()} testId="referral-error" />;
  if (!data) return <Skeleton active paragraph={{ rows: 8 }} />;

  return (
    <div data-testid="referral-overview">
      <ReferralLinkPanel link={data.RefCode ? referralLink(window.location.origin, data.RefCode) : null} />
      <ReferralCounts data={data} />
      <EarningsPanel earnings={data.EarningsOverTime} />
    </div>
  );
}
