import { Bar, Column, Line, Pie } from '@ant-design/charts';
import type { DashboardData } from '@leadmesh/schema';
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
  formatRatio,
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

const integerTicks = (v: unknown) => (Number.isInteger(Number(v)) ? String(v) : '');
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
const countryName = (code: string) => countryOptions().find((o) => o.value === code)?.name ?? code;

function ChartCard({
  title,
  testId,
  children,
  wide = false,
}: {
  title: string;
  testId: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Card size="small" title={title} data-testid={testId} className={wide ? 'lm-chart-wide' : undefined}>
      {/* One chart per turn, its place held meanwhile (chart-slots.tsx): the tiles never wait for all seven. */}
      <ChartTurn>{children}</ChartTurn>
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

/**
 * The dashboard's charts. Kept in their own module so the screen loads it lazily: one chart library
 * weighs about 420 KB gzip, more than the rest of the remote (STACK-NOTES trap 5).
 */
export default function DashboardCharts({ role, data, kpis, dark, onPick }: DashboardChartsProps) {
  const theme = dark ? 'classicDark' : 'classic';
  const common = { height: HEIGHT, autoFit: true, theme, animate: ANIMATE } as const;
  const clicks = (key: ChartKey) => ({
    onReady: onElementClick<unknown>((datum) => {
      const click = clickFromDatum(key, datum);
      if (click) onPick(click);
    }),
  });
  const yAxis = { y: { labelFormatter: integerTicks, labelSpacing: 4, size: Y_AXIS_OFFSET } };
  const dayAxes = { ...yAxis, x: dayAxis(data.leads.length) };
  // Bars are transposed: their value axis runs along the bottom, so no 80 px offset there.
  const barAxes = { y: { labelFormatter: integerTicks } };
  const days = data.leads;
  const moneyTitle = role === 'publisher' ? 'Earnings per day, in $' : 'Spending per day, in $';
  // The counts ride in the legend, so no outside label can be cut off on a narrow screen.
  const slices = conversionSlices(kpis).map((slice) => ({
    ...slice,
    status: slice.type as keyof typeof STATUS_COLOURS,
    type: `${slice.type} · ${slice.value.toLocaleString('en-US')}`,
  }));
  const offers = topOf(data.totalLeadOfferNames);
  const cities = topOf(data.uniqueCities).map((c) => ({ ...c, name: c.name || 'Unknown' }));
  const countries = topOf(data.uniqueCountryCodes).map((c) => ({
    code: c.name,
    name: c.name ? countryName(c.name) : 'Unknown',
    count: c.count,
  }));

  return (
    <div className="lm-charts" data-testid="dashboard-charts">
      <ChartCard title="Leads by outcome (conversion rate inside)" testId="chart-conversion">
        {slices.length === 0 ? (
          <NoData />
        ) : (
          <Pie
            {...common}
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
      <ChartCard title="Leads per day: total and converted" testId="chart-total-converted">
        {days.length === 0 ? (
          <NoData />
        ) : (
          <Line
            {...common}
            {...clicks('totalVsConverted')}
            data={pairedSeries(
              days,
              { name: 'Total', pick: (r) => r.LeadCount },
              { name: 'Converted', pick: (r) => r.ConvertedLeads },
            )}
            xField="day"
            yField="value"
            colorField="series"
            scale={{ color: { domain: ['Total', 'Converted'], range: ['#2f54eb', '#52c41a'] } }}
            point={{ shapeField: 'circle', sizeField: 2 }}
            axis={dayAxes}
            tooltip={{ title: dayTooltipTitle }}
            legend={{ color: { position: 'bottom' } }}
          />
        )}
      </ChartCard>
      <ChartCard title={moneyTitle} testId="chart-money">
        {days.length === 0 ? (
          <NoData />
        ) : (
          <Column
            {...common}
            {...clicks('spendings')}
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
      <ChartCard title="Leads per day: total and from unique IPs" testId="chart-unique-ips">
        {days.length === 0 ? (
          <NoData />
        ) : (
          <Line
            {...common}
            {...clicks('uniqueVsTotal')}
            data={pairedSeries(
              days,
              { name: 'Total leads', pick: (r) => r.LeadCount },
              { name: 'Unique IPs', pick: (r) => r.UniqueIPAddresses },
            )}
            xField="day"
            yField="value"
            colorField="series"
            scale={{ color: { domain: ['Total leads', 'Unique IPs'], range: ['#2f54eb', '#fa8c16'] } }}
            // Points as on the chart beside it: a range of one day is a point, not an invisible line.
            point={{ shapeField: 'circle', sizeField: 2 }}
            // Unique IPs often equal the total: a dashed line on top keeps both visible.
            style={{
              lineWidth: 2,
              lineDash: (points: { series: string }[]) =>
                points[0]?.series === 'Unique IPs' ? [6, 4] : [0, 0],
            }}
            axis={dayAxes}
            tooltip={{ title: dayTooltipTitle }}
            legend={{ color: { position: 'bottom' } }}
          />
        )}
      </ChartCard>
      <ChartCard title="Leads by city (top 10)" testId="chart-cities">
        {cities.length === 0 ? (
          <NoData />
        ) : (
          <Bar
            {...common}
            {...clicks('topCities')}
            data={cities}
            xField="name"
            yField="count"
            axis={barAxes}
            style={{ fill: '#722ed1', maxWidth: 20 }}
          />
        )}
      </ChartCard>
      <ChartCard title="Leads by country (top 10)" testId="chart-countries">
        {countries.length === 0 ? (
          <NoData />
        ) : (
          <Bar
            {...common}
            {...clicks('topCountries')}
            data={countries}
            xField="name"
            yField="count"
            axis={barAxes}
            style={{ fill: '#fa8c16', maxWidth: 20 }}
          />
        )}
      </ChartCard>
      <ChartCard title="Leads by offer" testId="chart-offers" wide>
        {offers.length === 0 ? (
          <NoData />
        ) : (
          <Bar
            {...common}
            {...clicks('byOffer')}
            height={Math.max(140, 60 + offers.length * 40)}
            data={offers}
            xField="name"
            yField="count"
            axis={barAxes}
            style={{ fill: '#2f54eb', maxWidth: 28 }}
          />
        )}
      </ChartCard>
    </div>
  );
}
