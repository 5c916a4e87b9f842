import { type ReactNode, useEffect, useState } from 'react';

/**
 * Loading the dashboard's charts without moving anything (issue 19). The chart library arrives
 * after the KPI tiles (its own chunk); until then the charts' place is held by cards of the very
 * size the charts take, and once it is there the charts are drawn one after another, each in its
 * own task, so the tiles and the first chart show while the others are still being drawn.
 *
 * Kept apart from DashboardCharts.tsx, which imports the chart library: the screen needs these
 * before the library has loaded.
 */

/** The height of every chart's drawing area (DashboardCharts' charts and empty states). */
export const CHART_HEIGHT = 260;

/**
 * The chart cards DashboardCharts draws, in order: whether each spans the row. The placeholder
 * draws the same cards, so the grid keeps its height when the charts replace it.
 */
export const CHART_SLOTS: readonly { wide: boolean }[] = [
  { wide: false },
  { wide: false },
  { wide: false },
  { wide: false },
  { wide: false },
  { wide: false },
  { wide: true },
];

/**
 * The chart cards' frame in plain CSS, the size of antd's small card with a title (checked against
 * the drawn charts by the browser test): the placeholder shows before antd has loaded (decision 0064).
 */
export const CHART_SLOTS_CSS = `
.lm-chart-slot { box-sizing: border-box; min-width: 0; background: var(--lm-surface); border: 1px solid var(--lm-border);
  border-radius: 8px; }
.lm-chart-slot-head { box-sizing: border-box; min-height: 38px; border-bottom: 1px solid var(--lm-border); }
.lm-chart-slot-body { padding: 12px 16px; overflow: hidden; }
.lm-chart-slot-body .lm-bar { margin: 16px 0; }
`;

/** The charts' place while their library loads: the same grid, the same cards, the same height. */
export function ChartsPlaceholder() {
  return (
    <div className="lm-charts lm-busy" data-testid="charts-loading" aria-busy="true">
      {CHART_SLOTS.map((slot, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          key={i}
          className={slot.wide ? 'lm-chart-slot lm-chart-wide' : 'lm-chart-slot'}
        >
          <div className="lm-chart-slot-head" />
          <div className="lm-chart-slot-body">
            <div style={{ height: CHART_HEIGHT }}>
              {[92, 100, 100, 61].map((width, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder bars have no identity
                <span key={row} className="lm-bar" style={{ width: `${width}%` }} />
              ))}
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

let queue: Promise<void> = Promise.resolve();

/** The next drawing turn: one chart per task, with a frame between two, so the page can paint in between. */
function nextTurn(): Promise<void> {
  const turn = queue.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  queue = turn.then(
    () =>
      new Promise<void>((resolve) =>
        typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => resolve()) : resolve(),
      ),
  );
  return turn;
}

/**
 * Draws `children` (one chart) at its turn; until then holds its place at the chart's height. The
 * chart's own container takes `height: inherit`, so the box keeps the height before and after: an
 * empty container would collapse until the canvas is drawn and move every card below it.
 */
export function ChartTurn({ children, height = CHART_HEIGHT }: { children: ReactNode; height?: number }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void nextTurn().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return ready ? (
    <div style={{ height }}>{children}</div>
  ) : (
    <div style={{ height }} data-testid="chart-waiting" />
  );
}
