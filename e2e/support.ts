/** Helpers shared by the public-area browser tests: mail, country picker, accessibility. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { assert, type Urls } from './harness.ts';

/** Waits for a mail to `to` in the worker's sink (or the API's /dev/mail view) and returns its text. */
export async function waitForMail(
  urls: Urls,
  to: string,
  matching: RegExp,
  timeoutMs = 15_000,
): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (urls.mailDir && existsSync(urls.mailDir)) {
      const files = readdirSync(urls.mailDir).sort().reverse();
      for (const file of files) {
        const text = readFileSync(path.join(urls.mailDir, file), 'utf8');
        if (text.startsWith(`To: ${to}\n`) && matching.test(text)) return text;
      }
    } else {
      const answer = (await (await fetch(`${urls.api}/dev/mail`)).json()) as {
        data: { To: string; Text: string }[];
      };
      const mail = answer.data.find((m) => m.To === to && matching.test(m.Text));
      if (mail) return mail.Text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${matching}`);
}

/** Picks a country in the CountrySelect (antd Select with search) and waits until it shows. */
export async function pickCountry(page: Page, testId: string, name: string): Promise<void> {
  const select = page.getByTestId(testId);
  await select.click();
  await page.keyboard.type(name);
  await page.locator('.ant-select-item-option-active', { hasText: name }).waitFor();
  await page.keyboard.press('Enter');
  await select.filter({ hasText: name }).waitFor();
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Makes axe-core available on every document the page opens. It is injected by the browser
 * protocol, as an extension would be: the pages' Content-Security-Policy allows no inline script,
 * so a `<script>` tag added to the page would be refused.
 */
export async function installAxe(page: Page): Promise<void> {
  await page.addInitScript({ content: axeSource });
}

/** Runs axe-core (see `installAxe`) in the page and returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: Document, options: object): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A unique suffix, so tests can sign up fresh users on a shared database. */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** Creates a publisher through the API (as a sign-up would) and returns its login. */
export async function createPublisher(
  urls: Urls,
  username: string,
): Promise<{ username: string; email: string; password: string }> {
  const csrf = await fetch(`${urls.api}/api/csrf`, { method: 'PUT' });
  const token = ((await csrf.json()) as { data: { token: string } }).data.token;
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const email = `${username}@example.com`;
  const password = 'password123';
  const answer = await fetch(`${urls.api}/users/createUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': token, cookie },
    body: JSON.stringify({
      username,
      password,
      email,
      FirstName: 'Reset',
      LastName: 'Tester',
      Country: 'RS',
      ZIP: '11000',
      Experience: '1',
    }),
  });
  const body = (await answer.json()) as { status: string };
  if (body.status !== 'ok') throw new Error(`could not create ${username}: ${JSON.stringify(body)}`);
  return { username, email, password };
}

/** A small cookie-keeping API session, as a browser would hold it. */
export class ApiSession {
  private cookies = new Map<string, string>();
  private csrf = '';
  constructor(private readonly api: string) {}

  private async request(method: string, path: string, body?: unknown) {
    const response = await fetch(`${this.api}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(this.csrf ? { 'X-XSRF-TOKEN': this.csrf } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
    return (await response.json()) as { status: string; data: unknown };
  }

  /** Calls `path` and answers its data; an error envelope throws. */
  async call<T = unknown>(path: string, body: unknown = {}): Promise<T> {
    const answer = await this.send(path, body);
    if (answer.status !== 'ok') throw new Error(`${path}: ${JSON.stringify(answer)}`);
    return answer.data as T;
  }

  /** Calls `path` and answers the whole envelope, an error one included. */
  async send(path: string, body: unknown = {}): Promise<{ status: string; data: unknown }> {
    if (!this.csrf) this.csrf = ((await this.request('PUT', '/api/csrf')).data as { token: string }).token;
    return this.request('POST', path, body);
  }

  static async login(api: string, username: string, password: string) {
    const session = new ApiSession(api);
    await session.call('/auth/login', { username, password });
    return session;
  }
}

/** Picks an option of an antd Select by its visible text and waits until no list is open. */
export async function pickOption(page: Page, testId: string, text: string | RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
    .first();
  await option.waitFor();
  await option.click();
  // The list closes with an animation; the next Select's list must not be mistaken for it.
  await page.waitForFunction(
    () => document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').length === 0,
  );
}

/**
 * Calls the API with the session of a logged-in page, as its browser would (cookie and a CSRF
 * token of its own); each answer must be ok, and its data is returned.
 */
export async function apiCallerOf(page: Page, api: string) {
  const session = (await page.context().cookies(api))
    .filter((c) => c.name !== 'lm_xsrf')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
  const csrf = await fetch(`${api}/api/csrf`, { method: 'PUT', headers: { cookie: session } });
  const xsrf = ((await csrf.json()) as { data: { token: string } }).data.token;
  return async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `${session}; lm_xsrf=${xsrf}`,
        'X-XSRF-TOKEN': xsrf,
      },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { status: string; data: T };
    assert.equal(answer.status, 'ok', `${path}: ${JSON.stringify(answer).slice(0, 300)}`);
    return answer.data;
  };
}

/**
 * Runs a row's action as a person does: its button when the row shows it, else from the row's
 * menu (the list kit shows one primary button and folds the rest into "More"; a phone, all of them).
 */
export async function rowAction(page: Page, row: Locator, testId: string): Promise<void> {
  const button = row.getByTestId(testId).first();
  // A row drawn a moment ago may still be settling its buttons (seen once: the button was in the
  // row, not yet visible, and the menu was opened instead): give a present button a moment.
  if ((await button.count()) > 0)
    await button.waitFor({ state: 'visible', timeout: 2000 }).catch(() => undefined);
  if ((await button.count()) > 0 && (await button.isVisible())) {
    await button.click();
    return;
  }
  await row.getByTestId('row-actions-menu').click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  // Click once the menu has finished opening: a click during its opening animation could be taken
  // by the menu without closing it (seen on a busy machine), leaving it over the next step.
  await page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden):not([class*="-enter"]):not([class*="-appear"])')
    .waitFor();
  await menu.getByTestId(testId).click();
  await menu.waitFor({ state: 'hidden' });
}

/** The test ids of every action a row offers, its button and its menu's entries (the menu is closed again). */
export async function rowActionIds(page: Page, row: Locator): Promise<string[]> {
  const ids = await row
    .locator('[data-testid="row-actions"] > button[data-testid]:not([data-testid="row-actions-menu"])')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid') ?? ''));
  if ((await row.getByTestId('row-actions-menu').count()) === 0) return ids;
  await row.getByTestId('row-actions-menu').click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await menu.waitFor();
  const items = await menu
    .locator('.ant-dropdown-menu-item [data-testid]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid') ?? ''));
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return [...ids, ...items];
}

/** What a list's layout gets wrong on this screen: overlapping or cut cells, tags cut, sideways scroll. */
export interface ListLayoutProblem {
  kind: 'overlap' | 'cut-tag' | 'table-scrolls' | 'page-scrolls' | 'off-screen';
  detail: string;
}

/**
 * Measures every visible list (`.lm-list`) by bounding boxes: no cell of a row covers its neighbour
 * (a pinned column over the data), no tag is narrower than its text or reaches outside its cell or
 * the window, the table does not scroll sideways, and neither does the page.
 */
export async function listLayoutProblems(page: Page): Promise<ListLayoutProblem[]> {
  return page.evaluate(() => {
    // No named functions in here: the test runner's transform would wrap them in a helper the page lacks.
    const problems: { kind: string; detail: string }[] = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width + 1)
      problems.push({ kind: 'page-scrolls', detail: `${document.documentElement.scrollWidth} > ${width}` });
    for (const list of document.querySelectorAll('.lm-list')) {
      const box = list.querySelector('.ant-table-content, .ant-table-body') as HTMLElement | null;
      const scroller = list.querySelector('.ant-table-wrapper')?.parentElement as HTMLElement | null;
      for (const el of [box, scroller]) {
        if (el && el.scrollWidth > el.clientWidth + 1)
          problems.push({ kind: 'table-scrolls', detail: `${el.scrollWidth} > ${el.clientWidth}` });
      }
      for (const row of list.querySelectorAll('.ant-table-tbody tr.ant-table-row')) {
        const cells = [...row.children].map((c) => c.getBoundingClientRect());
        for (let i = 1; i < cells.length; i++) {
          const overlap = cells[i - 1].right - cells[i].left;
          if (overlap > 1)
            problems.push({
              kind: 'overlap',
              detail: `${Math.round(overlap)} px in "${(row.textContent ?? '').trim().slice(0, 40)}"`,
            });
        }
        for (const cell of row.children) {
          const c = cell.getBoundingClientRect();
          if (c.width > 0 && (c.right > width + 1 || c.left < -1))
            problems.push({
              kind: 'off-screen',
              detail: `"${(cell.textContent ?? '').trim().slice(0, 40)}" at ${Math.round(c.left)}-${Math.round(c.right)}`,
            });
        }
        for (const tag of row.querySelectorAll('.ant-tag')) {
          const t = tag.getBoundingClientRect();
          const c = (tag.closest('td') as Element).getBoundingClientRect();
          if (
            (tag as HTMLElement).scrollWidth > (tag as HTMLElement).clientWidth + 1 ||
            t.right > c.right + 1 ||
            t.right > width + 1
          )
            problems.push({ kind: 'cut-tag', detail: `"${(tag.textContent ?? '').trim()}"` });
        }
      }
    }
    return problems as ListLayoutProblem[];
  });
}
