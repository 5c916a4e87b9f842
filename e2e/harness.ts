/**
 * A small browser-test harness on playwright-core: specs register tests with `test()`, the runner
 * (scripts/e2e.ts) gives each a fresh browser context and records a screenshot per test.
 */
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, ConsoleMessage, Page, Request } from 'playwright-core';

export interface Urls {
  shell: string;
  api: string;
  /** The worker's mail sink folder (set when the run started its own backend). */
  mailDir?: string;
  /** The run's database (set when the run started its own backend). */
  databaseUrl?: string;
  /** The run's Redis and key prefix (set when the run started its own backend): a job run by hand. */
  redis?: { url: string; prefix: string };
  mf_public: string;
  mf_publisher: string;
  mf_advertiser: string;
  mf_admin: string;
}

export type Role = 'admin' | 'manager' | 'publisher' | 'publisher2' | 'newbie' | 'advertiser';

/** Demo logins of the seed (packages/db demo-data). */
export const LOGINS: Record<Role, { username: string; password: string }> = {
  admin: { username: 'admin', password: 'admin12345' },
  manager: { username: 'manager', password: 'manager12345' },
  publisher: { username: 'publisher', password: 'publisher12345' },
  publisher2: { username: 'publisher2', password: 'publisher12345' },
  newbie: { username: 'newbie', password: 'publisher12345' },
  advertiser: { username: 'advertiser', password: 'advertiser12345' },
};

export interface TestContext {
  urls: Urls;
  /** The run's browser (for helpers that open their own contexts, such as the page-weight measure). */
  browser: Browser;
  /** A fresh page in a fresh context, logged in as `role` when given (saved login state per role). */
  newPage(role?: Role): Promise<Page>;
  /** Every request URL the test's pages made so far. */
  requests: string[];
  /** Whether any request went to the given origin (a remote's URL). */
  fetchedFrom(origin: string): boolean;
  /** Every console error and uncaught page error of the test's pages so far (text and source URL). */
  consoleErrors: { text: string; url: string }[];
  /**
   * Declares a console error the test provokes on purpose (a refused login's 401, a missing page's
   * 404): errors matching it do not fail the test. Any other console error or page error does.
   */
  allowConsoleError(pattern: RegExp): void;
  /** Saves `e2e/screenshots/<test>-<label>.png` (the whole page, or the viewport with `fullPage: false`). */
  screenshot(page: Page, label?: string, options?: { fullPage?: boolean }): Promise<void>;
  /** Logs in through the login form and waits for the dashboard. */
  login(page: Page, role: Role): Promise<void>;
}

interface RegisteredTest {
  name: string;
  file: string;
  fn(t: TestContext): Promise<void>;
  /** How long the test may take (the runner's default otherwise). */
  timeoutMs?: number;
}

export const registry: RegisteredTest[] = [];
let currentFile = '';

export function setCurrentFile(file: string) {
  currentFile = file;
}

/** Registers a browser test; `timeoutMs` for a long story (the runner's default is 60 s). */
export function test(
  name: string,
  fn: (t: TestContext) => Promise<void>,
  options: { timeoutMs?: number } = {},
) {
  registry.push({ name, file: currentFile, fn, timeoutMs: options.timeoutMs });
}

export { assert };

export async function loginThroughForm(page: Page, urls: Urls, role: Role) {
  const { username, password } = LOGINS[role];
  await page.goto(`${urls.shell}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/dashboard\//);
  await page.getByTestId('sidebar').waitFor();
}

/** Builds the per-test context: contexts it opens are closed by `dispose`. */
export function createTestContext(
  browser: Browser,
  urls: Urls,
  screenshot: (page: Page, label: string, options?: { fullPage?: boolean }) => Promise<void>,
  savedStates: Map<Role, Awaited<ReturnType<BrowserContext['storageState']>>>,
) {
  const contexts: BrowserContext[] = [];
  const requests: string[] = [];
  const consoleErrors: { text: string; url: string }[] = [];
  const allowed: RegExp[] = [];
  const track = (context: BrowserContext) => {
    context.on('request', (request: Request) => {
      requests.push(request.url());
    });
    context.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error')
        consoleErrors.push({ text: message.text(), url: message.location().url });
    });
    context.on('weberror', (error) => {
      consoleErrors.push({ text: String(error.error()), url: error.page()?.url() ?? '' });
    });
    contexts.push(context);
  };
  const ctx: TestContext = {
    urls,
    browser,
    requests,
    consoleErrors,
    allowConsoleError: (pattern) => {
      allowed.push(pattern);
    },
    fetchedFrom: (origin) => requests.some((url) => url.startsWith(origin)),
    screenshot: (page, label = 'final', options) => screenshot(page, label, options),
    login: (page, role) => loginThroughForm(page, urls, role),
    async newPage(role) {
      if (role && !savedStates.has(role)) {
        const loginContext = await browser.newContext();
        const page = await loginContext.newPage();
        await loginThroughForm(page, urls, role);
        savedStates.set(role, await loginContext.storageState());
        await loginContext.close();
      }
      const context = await browser.newContext({
        storageState: role ? savedStates.get(role) : undefined,
        viewport: { width: 1280, height: 800 },
      });
      track(context);
      return context.newPage();
    },
  };
  return {
    ctx,
    /**
     * Console errors and page errors the test did not declare: any one fails the test (a
     * Content-Security-Policy violation is one of them and is never allowed).
     */
    unexpectedConsoleErrors: () =>
      consoleErrors.filter(
        (e) =>
          /Content Security Policy/i.test(e.text) ||
          !allowed.some((pattern) => pattern.test(`${e.text} ${e.url}`)),
      ),
    pages: () => contexts.flatMap((c) => c.pages()),
    dispose: async () => {
      await Promise.all(contexts.map((c) => c.close()));
    },
  };
}
