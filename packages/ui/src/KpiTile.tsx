import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';

/** A figure tile of a dashboard or report (count, money, percent). */
export function KpiTile({
  title,
  value,
  testId,
  suffix,
  precision,
}: {
  title: ReactNode;
  value: number | string;
  testId?: string;
  suffix?: ReactNode;
  precision?: number;
}) {
  return (
    <Card size="small" data-testid={testId ?? 'kpi-tile'} style={{ minWidth: 150, flex: '1 1 150px' }}>
      <Statistic title={title} value={value} suffix={suffix} precision={precision} />
    </Card>
  );
}

/** Tiles in a wrapping row. */
export function KpiRow({ children }: { children: ReactNode }) {
  return <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>{children}</div>;
}
