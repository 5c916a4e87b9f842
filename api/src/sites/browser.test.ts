/**
 * The landing journey in a real browser (Debian's Chromium, playwright-core): tracking link,
 * prelanding, its link to the landing, the order form sent by the page script, the thank-you page.
 * Checks what only a browser shows: the CSP lets the page and the script run, the script finds the
 * form and reports automation.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { PRODUCT_KEY } from '@leadmesh/schema';
import { clicks } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../bench/page-weight.ts';
import { createTrafficWorld, type TrafficWorld } from '../features/tracking/test-world.ts';
import { createSitesApp } from './sites.app.ts';

const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let w: TrafficWorld;
let server: ServerType;
let base = '';
let browser: Browser;
let home = '';

beforeAll(async () => {
  w = await createTrafficWorld();
  const app = createSitesApp(w.api.deps);
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      base = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
  home = await mkdtemp(join(tmpdir(), 'leadmesh-sites-browser-'));
  browser = await launchChromium(home);
});
afterAll(async () => {
  await browser?.close();
  server?.close();
  await w?.close();
  if (home) await rm(home, { recursive: true, force: true });
});

/** A page that records CSP violations and script errors. */
async function openPage(options: { hideWebdriver?: boolean } = {}) {
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    // Browsers ask for /favicon.ico on their own; the test landing has none.
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  if (options.hideWebdriver) {
    await page.addInitScript(() => Object.defineProperty(navigator, 'webdriver', { get: () => false }));
  }
  return { page, problems, close: () => context.close() };
}

async function orderThrough(page: Page, name: string, phone: string) {
  await page.goto(`${base}/t/${w.taken.TrackingCode}?c1=browser`);
  await page.waitForURL(/\/index\.html\?click=/);
  await page.locator('#go').click();
  await page.waitForURL(/\/landing\/index\.html\?click=/);
  await page.locator('input[name="name"]').fill(name);
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: 'Order' }).click();
  await page.waitForURL(/\/landing\/thanks\.html$/);
}

describe('a landing in the browser', () => {
  it('takes the order through the page script and shows the thank-you page, within the CSP', async () => {
    const { page, problems, close } = await openPage({ hideWebdriver: true });
    try {
      await orderThrough(page, 'Browser Buyer', '060 321 0001');
      expect(await page.locator('h1').textContent()).toBe('Thanks');
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
    const lead = await w.lastLead();
    expect(lead).toMatchObject({
      Status: -1,
      BlockedReason: null,
      Phone: '+381603210001',
      PurchaseIP: '127.0.0.1',
    });
    expect(lead.PurchaseDetails).toMatchObject({
      [`${PRODUCT_KEY}-name`]: 'Browser Buyer',
      [`${PRODUCT_KEY}-c1`]: 'browser',
    });
    const [click] = await w.db.select().from(clicks).where(eq(clicks.ID, lead.BoundClick!));
    expect(click).toMatchObject({ BoundTakenOffer: w.taken.ID, SubIDs: { c1: 'browser' }, isPhone: false });
  });

  it('reports navigator.webdriver, so a driven browser’s order is stored as a bot', async () => {
    const { page, close } = await openPage();
    try {
      await orderThrough(page, 'Driven Buyer', '060 321 0002');
    } finally {
      await close();
    }
    expect(await w.lastLead()).toMatchObject({ Status: 4, BlockedReason: 'BOT' });
  });
});
