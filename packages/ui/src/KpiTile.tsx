import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';

/** A figure tile of a dashboard or report (count, money, percent). */
export function KpiTile({
  title,
  value,
  testId,
  suffix,
  precision,
  footer,
}: {
  title: ReactNode;
  value: number | string;
  testId?: string;
  suffix?: ReactNode;
  precision?: number;
  /** A line under the figure (e.g. the change from the period before). */
  footer?: ReactNode;
}) {
  return (
    <Card
      size="small"
      data-testid={testId ?? 'kpi-tile'}
      style={{ minWidth: 0 }}
      styles={{ body: { padding: '6px 12px' } }}
    >
      <Statistic
        title={<span style={{ fontSize: 12 }}>{title}</span>}
        value={value}
        suffix={suffix}
        precision={precision}
        styles={{ content: { fontSize: 20 } }}
      />
      {footer && <div style={{ fontSize: 12, marginTop: 2 }}>{footer}</div>}
    </Card>
  );
}

/** Tiles in a wrapping row. */
export function KpiRow({ children }: { children: ReactNode }) {
  return (
    <div
      data-testid="kpi-row"
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
        gap: 8,
        marginBottom: 12,
      }}
    >
      {children}
    </div>
  );
}
