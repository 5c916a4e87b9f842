/**
 * Browser tests: builds the frontends (skipped when fresh), starts a fresh API + worker on a seeded
 * database (scripts/lib/backend.ts) and the static frontend servers on free ports, then runs every
 * `e2e/*.spec.ts` in Debian's Chromium. Exits non-zero when a test fails.
 *
 *   npm run test:e2e [-- <filter>]
 *
 * `E2E_API_URL` uses an already running API instead of starting one (frontends on 3000-3004).
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { createTestContext, registry, setCurrentFile, type Urls } from '../e2e/harness.ts';
import { startBackend } from './lib/backend.ts';
import { type AppName, buildFrontends, REPO_ROOT, serveFrontends } from './lib/frontends.ts';

const CHROMIUM = '/usr/bin/chromium';
const E2E_DIR = path.join(REPO_ROOT, 'e2e');
const SCREENSHOTS = path.join(E2E_DIR, 'screenshots');
const TEST_TIMEOUT_MS = 60_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function slug(text: string) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function main() {
  const filter = process.argv[2];
  if (!existsSync(CHROMIUM)) {
    console.error(`${CHROMIUM} is missing: apt-get update && apt-get install -y chromium`);
    process.exit(2);
  }
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((e) => console.error('stop failed:', e));
  };
  let passed = 0;
  let failed = 0;
  const failures: string[] = [];
  try {
    // Ports first: the API's CORS must allow the shell's origin.
    const external = process.env.E2E_API_URL;
    const ports: Record<AppName, number> = external
      ? { shell: 3000, mf_public: 3001, mf_publisher: 3002, mf_advertiser: 3003, mf_admin: 3004 }
      : {
          shell: await freePort(),
          mf_public: await freePort(),
          mf_publisher: await freePort(),
          mf_advertiser: await freePort(),
          mf_admin: await freePort(),
        };
    let apiUrl = external ?? '';
    let mailDir: string | undefined;
    if (!external) {
      const apiPort = await freePort();
      const corsOrigins = [`http://localhost:${ports.shell}`, `http://127.0.0.1:${ports.shell}`].join(',');
      const dataDir = await mkdtemp(path.join(tmpdir(), 'leadmesh-e2e-'));
      stops.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      const backend = await startBackend({
        dataDir,
        apiPort,
        seed: true,
        corsOrigins,
        verbose: process.env.E2E_VERBOSE === '1',
        // A fresh key prefix: queues and rate limits of other runs on the same Redis stay apart.
        // Every browser test logs in from the same address: the per-IP limits are API-tested instead.
        env: { REDIS_PREFIX: `e2e-${path.basename(dataDir)}`, RATE_LIMIT_DISABLED: 'true' },
      });
      mailDir = backend.mailDir;
      stops.push(() => backend.stop());
      apiUrl = backend.apiUrl;
    }
    console.log(`[e2e] API ${apiUrl}`);
    await buildFrontends();
    const served = await serveFrontends({ apiUrl, ports });
    stops.push(() => served.stop());
    const urls: Urls = { ...served.urls, api: apiUrl, mailDir };
    console.log(`[e2e] shell ${urls.shell}`);

    for (const file of readdirSync(E2E_DIR)
      .filter((f) => f.endsWith('.spec.ts'))
      .sort()) {
      setCurrentFile(file.replace(/\.spec\.ts$/, ''));
      await import(pathToFileURL(path.join(E2E_DIR, file)).href);
    }
    const tests = registry.filter((t) => !filter || t.name.includes(filter) || t.file.includes(filter));

    rmSync(SCREENSHOTS, { recursive: true, force: true });
    mkdirSync(SCREENSHOTS, { recursive: true });
    const home = await mkdtemp(path.join(tmpdir(), 'leadmesh-chromium-home-'));
    stops.push(async () => rmSync(home, { recursive: true, force: true }));
    // Trap 13: Chromium writes to ~/.config and tries outside hosts without these flags.
    const browser: Browser = await chromium.launch({
      executablePath: CHROMIUM,
      env: { ...process.env, HOME: home },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    stops.push(() => browser.close());
    const savedStates = new Map();

    for (const registered of tests) {
      const label = `${registered.file} › ${registered.name}`;
      const base = `${registered.file}-${slug(registered.name)}`;
      const started = Date.now();
      const shot = async (page: Page, name: string) => {
        await page.screenshot({ path: path.join(SCREENSHOTS, `${base}-${slug(name)}.png`), fullPage: true });
      };
      const run = createTestContext(browser, urls, shot, savedStates);
      try {
        await withTimeout(registered.fn(run.ctx), TEST_TIMEOUT_MS, label);
        passed += 1;
        console.log(`  ✓ ${label} (${Date.now() - started} ms)`);
      } catch (error) {
        failed += 1;
        failures.push(label);
        console.log(
          `  ✗ ${label} (${Date.now() - started} ms)\n    ${String((error as Error).stack ?? error).replace(/\n/g, '\n    ')}`,
        );
        for (const [i, page] of run.pages().entries()) {
          await shot(page, `failed-${i}`).catch(() => undefined);
        }
      } finally {
        await run.dispose();
      }
    }
    if (tests.length === 0) {
      console.log(`[e2e] no test matches "${filter}"`);
      failed += 1;
    }
  } catch (error) {
    failed += 1;
    failures.push('setup');
    console.error('[e2e] setup failed:', error);
  } finally {
    await stopAll();
  }
  if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  console.log(`\n[e2e] ${passed} passed, ${failed} failed (screenshots in e2e/screenshots/)`);
  process.exit(failed === 0 ? 0 : 1);
}

void main();
