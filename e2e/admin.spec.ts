/**
 * The back office walked by the seeded admin and manager with real actions against the real API and
 * worker: every screen renders (1280 and 390 px, dark and light), edits reload their rows, money
 * moves, exports download, payouts process, and a manager is refused the admin screens by the server.
 */
import type { Page } from 'playwright-core';
import { ZipFile } from 'yazl';
import { assert, test } from './harness.ts';
import { pickCountry, rowAction, rowActionIds } from './support.ts';

const ADMIN_SCREENS = [
  'admin-publisherStats',
  'admin-leadStats',
  'admin-apitokens',
  'admin-blockedLeads',
  'admin-leads',
  'admin-offers',
  'admin-customPayouts',
  'admin-users',
  'admin-advertisers',
  'admin-domains',
  'admin-websites',
  'admin-payments',
  'admin-invoices',
  'admin-logs',
];

async function openScreen(page: Page, shell: string, path: string) {
  await page.goto(`${shell}/dashboard/${path}`);
  await page.locator(`[data-testid="screen"][data-screen="${path.split('?')[0]}"]`).waitFor();
}

const rows = (page: Page, table = 'data-table') =>
  page.locator(`[data-testid="${table}"] .ant-table-tbody tr.ant-table-row`);

/** Opens an antd select by its test id and picks the option whose text contains `text`. */
async function pick(page: Page, testId: string, text: string, search = false) {
  await page.getByTestId(testId).click();
  if (search) {
    // A searched list re-renders as its answers arrive: a click could land on an option being
    // replaced. Wait until the search has made the option the active one, then take it with Enter.
    await page.keyboard.type(text);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option-active')
      .filter({ hasText: text })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
  } else {
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: text })
      .first()
      .click();
  }
  // A multiple select keeps its list open after a choice: Escape closes it. A single select closes
  // its list itself; that is awaited, never hurried with Escape, which would also close the dialog
  // around the select if the list had just finished closing (a slow machine's closing animation).
  const multiple = await page
    .getByTestId(testId)
    .evaluate((el) => el.matches('.ant-select-multiple') || el.closest('.ant-select-multiple') !== null);
  if (multiple) await page.keyboard.press('Escape');
  await page.locator('.ant-select-dropdown:visible').first().waitFor({ state: 'hidden', timeout: 10_000 });
}

/** A documented call from the page, with its session and CSRF token (for checks the UI hides). */
async function apiCall(page: Page, api: string, path: string, body: unknown) {
  return page.evaluate(
    async ({ api, path, body }) => {
      const csrf = await (await fetch(`${api}/api/csrf`, { method: 'PUT', credentials: 'include' })).json();
      const res = await fetch(`${api}${path}`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': csrf.data.token },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { status: string; data: unknown };
    },
    { api, path, body },
  );
}

/** A 1×1 PNG for the offer image upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('admin users: edit reloads the row, verify publisher, payout refused with its reason', async (t) => {
  // The payout refusal below is provoked: the pending check's 409 is its answer.
  t.allowConsoleError(/status of 409.*\/payouts\/checkPayoutPending/);
  const page = await t.newPage('admin');
  await page.goto(`${t.urls.shell}/dashboard/publisher`);
  // A fresh, unverified publisher of this test's own (other specs rely on the seeded ones).
  const name = `e2euser${Date.now() % 1e8}`;
  // Sign-up needs a CSRF token: made with the page's session (the call is for anyone).
  const signUp = await apiCall(page, t.urls.api, '/users/createUser', {
    username: name,
    password: 'e2e-password-1',
    email: `${name}@leadmesh.example`,
    FirstName: 'Eve',
    LastName: 'Tester',
    Country: 'RS',
    ZIP: '11000',
    Experience: '2',
  });
  assert.equal(signUp.status, 'ok', JSON.stringify(signUp));
  await openScreen(page, t.urls.shell, `admin-users?Username=${name}`);
  // ?Username= became a filter chip that says what is applied.
  assert.match(
    (await page.getByTestId('filter-chip').textContent()) ?? '',
    new RegExp(`Username equals ${name}`),
  );
  await rows(page).first().waitFor();
  assert.equal(await rows(page).count(), 1);
  await t.screenshot(page, 'users-filtered');

  // Edit: a new e-mail; the row shows what the server answers when the user is fetched again.
  await rowAction(page, rows(page).first(), 'row-edit');
  await page.getByTestId('user-newEmail').fill(`${name}.new@leadmesh.example`);
  await page.getByTestId('user-FirstName').fill('Evelyn');
  await page.getByTestId('user-admin-fields').waitFor();
  await pick(page, 'user-autopayout', 'Every 14 days');
  // Payment method (admins only): Wire, checked as the publisher's profile checks it, IBAN included.
  await page.getByTestId('user-payment-none').waitFor();
  await page.getByTestId('user-payment-type').getByText('Wire', { exact: true }).click();
  await page.getByTestId('wire-bank').fill('Banca Intesa');
  await page.getByTestId('wire-holder').fill('Evelyn Tester');
  await page.getByTestId('wire-iban').fill('RS35 2600 0560 1001 6113 78');
  await page.getByTestId('wire-swift').fill('dbdbrsbg');
  await pickCountry(page, 'wire-country', 'Serbia');
  await page.getByTestId('form-submit').click();
  await page.getByTestId('form-error').getByText('IBAN is not valid, check the account number').waitFor();
  await page.getByTestId('wire-iban').fill('RS35 2600 0560 1001 6113 79');
  await t.screenshot(page, 'user-edit-dialog');
  const refetched = page.waitForResponse(
    (r) => r.url().endsWith('/users/getSingleUser') && r.request().postData()?.includes('"ID"') === true,
  );
  await page.getByTestId('form-submit').click();
  await refetched;
  await rows(page).first().getByText(`${name}.new@leadmesh.example`).waitFor();

  // More info shows the saved values.
  await rowAction(page, rows(page).first(), 'row-info');
  await page.getByTestId('user-info').getByText('Every 14 days').waitFor();
  await page.getByTestId('user-info').getByText('Evelyn Tester', { exact: true }).waitFor();
  // The method was saved as the server normalised it (no spaces, capitals).
  await page
    .getByTestId('user-info-payment')
    .getByText('Wire: Banca Intesa, Evelyn Tester, IBAN RS35260005601001611379, SWIFT DBDBRSBG, RS')
    .waitFor();
  await page.keyboard.press('Escape');
  // Opening Edit again shows the saved method in its fields.
  await rowAction(page, rows(page).first(), 'row-edit');
  assert.equal(await page.getByTestId('wire-iban').inputValue(), 'RS35260005601001611379');
  await page.getByTestId('form-cancel').click();

  // Verify publisher: confirmation names the user, then the button goes.
  await rowAction(page, rows(page).first(), 'row-verify');
  await page.getByText(`Verify publisher ${name}?`).waitFor();
  await page.getByTestId('confirm-ok').click();
  await rows(page).first().locator('.ant-tag', { hasText: 'Yes' }).waitFor();
  assert.ok(!(await rowActionIds(page, rows(page).first())).includes('row-verify'), 'verified: no Verify');

  // Create payout: the seed has an unprocessed payout, so the pending check refuses with its reason.
  await rowAction(page, rows(page).first(), 'row-payout');
  const refused = page.getByTestId('payout-refused');
  await refused.waitFor();
  assert.match(
    (await refused.textContent()) ?? '',
    /Payout can't be created\.There are payouts that still haven't been processed!/,
  );
  await t.screenshot(page, 'payout-refused');
});

test('admin advertisers: add balance, invoice messages, then mark the invoice paid', async (t) => {
  const page = await t.newPage('admin');
  await openScreen(page, t.urls.shell, 'admin-advertisers');
  const row = rows(page)
    .filter({ has: page.getByTestId('adv-credits') })
    .first();
  await row.waitFor();
  const company = (await row.locator('td').first().textContent())?.trim() ?? '';
  const cents = async () => {
    const text = (await row.getByTestId('adv-credits').textContent()) ?? '';
    return Math.round(Number(text.replace(/[$,]/g, '')) * 100);
  };
  const before = await cents();

  await rowAction(page, row, 'row-balance');
  assert.equal(
    await page.getByRole('checkbox', { name: 'Count as referral' }).isChecked(),
    true,
    'Count as referral is on by default',
  );
  await page.getByTestId('balance-amount').fill('ten');
  await page.getByTestId('form-submit').click();
  await page.getByTestId('form-error').getByText('New credit balance must be a number').waitFor();
  await page.getByTestId('balance-amount').fill('12.5');
  await page.getByTestId('balance-comment').fill('e2e top-up');
  await page.getByTestId('form-submit').click();
  await page.getByTestId('balance-form').waitFor({ state: 'detached' });
  await page.waitForFunction(
    ({ before }) => {
      const el = document.querySelector('[data-testid="adv-credits"]');
      return el && Math.round(Number(el.textContent?.replace(/[$,]/g, '')) * 100) !== before;
    },
    { before },
  );
  assert.equal(await cents(), before + 1250);

  // A negative amount takes credits away.
  await rowAction(page, row, 'row-balance');
  await page.getByTestId('balance-amount').fill('-2.50');
  await page.getByTestId('form-submit').click();
  await page.getByTestId('balance-form').waitFor({ state: 'detached' });
  // The row is fetched again: its credits read $10.00 more than before both changes.
  await page.waitForFunction(
    ({ want }) => {
      const el = document.querySelector('[data-testid="adv-credits"]');
      return el && Math.round(Number(el.textContent?.replace(/[$,]/g, '')) * 100) === want;
    },
    { want: before + 1000 },
  );

  // Create invoice: the messages of admin §5, one at a time, then the success text.
  await rowAction(page, row, 'row-invoice');
  await page.getByTestId('invoice-amount').fill('abc');
  await page.getByTestId('form-submit').click();
  await page.getByTestId('form-error').getByText('Amount must be a number!').waitFor();
  await page.getByTestId('invoice-amount').fill('0');
  await page.getByTestId('form-submit').click();
  await page.getByTestId('form-error').getByText('Amount must be greater than 0').waitFor();
  await page.getByTestId('invoice-amount').fill('321.5');
  await page.getByTestId('form-submit').click();
  await page.getByText('Invoice created, amount: 321.50 $').waitFor();
  await t.screenshot(page, 'advertisers');

  // The invoice is listed unpaid; Mark paid credits the advertiser and the row says Paid.
  await openScreen(page, t.urls.shell, 'admin-invoices');
  const invoice = rows(page).filter({ hasText: '$321.50' }).filter({ hasText: company }).first();
  await invoice.locator('.ant-tag', { hasText: 'Not paid' }).waitFor();
  await rowAction(page, invoice, 'row-paid');
  await page.getByText('gets $321.50 of credits').waitFor();
  await page.getByTestId('confirm-ok').click();
  // Mark paid goes once the row is the record the server answered.
  await invoice.getByTestId('row-paid').waitFor({ state: 'detached' });
  await invoice.locator('.ant-tag', { hasText: /^Paid$/ }).waitFor();
  await t.screenshot(page, 'invoices');
});

test('admin offers: validation messages in order, Final calculations, add and edit with reload', async (t) => {
  const page = await t.newPage('admin');
  await openScreen(page, t.urls.shell, 'admin-offers');
  await rows(page).first().waitFor();
  await page.getByTestId('offer-add').click();
  const problem = page.getByTestId('offer-problem');
  const expectProblem = async (text: string) => {
    await page.getByTestId('offer-save').click();
    await problem.filter({ hasText: text }).waitFor();
  };
  await expectProblem('Please select an advertiser!');
  await pick(page, 'offer-advertiser', 'Balkan Health', true);
  await expectProblem('Please select a CRM of the advertiser!');
  // The demo CRMs are Sandbox CRMs, labelled as test CRMs in the picker.
  await pick(page, 'offer-crm', 'Sandbox: call centre (test CRM)');
  await expectProblem('Please select at least one country!');
  await pick(page, 'offer-country-add', 'Serbia', true);
  await page.getByTestId('offer-country-pill').filter({ hasText: 'RS' }).waitFor();
  await expectProblem("Offer name can't be empty!");
  const offerName = `E2E offer ${Date.now() % 1e6}`;
  await page.getByTestId('offer-OfferName').fill(offerName);
  await expectProblem("Product brand can't be empty!");
  await page.getByTestId('offer-OfferProductBrand').fill('Brandy');
  await expectProblem("Product name can't be empty!");
  await page.getByTestId('offer-OfferProductName').fill('Gizmo');
  await expectProblem('Please select the offer type (CPA or CPL)!');
  await pick(page, 'offer-type', 'Cost per lead (CPL)');
  await expectProblem('Offer payout must be a number!');
  await page.getByTestId('offer-payout').fill('10');
  // Final calculations: tax 20 (the default) of $10.00.
  await page.getByTestId('calc-platform').filter({ hasText: '$2.00' }).waitFor();
  await page.getByTestId('calc-publisher').filter({ hasText: '$8.00' }).waitFor();
  await page.getByTestId('offer-autotax').click();
  await page.getByTestId('calc-advertiser').filter({ hasText: '$12.50' }).waitFor();
  await page.getByTestId('offer-autotax').click();
  await page.getByTestId('offer-PlatformTax').fill('100');
  await expectProblem('Platform tax must be a whole number from 0 to 99!');
  await page.getByTestId('offer-PlatformTax').fill('20');
  await page.getByTestId('offer-OfferLimit').fill('many');
  await expectProblem('Offer limit must be a whole number!');
  await page.getByTestId('offer-OfferLimit').fill('500');
  await page.getByTestId('offer-referral').fill('x');
  await expectProblem('Referral payout must be a number (0.00)');
  await page.getByTestId('offer-referral').fill('0.50');
  await page.getByTestId('offer-OfferProductPrice').fill('50');
  await expectProblem('Product price invalid, it should look like this: 50,00 KM or 20,00 EUR...etc');
  await page.getByTestId('offer-OfferProductPrice').fill('50,00 EUR');
  await expectProblem('Please upload an image!');
  await page
    .getByTestId('offer-image')
    .setInputFiles({ name: 'offer.png', mimeType: 'image/png', buffer: PNG });
  await expectProblem("Offer description can't be empty!");
  await page.getByTestId('offer-description').locator('[contenteditable="true"]').click();
  await page.keyboard.type('A gizmo worth selling.');
  // Clicking into the text (inside the field's label) formats nothing by itself.
  assert.doesNotMatch(await page.getByTestId('editor-content').innerHTML(), /<h1/i);
  await page.getByTestId('offer-promoted').click();
  await t.screenshot(page, 'offer-form');
  await page.getByTestId('offer-save').click();
  await page.getByTestId('offer-form-fields').waitFor({ state: 'detached' });
  const row = rows(page).filter({ hasText: offerName });
  await row.waitFor();
  await row.getByTestId('offer-promoted-tag').waitFor();

  // More info: a new offer's approve rate is unknown: '?'.
  await rowAction(page, row, 'row-info');
  assert.equal(await page.getByTestId('offer-ratio').textContent(), '?');
  await page.getByTestId('offer-info').getByText('$10.00').waitFor();
  await page.keyboard.press('Escape');

  // Edit: the payout changes, a new image replaces the old, and the row is fetched again.
  await rowAction(page, row, 'row-edit');
  await page.getByTestId('offer-payout').fill('11');
  await page
    .getByTestId('offer-image')
    .setInputFiles({ name: 'offer2.png', mimeType: 'image/png', buffer: PNG });
  const refetch = page.waitForResponse((r) => r.url().endsWith('/offers/getOfferByID'));
  await page.getByTestId('offer-save').click();
  await refetch;
  await row.getByText('$11.00').waitFor();
});

test('admin leads: set a status over the CRM, the timeline, export into files and download one', async (t) => {
  const page = await t.newPage('admin');
  await openScreen(page, t.urls.shell, 'admin-leads');
  const first = rows(page).first();
  await first.waitFor();
  // The publisher and advertiser columns name them (the list answer joins the names), never '#3'.
  const listed = (await apiCall(page, t.urls.api, '/leads/getLeadsForAdmin', { paginationOffset: 0 })) as {
    data: { DBData: { ID: number; User: { Username: string }; Advertiser: { CompanyName: string } }[] };
  };
  const top = listed.data.DBData[0];
  assert.ok(top.User.Username.length > 0);
  assert.equal((await first.getByTestId('lead-publisher').textContent())?.trim(), top.User.Username);
  assert.equal(
    (await first.getByTestId('lead-advertiser').textContent())?.trim(),
    top.Advertiser.CompanyName,
  );
  for (const cell of await rows(page).getByTestId('lead-publisher').allTextContents())
    assert.doesNotMatch(cell, /^#\d+$/);
  await rowAction(page, first, 'row-status');
  await page.getByText('This overrides the status the CRM gave').waitFor();
  await pick(page, 'lead-new-status', 'Bad lead');
  await page.getByTestId('form-submit').click();
  await page.getByTestId('lead-status-form').waitFor({ state: 'detached' });
  await first.getByTestId('lead-status').filter({ hasText: 'Bad lead' }).waitFor();
  // The row answered by the status change keeps the names.
  assert.equal((await first.getByTestId('lead-publisher').textContent())?.trim(), top.User.Username);

  // More info: the lead's timeline records the manual status change.
  await rowAction(page, first, 'row-info');
  await page.getByTestId('lead-timeline').waitFor();
  await page.locator('[data-testid="timeline-entry"][data-kind="status"]').last().waitFor();
  await t.screenshot(page, 'lead-timeline');
  await page.keyboard.press('Escape');
  await page.getByTestId('lead-info').waitFor({ state: 'detached' });

  // Export the first five selected leads into 2 files.
  for (let i = 0; i < 5; i++) await rows(page).nth(i).locator('.ant-checkbox-input').check();
  await page.getByTestId('leads-export').filter({ hasText: 'Export selected (5)' }).click();
  await page.getByTestId('export-groups').fill('0');
  await page.getByTestId('form-submit').click();
  await page.getByTestId('form-error').getByText('Enter a valid number of groups').waitFor();
  await page.getByTestId('export-groups').fill('2');
  await page.getByTestId('form-submit').click();
  await page.locator('[data-testid="export-progress"][data-state="done"]').waitFor({ timeout: 30_000 });
  const files = page.getByTestId('export-file');
  assert.deepEqual(await files.allTextContents(), ['leads_group_1.xlsx', 'leads_group_2.xlsx']);
  await t.screenshot(page, 'export-done');
  const download = page.waitForEvent('download');
  await files.first().click();
  const file = await download;
  assert.equal(file.suggestedFilename(), 'leads_group_1.xlsx');
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  // An xlsx is a zip: it starts with PK.
  assert.equal(Buffer.concat(chunks).subarray(0, 2).toString(), 'PK');
});

test('admin dashboard ?p=: a publisher’s dashboard in the publisher’s own view, opened from the stats; without ?p the overview', async (t) => {
  const page = await t.newPage('admin');
  await openScreen(page, t.urls.shell, 'admin-publisherStats');
  const row = rows(page, 'publisher-stats')
    .filter({ hasText: /^publisher/ })
    .first();
  await row.waitFor();
  const username = (await row.locator('td').first().textContent())?.trim() ?? '';
  await row.getByTestId('row-dashboard').click();
  await page.waitForURL(/\/dashboard\/admin-dashboard\?p=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('p'));
  // The shared view (packages/ui LeadDashboard): its KPI tiles, charts and breakdowns, with the name.
  await page.getByTestId('lead-dashboard').waitFor();
  await page.getByTestId('dashboard-publisher').getByText(username).waitFor();
  await page.locator('[data-testid="dashboard"][data-phase="ok"]').waitFor();
  const truth = (await apiCall(page, t.urls.api, '/leads/getLeadsForPublisherDashboard', {
    BoundUser: id,
    Filters: [],
  })) as { status: string; data: { totalLeadCount: number; totalEarned: number } };
  assert.equal(truth.status, 'ok');
  assert.equal(
    Number(await page.getByTestId('kpi-total').getAttribute('data-value')),
    truth.data.totalLeadCount,
  );
  assert.equal(
    Number(await page.getByTestId('kpi-money').getAttribute('data-value')),
    truth.data.totalEarned,
  );
  await page.getByTestId('dashboard-breakdowns').waitFor();
  await t.screenshot(page, 'publisher-dashboard');

  // Without ?p the sidebar's Dashboard is the network overview (decision 0051; e2e/journeys/admin).
  await page.getByTestId('sidebar-item-admin-dashboard').click();
  await page.waitForURL(/\/dashboard\/admin-dashboard$/);
  await page.getByTestId('overview-range').waitFor();
});

test('admin payments: process the pending payout, then create and process a new one, download a CSV', async (t) => {
  const page = await t.newPage('admin');
  await openScreen(page, t.urls.shell, 'admin-payments');
  await page.getByTestId('payout-create-blocked').waitFor();
  const pending = rows(page)
    .filter({ has: page.getByTestId('row-process') })
    .first();
  await rowAction(page, pending, 'row-process');
  await page.getByTestId('process-confirm').click();
  await page.getByTestId('process-result').waitFor({ timeout: 30_000 });
  assert.match(
    (await page.getByTestId('process-result').textContent()) ?? '',
    /Processed leads\d+Skipped leads\d+Processed referrals\d+Skipped referrals\d+/,
  );
  await t.screenshot(page, 'processed');
  await page.getByTestId('process-close').click();

  // Nothing pending now: Create payout appears.
  await page.getByTestId('payout-create').click();
  await page.getByTestId('confirm-ok').click();
  await page.getByTestId('payout-create-blocked').waitFor();
  const created = rows(page)
    .filter({ has: page.getByTestId('row-process') })
    .first();
  await rowAction(page, created, 'row-process');
  await page.getByTestId('process-confirm').click();
  await page.getByTestId('process-result').waitFor({ timeout: 30_000 });
  await page.getByTestId('process-close').click();
  await page.getByTestId('payout-create').waitFor();

  const download = page.waitForEvent('download');
  await rowAction(page, rows(page).first(), 'row-file-leads');
  assert.match((await download).suggestedFilename(), /^leads-\d{4}-\d{2}-\d{2}\.csv$/);
});

async function zipOf(entries: [string, string][]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of entries) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

test(
  'admin operations: internal domain, API token, custom payout with the calculator, website upload, logs',
  async (t) => {
    const page = await t.newPage('admin');
    // Domains: the note, the messages, then the new domain in the list.
    await openScreen(page, t.urls.shell, 'admin-domains');
    await page.getByTestId('domains-note').getByText('available to anyone').waitFor();
    await page.getByTestId('domain-add-toggle').click();
    await page.getByTestId('domain-add-submit').click();
    await page.getByTestId('domain-add-result').getByText("Domain name can't be empty!").waitFor();
    await page.getByTestId('domain-add-name').fill('http://nope.example');
    await page.getByTestId('domain-add-submit').click();
    await page.getByTestId('domain-add-result').getByText('Domain is not valid!').waitFor();
    const host = `e2e${Date.now() % 1e6}.example.com`;
    await page.getByTestId('domain-add-name').fill(host);
    await page.getByTestId('domain-add-submit').click();
    await page.getByTestId('feedback-done').getByText(`Domain successfully added: ${host}`).waitFor();
    await rows(page)
      .filter({ hasText: `http://${host}` })
      .waitFor();

    // API tokens: the messages, a token for a user, View token, Remove.
    await openScreen(page, t.urls.shell, 'admin-apitokens');
    await page.getByTestId('token-add').click();
    await page.getByTestId('form-submit').click();
    await page.getByTestId('form-error').getByText("Name can't be empty").waitFor();
    await page.getByTestId('token-name').fill('E2E intake');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('form-error').getByText("User can't be empty").waitFor();
    await pick(page, 'token-user', 'publisher2', true);
    // The user picker's list stays open over the flags until focus moves on, as it would for a user.
    await page.getByTestId('token-name').click();
    await page.locator('.ant-select-dropdown:visible').first().waitFor({ state: 'hidden' });
    await page.getByTestId('token-flag-canSendLeads').click();
    await page.getByTestId('form-submit').click();
    const created = ((await page.getByTestId('token-created').textContent()) ?? '').trim();
    assert.ok(created.length >= 20, created);
    await page.keyboard.press('Escape');
    const tokenRow = rows(page).filter({ hasText: 'E2E intake' });
    await tokenRow.getByText('Send leads (server-to-server intake)').waitFor();
    await rowAction(page, tokenRow, 'row-view');
    await page.getByTestId('token-value').getByText(created).waitFor();
    await page.keyboard.press('Escape');
    await rowAction(page, tokenRow, 'row-remove');
    await page.getByTestId('confirm-ok').click();
    await tokenRow.waitFor({ state: 'detached' });

    // Custom payouts: the calculator with automatic tax, then the row.
    await openScreen(page, t.urls.shell, 'admin-customPayouts');
    await page.getByTestId('custom-payout-add').click();
    await page.getByTestId('form-submit').click();
    await page.getByTestId('form-error').getByText('Please select an user.').waitFor();
    await pick(page, 'custom-payout-user', 'publisher2', true);
    await page.getByTestId('form-submit').click();
    await page.getByTestId('form-error').getByText('Please select an offer.').waitFor();
    await pick(page, 'custom-payout-offer', 'Solar Lamp Duo', true);
    await page.getByTestId('custom-payout-amount').fill('lots');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('form-error').getByText('Payout must be a number').waitFor();
    await page.getByTestId('custom-payout-amount').fill('40');
    await page.getByTestId('calc-losing').getByText('Platform is loosing money!').waitFor();
    await page.getByTestId('custom-payout-amount').fill('2');
    await page.getByTestId('custom-payout-autotax').click();
    await page.getByTestId('calc-publisher').filter({ hasText: '$2.00' }).waitFor();
    await t.screenshot(page, 'custom-payout-calculator');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('custom-payout-form').waitFor({ state: 'detached' });
    const payoutRow = rows(page).filter({ hasText: 'publisher2' }).filter({ hasText: 'Solar Lamp Duo' });
    await payoutRow.getByText('$2.00').waitFor();

    // Websites: a .zip upload, listed with its offer.
    await openScreen(page, t.urls.shell, 'admin-websites');
    await page.getByTestId('website-add').click();
    await page.getByTestId('website-name').fill('E2E landing');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('form-error').getByText('File not found or invalid').waitFor();
    await page.getByTestId('website-file').setInputFiles({
      name: 'site.zip',
      mimeType: 'application/zip',
      buffer: await zipOf([['index.html', '<!doctype html><title>E2E</title><h1>E2E landing</h1>']]),
    });
    await page.getByTestId('form-submit').click();
    await page.getByTestId('form-error').getByText("Website type can't be empty").waitFor();
    await pick(page, 'website-type', 'PreLanding');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('form-error').getByText("Offer can't be empty").waitFor();
    await pick(page, 'website-offer', 'Solar Lamp Duo', true);
    await page.getByTestId('form-submit').click();
    await page.getByTestId('website-form').waitFor({ state: 'detached' });
    await rows(page).filter({ hasText: 'E2E landing' }).waitFor();

    // Logs: levels in colour; the actions above were logged.
    await openScreen(page, t.urls.shell, 'admin-logs');
    await page.getByTestId('log-level').first().waitFor();
    await t.screenshot(page, 'logs', { fullPage: false });
    // Five screens in one walk: past the default 60 s when the shared machine is busy (41 s alone).
  },
  { timeoutMs: 120_000 },
);

// Two halves per size and theme, so each test stays well inside the runner's 60 s.
const SCREEN_HALVES = [ADMIN_SCREENS.slice(0, 7), [...ADMIN_SCREENS.slice(7), 'admin-dashboard?p=3']];
for (const theme of ['dark', 'light'] as const) {
  for (const width of [1280, 390]) {
    for (const [half, screens] of SCREEN_HALVES.entries()) {
      test(`admin: every screen at ${width} px, ${theme} (${half + 1} of 2)`, async (t) => {
        const page = await t.newPage('admin');
        // The theme is switched in the sidebar at desktop width (it is saved for the user).
        const switchTo = async (want: 'dark' | 'light') => {
          await page.setViewportSize({ width: 1280, height: 800 });
          await page.goto(`${t.urls.shell}/dashboard/admin-users`);
          await page.getByTestId('sidebar').waitFor();
          if ((await page.getByTestId('app-root').getAttribute('data-theme')) === want) return;
          const saved = page.waitForResponse((r) => r.url().endsWith('/users/setTheme'));
          await page.getByTestId('theme-toggle').click();
          await saved;
          await page.locator(`[data-testid="app-root"][data-theme="${want}"]`).waitFor();
        };
        await switchTo(theme);
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        for (const path of screens) {
          await openScreen(page, t.urls.shell, path);
          assert.equal(await page.getByTestId('screen-forbidden').count(), 0, path);
          await page
            .locator('[data-testid="screen"] .ant-spin-spinning')
            .first()
            .waitFor({ state: 'detached', timeout: 10_000 })
            .catch(() => undefined);
          if (path.startsWith('admin-dashboard'))
            await page.locator('[data-testid="dashboard"][data-phase="ok"]').waitFor();
          await t.screenshot(page, `${path.split('?')[0]}`, { fullPage: false });
        }
        if (theme === 'light' && width === 390 && half === 1) await switchTo('dark');
      });
    }
  }
}

test('manager: the manager screens and the users list; admin screens refused, by the server too', async (t) => {
  // The server's refusals are provoked below, call by call: the browser logs each 403.
  t.allowConsoleError(/status of 403/);
  const page = await t.newPage('manager');
  for (const path of ['manager-publishers', 'manager-publisherStats', 'manager-advertisers', 'admin-users']) {
    await openScreen(page, t.urls.shell, path);
    assert.equal(await page.getByTestId('screen-forbidden').count(), 0, path);
  }
  await openScreen(page, t.urls.shell, 'manager-publishers');
  await rows(page).first().waitFor();
  // A manager edits basic fields only: no Delete, no Create payout, no admin fields.
  const offered = await rowActionIds(page, rows(page).first());
  assert.ok(!offered.includes('row-delete') && !offered.includes('row-payout'), offered.join(', '));
  await rowAction(page, rows(page).first(), 'row-edit');
  await page.getByTestId('user-FirstName').waitFor();
  assert.equal(await page.getByTestId('user-admin-fields').count(), 0);
  await page.getByTestId('form-cancel').click();
  await t.screenshot(page, 'manager-publishers');

  // An admin screen leads a manager home (the shell's guard is the screen's calls' callers, decision 0046).
  await page.goto(`${t.urls.shell}/dashboard/admin-logs`);
  await page.waitForURL(/\/dashboard\/admin-dashboard$/);
  await page.getByTestId('overview-range').waitFor();
  for (const [path, body] of [
    ['/logs/getLogs', {}],
    ['/leads/getLeadsForAdmin', {}],
    ['/payouts/createPlatformPayout', {}],
    ['/users/deleteUser', { ID: 1 }],
    ['/invoices/getAllInvoices', {}],
  ] as const) {
    const answer = await apiCall(page, t.urls.api, path, body);
    assert.deepEqual([path, answer.status, answer.data], [path, 'error', 'FORBIDDEN']);
  }
  // Their own screens' calls are allowed.
  assert.equal((await apiCall(page, t.urls.api, '/leads/getLeadStatsPerUser', {})).status, 'ok');

  // manager-publisherStats → View dashboard: a publisher's dashboard, in the shared view.
  await openScreen(page, t.urls.shell, 'manager-publisherStats');
  await rows(page, 'publisher-stats').first().getByTestId('row-dashboard').click();
  await page.locator('[data-testid="dashboard"][data-phase="ok"]').waitFor();
  // A staff account's dashboard is refused by the server (the manager may not manage it).
  const adminPage = await t.newPage('admin');
  await adminPage.goto(`${t.urls.shell}/dashboard/admin-users`);
  const me = (await apiCall(adminPage, t.urls.api, '/auth/checkLogin', {})) as {
    data: { UserInfo: { ID: number } };
  };
  const refused = await apiCall(page, t.urls.api, '/leads/getLeadsForPublisherDashboard', {
    BoundUser: me.data.UserInfo.ID,
    Filters: [],
  });
  assert.deepEqual([refused.status, refused.data], ['error', 'FORBIDDEN']);
});
