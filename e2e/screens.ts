import type { Page } from 'playwright-core';
import { assert, type TestContext } from './harness.ts';

/**
 * Screenshots at 1280 and 390 px in the session's theme and in the other one; the theme is put
 * back afterwards (it is saved on the server, and other tests share the seeded users).
 */
export async function shootBothThemes(t: TestContext, page: Page, label: string, ready: () => Promise<void>) {
  const root = page.getByTestId('app-root');
  const first = (await root.getAttribute('data-theme')) ?? 'dark';
  const toggle = async () => {
    // The sidebar (and its theme toggle) is a drawer on narrow screens: switch at full width.
    await page.setViewportSize({ width: 1280, height: 800 });
    const saved = page.waitForResponse((r) => r.url().endsWith('/users/setTheme'));
    await page.getByTestId('theme-toggle').click();
    await saved;
  };
  for (const theme of [first, first === 'dark' ? 'light' : 'dark']) {
    if (theme !== first) await toggle();
    await page.locator(`[data-testid="app-root"][data-theme="${theme}"]`).waitFor();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await ready();
      const overflow = await settledOverflow(page);
      assert.ok(overflow <= 1, `${label} at ${width} px scrolls sideways by ${overflow} px`);
      await t.screenshot(page, `${label}-${width}-${theme}`);
    }
  }
  await toggle();
  await page.locator(`[data-testid="app-root"][data-theme="${first}"]`).waitFor();
}

/**
 * How far the page scrolls sideways once its layout has settled after a resize: the charts redraw
 * and antd's responsive grid switches at the new width on their observers' next frames, so an
 * overflow is measured again for up to a second before it counts (one that stays is still reported).
 */
export async function settledOverflow(page: Page): Promise<number> {
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const deadline = Date.now() + 1000;
  let last = await overflow();
  while (last > 1 && Date.now() < deadline) {
    await page.waitForTimeout(100);
    last = await overflow();
  }
  return last;
}
