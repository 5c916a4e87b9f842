import { Bar, Column, Line, Pie } from '@ant-design/charts';
import type { DashboardData, LeadsPerDay } from '@leadmesh/schema';
import { formatUsd } from '@leadmesh/schema/constants';
import { Card, Empty } from 'antd';
import type { ReactNode } from 'react';
import { countryOptions } from '../CountrySelect.tsx';
import { onElementClick } from '../chart-events.ts';
import { formatDay, formatDayShort } from '../format.ts';
import { CHART_HEIGHT, ChartTurn } from './chart-slots.tsx';
import {
  type ChartClick,
  type ChartKey,
  clickFromDatum,
  conversionSlices,
  type DashboardKpis,
  formatCount,
  formatRatio,
  integerTicks,
  type LeadRole,
  pairedSeries,
  topOf,
} from './dashboard-logic.ts';

export interface DashboardChartsProps {
  role: LeadRole;
  data: DashboardData;
  kpis: DashboardKpis;
  dark: boolean;
  onPick(click: ChartClick): void;
}

/** The spec's chart rules (dashboards §2): y-axis offset 80, integer ticks, animations 300-1000 ms. */
const Y_AXIS_OFFSET = 80;
const ANIMATE = { enter: { type: 'growInY', duration: 600 } } as const;
const HEIGHT = CHART_HEIGHT;
/** Donut ring 30 px wide (dashboards §2) on a chart of HEIGHT: the inner radius as a share of the outer. */
const DONUT_INNER = 1 - 30 / ((HEIGHT - 40) / 2);
const DONUT_START = (270 * Math.PI) / 180;
const STATUS_COLOURS = { Converted: '#52c41a', Failed: '#ff4d4f', Waiting: '#8c8c8c' };

/**
 * A count axis: from zero (a range whose days all count 1 would otherwise have one tick, no
 * baseline), with whole-number ticks whatever the count (1-5 leads show 0, 1, 2…), each labelled
 * with thousands separators.
 */
const COUNT_SCALE = { zero: true, nice: true, tickMethod: integerTicks } as const;
const countLabel = (v: unknown) => formatCount(Number(v));
/** The day's tooltip title: the product's whole day (`DD-MM-YYYY`), the axis showing `DD-MM`. */
const dayTooltipTitle = (d: { day?: string }) => formatDay(d.day);
/** Day labels, about eight of them whatever the range: every n-th day's label is drawn. */
const dayAxis = (count: number) => {
  const step = Math.max(1, Math.ceil(count / 8));
  return {
    labelFormatter: (v: unknown) => formatDayShort(String(v)),
    labelAutoRotate: false,
    labelFilter: (_: unknown, index: number) => index % step === 0,
  };
};
/** The axes of a per-day count chart: days along the bottom, counts 80 px from the left. */
const dayCountAxes = (days: number) => ({
  x: dayAxis(days),
  y: { labelFormatter: countLabel, labelSpacing: 4, size: Y_AXIS_OFFSET },
});
const countryName = (code: string) => countryOptions().find((o) => o.value === code)?.name ?? code;

/** What every chart of the dashboard shares: size, theme, entry animation and its click handler. */
interface ChartBase {
  common: { height: number; autoFit: true; theme: string; animate: typeof ANIMATE };
  clicks(key: ChartKey): { onReady: ReturnType<typeof onElementClick> };
}

function ChartCard({
  title,
  chart,
  children,
  wide = false,
  height = HEIGHT,
}: {
  title: string;
  chart: ChartKey;
  children: ReactNode;
  wide?: boolean;
  /** The drawing area's height, held while the chart waits for its turn. */
  height?: number;
}) {
  return (
    <Card
      size="small"
      title={title}
      data-testid={`chart-${chart}`}
      className={wide ? 'lm-chart-wide' : undefined}
    >
      {/* One chart per turn, its place held meanwhile (chart-slots.tsx): the tiles never wait for all seven. */}
      <ChartTurn height={height}>{children}</ChartTurn>
    </Card>
  );
}

function NoData() {
  return (
    <div style={{ height: HEIGHT, display: 'grid', placeItems: 'center' }}>
      <Empty description="No leads in this selection" image={Empty.PRESENTED_IMAGE_SIMPLE} />
    </div>
  );
}

/** The donut of converted, failed and waiting leads, the conversion rate in its middle. */
function OutcomeChart({ base, kpis, dark }: { base: ChartBase; kpis: DashboardKpis; dark: boolean }) {
  // The counts ride in the legend, so no outside label can be cut off on a narrow screen.
  const slices = conversionSlices(kpis).map((slice) => ({
    ...slice,
    status: slice.type as keyof typeof STATUS_COLOURS,
    type: `${slice.type} · ${formatCount(slice.value)}`,
  }));
  return (
    <ChartCard title="Leads by outcome (conversion rate inside)" chart="conversion">
      {slices.length === 0 ? (
        <NoData />
      ) : (
        <Pie
          {...base.common}
          data={slices}
          angleField="value"
          colorField="type"
          innerRadius={DONUT_INNER}
          radius={1}
          startAngle={DONUT_START}
          endAngle={DONUT_START + Math.PI * 2}
          scale={{
            color: {
              domain: slices.map((s) => s.type),
              range: slices.map((s) => STATUS_COLOURS[s.status]),
            },
          }}
          label={false}
          annotations={[
            {
              type: 'text',
              style: {
                text: formatRatio(kpis.ratio),
                x: '50%',
                y: '50%',
                textAlign: 'center',
                textBaseline: 'middle',
                fontSize: 22,
                fontWeight: 600,
                fill: dark ? '#fff' : '#1f1f1f',
              },
              tooltip: false,
            },
          ]}
          legend={{ color: { position: 'bottom', layout: { justifyContent: 'center' } } }}
          animate={{ enter: { type: 'waveIn', duration: 800 } }}
        />
      )}
    </ChartCard>
  );
}

/**
 * The day's leads against a part of them (converted, from unique IPs), as lines with points (a
 * range of one day is a point).
 */
interface PairedLine {
  chart: ChartKey;
  title: string;
  /** The total's name in the legend. */
  totalName: string;
  part: { name: string; colour: string; pick(row: LeadsPerDay): number };
}

const TOTAL_COLOUR = '#2f54eb';

function PairedLineChart({ base, days, chart }: { base: ChartBase; days: LeadsPerDay[]; chart: PairedLine }) {
  const { totalName, part } = chart;
  const total = { name: totalName, pick: (row: LeadsPerDay) => row.LeadCount };
  return (
    <ChartCard title={chart.title} chart={chart.chart}>
      {days.length === 0 ? (
        <NoData />
      ) : (
        <Line
          {...base.common}
          {...base.clicks(chart.chart)}
          data={pairedSeries(days, total, part)}
          xField="day"
          yField="value"
          colorField="series"
          scale={{
            color: { domain: [totalName, part.name], range: [TOTAL_COLOUR, part.colour] },
            y: COUNT_SCALE,
          }}
          // A week or less is a few lone points, too small to see at the size that suits two months.
          point={{ shapeField: 'circle', sizeField: days.length <= 7 ? 4 : 2 }}
          // The part dashed on top: it often equals the total, and would hide under it.
          style={{
            lineWidth: 2,
            lineDash: (points: { series: string }[]) => (points[0]?.series === part.name ? [6, 4] : [0, 0]),
          }}
          axis={dayCountAxes(days.length)}
          tooltip={{ title: dayTooltipTitle }}
          legend={{ color: { position: 'bottom' } }}
        />
      )}
    </ChartCard>
  );
}

function MoneyChart({ base, days, role }: { base: ChartBase; days: LeadsPerDay[]; role: LeadRole }) {
  return (
    <ChartCard
      title={role === 'publisher' ? 'Earnings per day, in $' : 'Spending per day, in $'}
      chart="money"
    >
      {days.length === 0 ? (
        <NoData />
      ) : (
        <Column
          {...base.common}
          {...base.clicks('money')}
          data={days.map((r) => ({ day: r.LeadDate, value: r.LeadEarnings / 100 }))}
          xField="day"
          yField="value"
          axis={{
            x: dayAxis(days.length),
            y: { labelFormatter: (v: number) => formatUsd(Math.round(v * 100)), size: Y_AXIS_OFFSET },
          }}
          tooltip={{
            title: dayTooltipTitle,
            items: [{ channel: 'y', valueFormatter: (v: number) => formatUsd(Math.round(v * 100)) }],
          }}
          style={{ fill: '#13a8a8', radiusTopLeft: 3, radiusTopRight: 3 }}
        />
      )}
    </ChartCard>
  );
}

/** A top list as horizontal bars: cities, countries, offers. */
function TopBarChart({
  base,
  title,
  chart,
  data,
  fill,
  barWidth = 20,
  wide = false,
}: {
  base: ChartBase;
  title: string;
  chart: ChartKey;
  data: { name: string; count: number }[];
  fill: string;
  barWidth?: number;
  /** Across the whole row, its height growing with its bars (the offers: long names). */
  wide?: boolean;
}) {
  // The offers' bars across the row grow the card past the usual height, never squeezed into it.
  const height = wide ? Math.max(HEIGHT, 60 + data.length * 40) : HEIGHT;
  return (
    <ChartCard title={title} chart={chart} wide={wide} height={height}>
      {data.length === 0 ? (
        <NoData />
      ) : (
        <Bar
          {...base.common}
          {...base.clicks(chart)}
          height={height}
          data={data}
          xField="name"
          yField="count"
          scale={{ y: COUNT_SCALE }}
          // Bars are transposed: their value axis runs along the bottom, so no 80 px offset there.
          axis={{ y: { labelFormatter: countLabel } }}
          style={{ fill, maxWidth: barWidth }}
        />
      )}
    </ChartCard>
  );
}

const TOTAL_VS_CONVERTED: PairedLine = {
  chart: 'total-converted',
  title: 'Leads per day: total and converted',
  totalName: 'Total',
  part: { name: 'Converted', colour: '#52c41a', pick: (r) => r.ConvertedLeads },
};
const TOTAL_VS_UNIQUE: PairedLine = {
  chart: 'unique-ips',
  title: 'Leads per day: total and from unique IPs',
  totalName: 'Total leads',
  part: { name: 'Unique IPs', colour: '#fa8c16', pick: (r) => r.UniqueIPAddresses },
};

/**
 * The dashboard's charts. Kept in their own module so the screen loads it lazily: one chart library
 * weighs about 420 KB gzip, more than the rest of the remote (STACK-NOTES trap 5).
 */
export default function DashboardCharts({ role, data, kpis, dark, onPick }: DashboardChartsProps) {
  const base: ChartBase = {
    common: { height: HEIGHT, autoFit: true, theme: dark ? 'classicDark' : 'classic', animate: ANIMATE },
    clicks: (key) => ({
      onReady: onElementClick<unknown>((datum) => {
        const click = clickFromDatum(key, datum);
        if (click) onPick(click);
      }),
    }),
  };
  const days = data.leads;
  const cities = topOf(data.uniqueCities).map((c) => ({ ...c, name: c.name || 'Unknown' }));
  const countries = topOf(data.uniqueCountryCodes).map((c) => ({
    code: c.name,
    name: c.name ? countryName(c.name) : 'Unknown',
    count: c.count,
  }));
  return (
    <div className="lm-charts" data-testid="dashboard-charts">
      <OutcomeChart base={base} kpis={kpis} dark={dark} />
      <PairedLineChart base={base} days={days} chart={TOTAL_VS_CONVERTED} />
      <MoneyChart base={base} days={days} role={role} />
      <PairedLineChart base={base} days={days} chart={TOTAL_VS_UNIQUE} />
      <TopBarChart base={base} title="Leads by city (top 10)" chart="cities" data={cities} fill="#722ed1" />
      <TopBarChart
        base={base}
        title="Leads by country (top 10)"
        chart="countries"
        data={countries}
        fill="#fa8c16"
      />
      <TopBarChart
        base={base}
        title="Leads by offer"
        chart="offers"
        data={topOf(data.totalLeadOfferNames)}
        fill="#2f54eb"
        barWidth={28}
        wide
      />
    </div>
  );
}
