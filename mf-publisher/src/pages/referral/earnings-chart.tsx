import { Column } from '@ant-design/charts';
import { formatUsd } from '@leadmesh/schema/constants';
import { BRAND, onElementClick } from '@leadmesh/ui';
import type { EarningsBar } from '../../lib/answers.ts';

/**
 * Referral earnings per day or per week as columns (`earningsBars`), labels upright; a click on a
 * column picks its period (issue 16 item 10). Its own module: @ant-design/charts is large, so it is
 * only downloaded when the overview draws it (STACK-NOTES trap 5; e2e/weight.spec.ts budgets).
 */
export default function EarningsChart({
  bars,
  dark,
  onPick,
}: {
  bars: EarningsBar[];
  dark: boolean;
  onPick(bar: EarningsBar): void;
}) {
  return (
    <div data-testid="earnings-chart" style={{ cursor: 'pointer' }}>
      <Column
        onReady={onElementClick<EarningsBar>(onPick)}
        data={bars}
        xField="label"
        yField="dollars"
        height={280}
        theme={dark ? 'classicDark' : 'classic'}
        style={{ fill: dark ? BRAND.primaryOnDark : BRAND.primary, radiusTopLeft: 3, radiusTopRight: 3 }}
        axis={{
          x: { title: false, labelAutoHide: true, labelAutoRotate: false },
          y: { title: false, labelFormatter: (v: number) => formatUsd(Math.round(v * 100)) },
        }}
        tooltip={{
          items: [
            { channel: 'y', name: 'Earned', valueFormatter: (v: number) => formatUsd(Math.round(v * 100)) },
          ],
        }}
        animate={{ enter: { type: 'growInY', duration: 500 } }}
      />
    </div>
  );
}
