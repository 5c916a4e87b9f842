import { formatUsd, MESSAGES } from '@leadmesh/schema/constants';
import { Alert } from 'antd';
import { payoutPreview } from './money-preview.ts';

/**
 * The Final calculations area (admin §2) and the custom payout calculator (public §5): what the
 * advertiser pays, what the platform takes, what the publisher gets, and the losing-money warning.
 */
export function PayoutCalculator(props: {
  payout: string;
  tax: string | number;
  automaticTax: boolean;
  advertiserPaysCents?: number;
}) {
  const p = payoutPreview(props);
  return (
    <div
      data-testid="final-calculations"
      style={{
        border: '1px solid rgba(127,127,127,0.3)',
        borderRadius: 6,
        padding: '8px 12px',
        margin: '8px 0',
      }}
    >
      <div style={{ fontWeight: 600, marginBottom: 4 }}>Final calculations</div>
      {!p ? (
        <div style={{ opacity: 0.7 }}>Enter a payout and a platform tax below 100 to see the split.</div>
      ) : (
        <>
          <div style={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: '2px 16px' }}>
            <span>Advertiser pays</span>
            <strong data-testid="calc-advertiser">{formatUsd(p.advertiserPays)}</strong>
            <span>Platform takes ({props.tax}%)</span>
            <strong data-testid="calc-platform">{formatUsd(p.platformTakes)}</strong>
            <span>Publisher gets</span>
            <strong data-testid="calc-publisher">{formatUsd(p.publisherGets)}</strong>
          </div>
          {p.losing && (
            <Alert
              type="error"
              showIcon
              data-testid="calc-losing"
              title={MESSAGES.platformLosingMoney}
              style={{ marginTop: 6 }}
            />
          )}
        </>
      )}
    </div>
  );
}
