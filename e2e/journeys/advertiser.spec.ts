/**
 * The advertiser's first hour (issue 16), from the sign-up and login forms only: an advertiser signs
 * up in two steps and meets the wall that says what happens next; an admin verifies them with
 * "Verify advertiser" and tops up their credit in the back office; the advertiser, now let in,
 * connects a Sandbox CRM; a lead for their offer reaches that CRM, which confirms it, and the
 * advertiser sees the lead confirmed and their balance fall by the offer's payout.
 * Desktop and 390 px, both themes, screenshots of each.
 */
import { DEMO_API_TOKEN } from '@leadmesh/seed';
import type { Page, Response } from 'playwright-core';
import { assert, LOGINS, test } from '../harness.ts';
import { shootBothThemes } from '../screens.ts';
import { ApiSession, apiCallerOf, pickCountry, pickOption, rowAction, unique } from '../support.ts';

const answerOf = (path: string) => (r: Response) => r.url().endsWith(path) && r.request().method() === 'POST';

/** Cents of the first `$1,234.56` (or `-$…`) in a text. */
function centsIn(text: string | null): number {
  const match = /(-?)\$([\d,]+)\.(\d{2})/.exec(text ?? '');
  assert.ok(match, `no dollar amount in "${text}"`);
  const cents = Number(match[2].replace(/,/g, '')) * 100 + Number(match[3]);
  return match[1] ? -cents : cents;
}

/** The credits the header's user menu shows (dashboards §2 Header). */
async function headerCredits(page: Page): Promise<number> {
  await page.getByTestId('user-menu').click();
  const credits = page.getByTestId('header-credits');
  await credits.waitFor();
  const cents = centsIn(await credits.textContent());
  await page.keyboard.press('Escape');
  await credits.waitFor({ state: 'hidden' });
  return cents;
}

async function logIn(page: Page, shell: string, username: string, password: string) {
  await page.goto(`${shell}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('sidebar').waitFor();
}

test(
  'advertiser: signs up in two steps, is verified in the back office, connects a Sandbox CRM, sees a lead confirmed and the balance fall',
  async (t) => {
    const id = unique();
    const username = `advjourney${id}`;
    const company = `Journey Goods ${id}`;

    // 1. Sign-up in two steps, from the public site's Sign up link.
    const page = await t.newPage();
    await page.goto(t.urls.shell);
    await page.getByRole('link', { name: 'Sign up' }).first().click();
    await page.getByTestId('register-as-advertiser').click();
    await page.getByTestId('signup-terms').check();
    await pickCountry(page, 'signup-country', 'Serbia');
    await page.getByTestId('signup-username').fill(username);
    await page.getByTestId('signup-email').fill(`${username}@example.com`);
    await page.getByTestId('signup-password').fill('password123');
    await page.getByTestId('signup-confirm').fill('password123');
    await page.getByTestId('signup-first-name').fill('Ada');
    await page.getByTestId('signup-last-name').fill('Markovic');
    await page.getByTestId('signup-zip').fill('11000');
    await page.getByTestId('signup-experience').fill('2');
    await page.getByTestId('signup-submit').click();
    await page.getByTestId('company-form').waitFor();
    await page.getByTestId('company-name').fill(company);
    await page.getByTestId('company-address').fill('Knez Mihailova 1');
    await page.getByTestId('company-city').fill('Belgrade');
    await page.getByTestId('company-zip').fill('11000');
    await page.getByTestId('company-tax').fill('10000001');
    await page.getByTestId('company-vat').fill('RS10000001');
    await page.getByTestId('company-submit').click();
    await page.getByTestId('signup-success').waitFor();
    await page.getByTestId('signup-go-dashboard').click();
    await page.waitForURL(/\/dashboard\/advertiser$/);
    // Not verified yet: the one wall, saying what happens next and whom to ask.
    const wall = page.getByTestId('not-verified');
    await wall.waitFor();
    assert.match((await wall.textContent()) ?? '', /Your account has not been verified/);
    assert.match(
      (await page.getByTestId('not-verified-next').textContent()) ?? '',
      /checks every new advertiser account/,
    );
    await page.getByTestId('not-verified-contact').waitFor();
    await shootBothThemes(t, page, 'waiting', () => wall.waitFor());

    // 2. The admin, from the login form: Advertisers, find the company, Verify advertiser, Add balance.
    const admin = await t.newPage();
    await logIn(admin, t.urls.shell, LOGINS.admin.username, LOGINS.admin.password);
    await admin.waitForURL(/\/dashboard\/admin-dashboard$/);
    await admin.getByTestId('sidebar-item-admin-advertisers').click();
    await admin.locator('[data-testid="screen"][data-screen="admin-advertisers"]').waitFor();
    await admin.getByTestId('list-search').locator('input').fill(company);
    const row = admin.locator('.lm-list .ant-table-tbody tr.ant-table-row', { hasText: company });
    await row.waitFor();
    await rowAction(admin, row, 'row-verify');
    const verified = admin.waitForResponse(answerOf('/partners/verifyAdvertiser'));
    await admin.getByTestId('confirm-ok').click();
    await verified;
    await row.locator('.ant-tag', { hasText: 'Yes' }).waitFor();
    await rowAction(admin, row, 'row-balance');
    await admin.getByTestId('balance-amount').fill('50');
    await admin.getByTestId('form-submit').click();
    await admin.getByTestId('balance-form').waitFor({ state: 'detached' });
    await row.getByTestId('adv-credits').getByText('$50.00').waitFor();

    // 3. The advertiser's screens open now (a reload reads the verified session).
    await page.reload();
    await page.locator('[data-testid="screen"][data-screen="advertiser"]').waitFor();
    assert.equal(await page.getByTestId('not-verified').count(), 0);
    const before = await headerCredits(page);
    assert.equal(before, 5000, 'the top-up reached the advertiser');
    await page.getByTestId('sidebar-item-advertiser-crm').click();
    await page.getByTestId('crm-table').waitFor();
    await page.getByTestId('crm-add-toggle').click();
    await pickOption(page, 'crm-type', 'Sandbox (test CRM)');
    const crmName = `Journey sandbox ${id}`;
    await page.getByTestId('crm-friendly-name').fill(crmName);
    await page.getByTestId('crm-field-delaySeconds').fill('2');
    await page.getByTestId('crm-field-confirmPercent').fill('100');
    await page.getByTestId('crm-field-rejectPercent').fill('0');
    await page.getByTestId('crm-field-badPercent').fill('0');
    const added = page.waitForResponse(answerOf('/partners/addCRM'));
    await page.getByTestId('crm-add-save').click();
    const crm = ((await (await added).json()) as { data: { ID: number; BoundAdvertiser: number } }).data;
    await page
      .getByTestId('feedback-done')
      .filter({ hasText: `CRM “${crmName}” added` })
      .waitFor();
    const crmRow = page.locator('tr', { has: page.getByText(crmName, { exact: true }) });
    await shootBothThemes(t, page, 'crm', () => crmRow.waitFor());

    // 4. Set-up outside this role's screens: the admin's offer for the advertiser (offer forms are
    // tested in admin.spec) and a buyer's lead from a publisher's server (the demo API token).
    const staff = await ApiSession.login(t.urls.api, LOGINS.admin.username, LOGINS.admin.password);
    // The picture of a demo offer (uploads are tested in admin.spec).
    const [demo] = (
      await staff.call<{ DBData: { OfferImages: string[] | string }[] }>('/offers/getAllOffers', {
        paginationOffset: 0,
        Filters: [],
      })
    ).DBData;
    const offer = await staff.call<{ ID: number; OfferPayout: number }>('/offers/addOffer', {
      BoundAdvertiser: crm.BoundAdvertiser,
      SelectedCRM: crm.ID,
      OfferCountry: ['RS', 'HR'],
      OfferName: `Journey offer ${id}`,
      OfferProductBrand: 'Journey',
      OfferProductName: 'Journey Tea',
      OfferType: 'CPA',
      OfferPayout: 1200,
      PlatformTax: 20,
      OfferLimit: 100,
      OfferProductPrice: '29,00 EUR',
      OfferDescription: '<p>Tea</p>',
      CRMID: 'tea-1',
      OfferImages: demo.OfferImages,
      OfferActive: true,
    });
    const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
    const intake = await fetch(`${t.urls.api}/intake/leads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_API_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ BoundOffer: offer.ID, name: 'Journey Buyer', phone: `+385 91 ${digits}` }),
    });
    const lead = ((await intake.json()) as { data: { ID: number; BlockedReason: string | null } }).data;
    assert.equal(lead.BlockedReason, null, `the lead was accepted: ${JSON.stringify(lead)}`);

    // 5. The advertiser sees the lead confirmed by their CRM, and the balance fall by the payout.
    // The Sandbox CRM decides after its delay: wait for the decision, then open the list.
    const call = await apiCallerOf(page, t.urls.api);
    const end = Date.now() + 60_000;
    for (;;) {
      const { DBData } = await call<{ DBData: { ID: number; Status: number }[] }>(
        '/leads/getLeadsForAdvertiser',
        {
          paginationOffset: 0,
          Filters: [{ name: 'ID', op: 'eq', value: lead.ID }],
        },
      );
      if (DBData[0]?.Status === 2) break;
      assert.ok(
        Date.now() < end,
        `the Sandbox CRM confirms the lead within a minute (${JSON.stringify(DBData)})`,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await page.getByTestId('sidebar-item-advertiser-leads').click();
    const leadRow = page.locator('tr.ant-table-row', { hasText: 'Journey Tea' }).first();
    await leadRow.getByText('Lead confirmed').waitFor();
    await shootBothThemes(t, page, 'leads', () => leadRow.waitFor());
    // The header's credits are the session's, read when the page loads: a reload shows the new balance.
    await page.getByTestId('sidebar-item-advertiser-dashboard').click();
    await page.reload();
    await page.locator('[data-testid="screen"][data-screen="advertiser"]').waitFor();
    assert.equal(await headerCredits(page), before - offer.OfferPayout, 'the balance fell by the payout');
    // The charts redraw to their cards' width when the window narrows (a phone turned, a window resized).
    await shootBothThemes(t, page, 'dashboard', async () => {
      await page.locator('[data-testid="screen"][data-screen="advertiser"]').waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.lm-charts canvas')].every((canvas) => {
          const card = canvas.closest('.ant-card')?.getBoundingClientRect();
          return card && canvas.getBoundingClientRect().right <= card.right + 1;
        }),
      );
    });
  },
  { timeoutMs: 240_000 },
);
