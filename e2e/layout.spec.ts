import type { Page } from 'playwright-core';
import { assert, test } from './harness.ts';
import { installAxe, seriousViolations } from './support.ts';

const PHONE = { width: 390, height: 844 };

/**
 * Whether the header title is on one line with every word whole: no word split over two lines
 * (each word's text range has one box) and nothing cut off.
 */
async function titleLayout(page: Page) {
  return page.getByTestId('section-title').evaluate((el) => {
    const text = el.firstChild;
    const broken: string[] = [];
    if (text && text.nodeType === Node.TEXT_NODE) {
      const value = text.textContent ?? '';
      for (const match of value.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index ?? 0);
        range.setEnd(text, (match.index ?? 0) + match[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    return { text: el.textContent, broken, cut: el.scrollWidth > el.clientWidth + 1 };
  });
}

test('a public address no page has shows the designed not-found page with a way home', async (t) => {
  const page = await t.newPage();
  await page.goto(`${t.urls.shell}/no-such-page`);
  await page.getByTestId('page-notFound').waitFor();
  assert.equal(await page.getByTestId('page-title').textContent(), 'Page not found');
  await page.getByTestId('public-header').waitFor();
  await t.screenshot(page, 'public-desktop');
  await page.setViewportSize(PHONE);
  await t.screenshot(page, 'public-phone', { fullPage: false });
  await page.getByTestId('not-found-home').click();
  await page.waitForURL(`${t.urls.shell}/`);
  await page.getByTestId('page-home').waitFor();
  assert.ok(!t.fetchedFrom(t.urls.mf_publisher) && !t.fetchedFrom(t.urls.mf_admin), 'no dashboard remote');
});

test('a dashboard address no page has shows not-found in the layout and loads no remote', async (t) => {
  const page = await t.newPage('publisher');
  await page.goto(`${t.urls.shell}/dashboard/no-such-screen`);
  await page.getByTestId('not-found').waitFor();
  assert.equal(await page.getByTestId('section-title').textContent(), 'Page not found');
  await page.getByTestId('sidebar').waitFor();
  assert.equal(await page.title(), 'Page not found · Leadmesh');
  await t.screenshot(page);
  for (const remote of [t.urls.mf_publisher, t.urls.mf_advertiser, t.urls.mf_admin]) {
    assert.ok(!t.fetchedFrom(remote), `no request to ${remote}`);
  }
  await page.getByTestId('not-found-home').click();
  await page.waitForURL(/\/dashboard\/publisher$/);
  await page.locator('[data-testid="remote-root"][data-remote="mf_publisher"]').waitFor();
});

test('on a phone the header title stays whole on one line and the menu is a named icon button', async (t) => {
  const page = await t.newPage('publisher');
  await page.setViewportSize(PHONE);
  const paths = [
    '/dashboard/publisher',
    '/dashboard/referral-advertiser',
    '/dashboard/referral-publisher',
    '/dashboard/payments-publisher',
    '/dashboard/no-such-screen',
  ];
  for (const path of paths) {
    await page.goto(`${t.urls.shell}${path}`);
    await page.getByTestId('dashboard-header').waitFor();
    const layout = await titleLayout(page);
    assert.deepEqual(layout.broken, [], `${path}: words split in "${layout.text}"`);
    assert.equal(layout.cut, false, `${path}: "${layout.text}" is cut off`);
  }
  const menu = page.getByTestId('sidebar-open');
  assert.equal(await menu.getAttribute('aria-label'), 'Open the menu');
  assert.equal(await menu.getAttribute('aria-expanded'), 'false');
  assert.equal(((await menu.textContent()) ?? '').trim(), '', 'an icon, no text');
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await page.getByTestId('sidebar').waitFor();
  assert.equal(await menu.getAttribute('aria-expanded'), 'true');
  await t.screenshot(page, 'phone-menu-open');
  // The mask is the dimmed part right of the open sidebar; Escape closes it too.
  await page.getByTestId('sidebar-mask').click({ position: { x: PHONE.width - 20, y: 400 } });
  await page.getByTestId('sidebar').waitFor({ state: 'detached' });
  await menu.click();
  await page.getByTestId('sidebar').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('sidebar').waitFor({ state: 'detached' });
});

test('screens at desktop and phone width, dark and light', async (t) => {
  const page = await t.newPage('publisher');
  const theme = async () => page.getByTestId('app-root').getAttribute('data-theme');
  await page.goto(`${t.urls.shell}/dashboard/publisher`);
  await page.locator('[data-testid="remote-root"][data-remote="mf_publisher"]').waitFor();
  const start = await theme();
  for (const pass of [0, 1]) {
    const name = await theme();
    await page.locator('[data-testid="screen"][data-screen="publisher"]').waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForLoadState('networkidle');
    await t.screenshot(page, `dashboard-${name}-desktop`);
    await page.setViewportSize(PHONE);
    await t.screenshot(page, `dashboard-${name}-phone`, { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });
    if (pass === 0) {
      const saved = page.waitForResponse((r) => r.url().endsWith('/users/setTheme'));
      await page.getByTestId('theme-toggle').click();
      await saved;
      await page
        .locator(`[data-testid="app-root"][data-theme="${name === 'dark' ? 'light' : 'dark'}"]`)
        .waitFor();
    }
  }
  // Leave the demo publisher's theme as it was.
  if ((await theme()) !== start) {
    const saved = page.waitForResponse((r) => r.url().endsWith('/users/setTheme'));
    await page.getByTestId('theme-toggle').click();
    await saved;
  }
  await page.goto(`${t.urls.shell}/`);
  await page.getByTestId('page-home').waitFor();
  await page.waitForLoadState('networkidle');
  await t.screenshot(page, 'home-desktop');
  await page.setViewportSize(PHONE);
  await t.screenshot(page, 'home-phone', { fullPage: false });
  await page.getByTestId('nav-menu').click();
  await page.getByTestId('nav-home-menu').waitFor();
  await t.screenshot(page, 'home-phone-menu', { fullPage: false });
  await page.getByTestId('nav-publishers-menu').click();
  await page.getByTestId('page-publishers').waitFor();
  assert.equal(await page.getByTestId('nav-home-menu').count(), 0, 'the menu closed after navigation');
});

test('on a laptop screen the staff menu scrolls inside the sidebar; the page keeps its height', async (t) => {
  const page = await t.newPage('admin');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${t.urls.shell}/dashboard/admin-offers`);
  await page.locator('[data-testid="data-table"] .ant-table-tbody tr.ant-table-row').first().waitFor();
  const box = await page.getByTestId('sidebar-panel').evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    scrolls: el.scrollHeight > el.clientHeight,
  }));
  assert.equal(Math.round(box.height), 720, 'the sidebar is as tall as the window');
  assert.ok(box.scrolls, 'the staff menu is taller than 720 px: it scrolls inside the sidebar');
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  assert.ok(pageHeight <= 721, `a short screen does not scroll past the window (${pageHeight} px)`);
  // The last entry is reachable by scrolling the sidebar, and it stays on the sidebar's background.
  const logOut = page.getByTestId('sidebar').getByText('Log out');
  await logOut.scrollIntoViewIfNeeded();
  assert.ok(await logOut.isVisible());
  await t.screenshot(page, 'laptop-sidebar-scrolled', { fullPage: false });
});

test('the dashboard frame passes axe in both themes and works from the keyboard', async (t) => {
  const page = await t.newPage('publisher2');
  // No colour transitions: axe reads the colours right after the theme switch.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await installAxe(page);
  // A path no screen has: the whole page is the shell's own frame (no remote is loaded).
  await page.goto(`${t.urls.shell}/dashboard/no-such-screen`);
  await page.getByTestId('not-found').waitFor();
  const toggle = page.getByTestId('theme-toggle');
  const start = await toggle.getAttribute('aria-checked');
  const problems: string[] = [];
  for (const pass of [0, 1]) {
    const theme = await page.getByTestId('app-root').getAttribute('data-theme');
    const menu = page.getByTestId('user-menu');
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('user-menu-content').waitFor();
    assert.equal(await menu.getAttribute('aria-expanded'), 'true');
    for (const v of await seriousViolations(page)) {
      problems.push(
        `${theme}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    }
    await t.screenshot(page, `frame-${theme}-user-menu`, { fullPage: false });
    await page.keyboard.press('Escape');
    await page.getByTestId('user-menu-content').waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'user-menu');
    if (pass === 0) {
      const saved = page.waitForResponse((r) => r.url().endsWith('/users/setTheme'));
      await toggle.focus();
      await page.keyboard.press('Space');
      await saved;
      await page
        .locator(`[data-testid="app-root"][data-theme="${theme === 'dark' ? 'light' : 'dark'}"]`)
        .waitFor();
    }
  }
  assert.deepEqual(problems, []);
  if ((await toggle.getAttribute('aria-checked')) !== start) {
    const saved = page.waitForResponse((r) => r.url().endsWith('/users/setTheme'));
    await toggle.click();
    await saved;
  }
});
