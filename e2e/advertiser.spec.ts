import type { AdvertiserOffer, Crm, PayoutLine } from '@leadmesh/schema';
import { crmForm, formatUsd } from '@leadmesh/schema/constants';
import type { Response } from 'playwright-core';
import { assert, test } from './harness.ts';
import { shootBothThemes } from './screens.ts';
import { rowAction, unique } from './support.ts';

/*
 * Every advertiser screen of mf-advertiser on the seeded world (the dashboard, leads and statistic
 * are walked in lead-views.spec.ts): offers, CRM, payments, and the dashboard's redirect.
 */

const answerOf = (path: string) => (r: Response) => r.url().endsWith(path) && r.request().method() === 'POST';

async function dataOf<T>(response: Response): Promise<T> {
  const body = (await response.json()) as { status: string; data: T };
  assert.equal(body.status, 'ok', `${response.url()} answered ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
}

test('advertiser offers: the API rows, More info with country, type, payout and approve rate or ?', async (t) => {
  const page = await t.newPage('advertiser');
  const first = page.waitForResponse(answerOf('/offers/getAllOffersForAdvertiser'));
  await page.goto(`${t.urls.shell}/dashboard/advertiser-offers`);
  const { DBData: offers } = await dataOf<{ DBData: AdvertiserOffer[] }>(await first);
  assert.ok(offers.length > 0, 'the seeded advertiser owns offers');
  await page.getByTestId('offer-name').first().waitFor();
  assert.deepEqual(
    await page.getByTestId('offer-name').allTextContents(),
    offers.map((o) => o.OfferName),
  );
  await page.getByTestId('offer-more-info').first().click();
  const info = page.getByTestId('offer-info');
  await info.waitFor();
  const content = (await info.textContent()) ?? '';
  const offer = offers[0];
  assert.ok(content.includes(formatUsd(offer.OfferPayout)), content);
  assert.ok(content.includes(offer.OfferType), content);
  const rate = offer.OfferMonthlyConversionRatio;
  assert.equal(
    await page.getByTestId('offer-approve-rate').textContent(),
    rate < 0 ? '?' : `${Number.isInteger(rate) ? rate : rate.toFixed(1)}%`,
  );
  await t.screenshot(page, 'more-info');
  await page.keyboard.press('Escape');
  await shootBothThemes(t, page, 'offers', async () => {
    await page.getByTestId('offer-name').first().waitFor();
  });
});

test('advertiser CRM: add with the spec messages, the panel resets, type locked on edit, handler URL, delete', async (t) => {
  const page = await t.newPage('advertiser');
  const first = page.waitForResponse(answerOf('/partners/getAllCRMs'));
  await page.goto(`${t.urls.shell}/dashboard/crm`);
  const crms = await dataOf<Crm[]>(await first);
  await page.getByTestId('crm-table').waitFor();
  if (crms.length > 0) await page.getByText(crms[0].friendlyName, { exact: true }).first().waitFor();
  // Each seeded CRM's row names its type and the link button its type has (dashboards §2 CRM screen).
  for (const seeded of crms) {
    const seededRow = page.locator('tr', { has: page.getByText(seeded.friendlyName, { exact: true }) });
    const label = crmForm(seeded.name)?.linkLabel;
    assert.equal(await seededRow.getByTestId('crm-link-open').textContent(), label);
  }

  await page.getByTestId('crm-add-toggle').click();
  await page.getByTestId('crm-add-panel').waitFor();
  await page.getByTestId('crm-add-save').click();
  await page.getByText("Friendly name can't be empty").waitFor();
  await page.getByText("Inbound URL can't be empty").waitFor();
  await page.getByText("Outbound token can't be empty").waitFor();
  // Scale CRM asks for its own fields.
  await page.getByTestId('crm-type').click();
  await page.locator('.ant-select-item-option', { hasText: 'Scale CRM' }).click();
  await page.getByTestId('crm-field-apiToken').waitFor();
  await page.getByTestId('crm-field-postbackSecret').waitFor();
  await page.getByTestId('crm-type').click();
  await page.locator('.ant-select-item-option', { hasText: 'Bitrix24' }).click();

  const name = `Sales CRM ${unique()}`;
  await page.getByTestId('crm-friendly-name').fill(name);
  await page.getByTestId('crm-field-inboundURL').fill('https://93.184.216.34/rest/1/abcdefgh12345678/');
  await page.getByTestId('crm-field-outboundToken').fill('outbound-token-1234567890');
  const added = page.waitForResponse(answerOf('/partners/addCRM'));
  await page.getByTestId('crm-add-save').click();
  const crm = await dataOf<Crm>(await added);
  await page
    .getByTestId('feedback-done')
    .filter({ hasText: `CRM “${name}” added` })
    .waitFor();
  assert.equal(await page.getByTestId('crm-friendly-name').inputValue(), '', 'the panel reset after saving');
  assert.equal(await page.getByTestId('crm-field-inboundURL').inputValue(), '');
  const row = page.locator('tr', { has: page.getByText(name, { exact: true }) });
  await row.waitFor();
  assert.match((await row.textContent()) ?? '', /Bitrix24/);
  await shootBothThemes(t, page, 'crm', async () => {
    await row.waitFor();
  });

  // Edit: the type cannot change; the name can.
  await rowAction(page, row, 'crm-edit');
  await page.getByTestId('crm-edit-form').waitFor();
  assert.ok(await page.locator('[data-testid="crm-edit-form"] .ant-select-disabled').first().isVisible());
  await page.getByTestId('crm-edit-name').fill(`${name} B`);
  const edited = page.waitForResponse(answerOf('/partners/editCRM'));
  await page.getByTestId('crm-edit-save').click();
  assert.equal((await dataOf<Crm>(await edited)).name, 'bitrix24');
  const editedRow = page.locator('tr', { has: page.getByText(`${name} B`, { exact: true }) });
  await editedRow.waitFor();

  // Get handler URL: loading, then the link the API answered.
  const link = page.waitForResponse(answerOf('/partners/getCRMIntegrationLink'));
  await editedRow.getByTestId('crm-link-open').click();
  assert.equal(await editedRow.getByTestId('crm-link-open').textContent(), 'Get handler URL');
  const lines = await dataOf<string | string[]>(await link);
  const last = Array.isArray(lines) ? lines[lines.length - 1] : lines;
  await page.locator('[data-testid="crm-link-dialog"][data-phase="form"]').waitFor();
  assert.ok(((await page.getByTestId('crm-link').textContent()) ?? '').includes(last));
  await t.screenshot(page, 'handler-url');
  await page.getByTestId('crm-link-close').click();

  const deleted = page.waitForResponse(answerOf('/partners/deleteCRM'));
  await rowAction(page, editedRow, 'crm-delete');
  await page.getByTestId('confirm-ok').click();
  await dataOf(await deleted);
  await editedRow.waitFor({ state: 'detached' });
  assert.ok(crm.ID > 0);
});

test('advertiser payments: the API lines with coloured amounts and UTC dates', async (t) => {
  const page = await t.newPage('advertiser');
  const first = page.waitForResponse(answerOf('/payouts/getPayoutsAdvertiser'));
  await page.goto(`${t.urls.shell}/dashboard/payments-advertiser`);
  const { DBData: lines } = await dataOf<{ DBData: PayoutLine[] }>(await first);
  assert.ok(lines.length > 0, 'the seeded advertiser has top-ups or charges');
  await page.getByTestId('payment-date').first().waitFor();
  const amounts = await page.locator('[data-testid="data-table"] [data-testid="money"]').allTextContents();
  assert.deepEqual(
    amounts.slice(0, lines.length),
    lines.map((l) => formatUsd(l.Amount)).slice(0, amounts.length),
  );
  const colour = await page
    .locator('[data-testid="data-table"] [data-testid="money"]')
    .first()
    .evaluate((n) => getComputedStyle(n).color);
  // Money's palettes (packages/ui Money.tsx), light and dark: the account's stored theme decides which.
  const expected =
    lines[0].Amount > 0
      ? ['rgb(35, 120, 4)', 'rgb(73, 170, 25)']
      : lines[0].Amount < 0
        ? ['rgb(168, 7, 26)', 'rgb(232, 110, 107)']
        : ['rgb(89, 89, 89)', 'rgb(140, 140, 140)'];
  assert.ok(expected.includes(colour), `${colour} is not one of ${expected.join(', ')}`);
  await shootBothThemes(t, page, 'payments', async () => {
    await page.getByTestId('payment-date').first().waitFor();
  });
});

test('the advertiser dashboard without an advertiser profile goes to /dashboard', async (t) => {
  const page = await t.newPage('publisher');
  await page.goto(`${t.urls.shell}/dashboard/advertiser`);
  await page.waitForURL(/\/dashboard\/publisher$/);
  await page.getByTestId('dashboard-kpis').waitFor();
});
