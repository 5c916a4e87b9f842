import type { Page } from 'playwright-core';
import { BRAND } from '../packages/ui/src/brand.ts';
import { assert, test } from './harness.ts';

/*
 * Issue 16 item 10, decision 0066: a click on a chart's bar opens what it counts. G2 draws on a
 * canvas, so a bar has no element to click: the test reads the canvas's own pixels for the bars'
 * fill colour (nothing in the product is there for the test), hovers a bar until G2's tooltip names
 * its period, and clicks that spot. Sweeping blindly above the axis missed the columns before.
 */

/**
 * Where the bars of one fill colour are once the chart has drawn and stopped growing (its enter
 * animation: two reads a quarter second apart agree), as page points: the middle of each column,
 * left to right.
 */
async function settledBars(
  page: Page,
  chartTestId: string,
  hex: string,
): Promise<{ x: number; y: number }[]> {
  const found = await page.waitForFunction(
    ({ testId, colour }) => {
      const canvas = document.querySelector(`[data-testid="${testId}"] canvas`) as HTMLCanvasElement | null;
      const context = canvas?.getContext('2d');
      if (!canvas || !context) return null;
      const want = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
      const { width, height } = canvas;
      const pixels = context.getImageData(0, 0, width, height).data;
      // Per canvas column: how many pixels have the fill, and their top and bottom.
      const columns: { n: number; top: number; bottom: number }[] = [];
      for (let x = 0; x < width; x++) {
        let n = 0;
        let top = height;
        let bottom = 0;
        for (let y = 0; y < height; y++) {
          const at = (y * width + x) * 4;
          if (want.every((v, k) => Math.abs(pixels[at + k] - v) <= 6) && pixels[at + 3] > 240) {
            n++;
            top = Math.min(top, y);
            bottom = Math.max(bottom, y);
          }
        }
        columns.push({ n, top, bottom });
      }
      // Runs of neighbouring filled canvas columns are bars; a run of a pixel or two is an edge.
      const rect = canvas.getBoundingClientRect();
      const scale = rect.width / width;
      const bars: { x: number; y: number }[] = [];
      let start = -1;
      for (let x = 0; x <= width; x++) {
        const filled = x < width && columns[x].n >= 3;
        if (filled && start < 0) start = x;
        if (!filled && start >= 0) {
          if (x - start >= 3) {
            const middle = Math.floor((start + x - 1) / 2);
            const { top, bottom } = columns[middle];
            bars.push({ x: rect.left + middle * scale, y: rect.top + ((top + bottom) / 2) * scale });
          }
          start = -1;
        }
      }
      const seen = window as unknown as { __lastBars?: string };
      const now = JSON.stringify(bars);
      const settled = bars.length > 0 && seen.__lastBars === now;
      seen.__lastBars = now;
      return settled ? bars : null;
    },
    { testId: chartTestId, colour: hex },
    { polling: 250, timeout: 20_000 },
  );
  return (await found.jsonValue()) as { x: number; y: number }[];
}

test('referral overview: a click on an earnings bar opens the referral list of its days', async (t) => {
  const page = await t.newPage('publisher');
  await page.goto(`${t.urls.shell}/dashboard/referral-overview`);
  const chart = page.getByTestId('earnings-chart');
  await chart.locator('canvas').first().waitFor();
  await chart.scrollIntoViewIfNeeded();
  const dark = await page.evaluate(() => document.body.classList.contains('dark'));
  const bars = await settledBars(page, 'earnings-chart', dark ? BRAND.primaryOnDark : BRAND.primary);
  // A bar after the first: its period starts on its label's day (the first may be clamped to the series).
  const bar = bars[bars.length > 1 ? 1 : 0];
  await page.mouse.move(bar.x, bar.y);
  const title = chart.locator('.g2-tooltip-title');
  await title.waitFor();
  const label = ((await title.textContent()) ?? '').trim();
  assert.match(label, /^\d{2}-\d{2}$/, 'the tooltip names the bar’s day (DD-MM)');
  await page.mouse.click(bar.x, bar.y);
  await page.waitForURL(/\/dashboard\/referral-publisher\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  const url = new URL(page.url());
  const from = url.searchParams.get('from') ?? '';
  assert.equal(`${from.slice(8, 10)}-${from.slice(5, 7)}`, label, 'the list opens on the day the bar names');
  assert.ok((url.searchParams.get('to') ?? '') >= from);
  const note = page.getByTestId('referral-period');
  await note.waitFor();
  assert.match((await note.textContent()) ?? '', /Earned (on|from) \d{2}-\d{2}-\d{4}/);
  await t.screenshot(page, 'opened');
});

test('publisher dashboard: a click on a day’s earnings bar filters the dashboard to that day', async (t) => {
  const page = await t.newPage('publisher');
  await page.goto(`${t.urls.shell}/dashboard/publisher`);
  const chart = page.getByTestId('chart-money');
  await chart.locator('canvas').first().waitFor();
  // Below the tiles: in view first, so the pointer can reach it.
  await chart.scrollIntoViewIfNeeded();
  // The fill the earnings chart draws its columns with, in both themes (DashboardCharts.tsx).
  const bars = await settledBars(page, 'chart-money', '#13a8a8');
  const bar = bars[bars.length - 1];
  await page.mouse.move(bar.x, bar.y);
  const title = chart.locator('.g2-tooltip-title');
  await title.waitFor();
  const day = ((await title.textContent()) ?? '').trim();
  assert.match(day, /^\d{2}-\d{2}-\d{4}$/, 'the tooltip names the bar’s day');
  await page.mouse.click(bar.x, bar.y);
  const chip = page.getByTestId('filter-chip');
  await chip.waitFor();
  assert.match((await chip.textContent()) ?? '', new RegExp(`^Date .*${day}`));
  await t.screenshot(page, 'filtered');
});
