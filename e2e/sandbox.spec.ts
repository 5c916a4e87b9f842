import { DEMO_API_TOKEN } from '@leadmesh/seed';
import type { Response } from 'playwright-core';
import { assert, LOGINS, test } from './harness.ts';
import { shootBothThemes } from './screens.ts';
import { ApiSession, pickOption, unique } from './support.ts';

/**
 * Issue 17's test mode for integrations, as its users meet it: an advertiser connects a Sandbox CRM
 * from the CRM form; once an offer delivers to it, the sandbox confirms a lead by itself, and the
 * publisher's postback for that lead lands, signed, in the publisher's own postback inspector.
 */

const answerOf = (path: string) => (r: Response) => r.url().endsWith(path) && r.request().method() === 'POST';

test(
  'an advertiser sets up a Sandbox CRM from the form; the publisher sees the signed postback of its decision in the inspector',
  async (t) => {
    // 1. The advertiser, from the login form, connects a Sandbox CRM.
    const advertiser = await t.newPage();
    await t.login(advertiser, 'advertiser');
    await advertiser.getByTestId('sidebar-item-advertiser-crm').click();
    await advertiser.getByTestId('crm-table').waitFor();
    await advertiser.getByTestId('crm-add-toggle').click();
    await pickOption(advertiser, 'crm-type', 'Sandbox (test CRM)');
    await advertiser.getByTestId('crm-notice').waitFor();
    assert.equal(await advertiser.getByTestId('crm-field-delaySeconds').inputValue(), '60');
    const name = `Sandbox ${unique()}`;
    await advertiser.getByTestId('crm-friendly-name').fill(name);
    await advertiser.getByTestId('crm-field-delaySeconds').fill('2');
    await advertiser.getByTestId('crm-field-confirmPercent').fill('100');
    // Shares that do not add up to 100 are refused with the reason.
    await advertiser.getByTestId('crm-add-save').click();
    await advertiser.getByText('shares must add up to 100% (now 140%)').waitFor();
    await advertiser.getByTestId('crm-field-rejectPercent').fill('0');
    await advertiser.getByTestId('crm-field-badPercent').fill('0');
    const added = advertiser.waitForResponse(answerOf('/partners/addCRM'));
    await advertiser.getByTestId('crm-add-save').click();
    const crm = ((await (await added).json()) as { data: { ID: number; name: string } }).data;
    assert.equal(crm.name, 'sandbox');
    await advertiser
      .getByTestId('feedback-done')
      .filter({ hasText: `CRM “${name}” added` })
      .waitFor();
    const row = advertiser.locator('tr', { has: advertiser.getByText(name, { exact: true }) });
    await row.getByTestId('crm-test-tag').waitFor();
    assert.equal(await row.getByTestId('crm-link-open').textContent(), 'Get postback URL');
    await shootBothThemes(t, advertiser, 'crm', () => row.getByTestId('crm-test-tag').waitFor());

    // 2. An admin routes the advertiser's offer to it (set-up: the admin's own screens are tested elsewhere).
    const admin = await ApiSession.login(t.urls.api, LOGINS.admin.username, LOGINS.admin.password);
    const offers = await admin.call<{ DBData: { ID: number; OfferName: string }[] }>('/offers/getAllOffers', {
      paginationOffset: 0,
      Filters: [{ name: 'OfferName', op: 'eq', value: 'HairGrow Pro' }],
    });
    const offer = offers.DBData[0];
    assert.ok(offer, 'the demo offer HairGrow Pro');
    await admin.call('/offers/editOffer', { ID: offer.ID, SelectedCRM: crm.ID });

    // 3. The publisher, from the login form, points a postback at their inspector and rotates the secret.
    const publisher = await t.newPage();
    await t.login(publisher, 'publisher');
    await publisher.getByTestId('sidebar-item-publisher-postback').click();
    await publisher.getByTestId('postback-tab-inspector').click();
    await publisher.getByTestId('inspector-url').waitFor();
    await publisher.getByTestId('postback-add').click();
    await publisher.getByTestId('postback-name').fill(`Inspector ${unique()}`);
    await publisher.getByTestId('postback-use-inspector').click();
    const inspectorUrl = ((await publisher.getByTestId('inspector-url').textContent()) ?? '').trim();
    await publisher.waitForFunction(
      (url) =>
        (document.querySelector('[data-testid="postback-url"]') as HTMLInputElement)?.value.startsWith(url),
      inspectorUrl,
    );
    // The trigger stays "Any event": the lead's every change reaches the inspector, its confirmation too.
    await publisher.getByTestId('postback-delivery-post-json').click();
    const saved = publisher.waitForResponse(answerOf('/postback/addPostback'));
    await publisher.getByTestId('postback-save').click();
    assert.equal(((await (await saved).json()) as { status: string }).status, 'ok');

    await publisher.getByTestId('postback-tab-secret').click();
    const panel = publisher.getByTestId('secret-panel');
    const state = panel.getByTestId('secret-state');
    await state.waitFor();
    const shownSecret = async () => ((await panel.getByTestId('secret-value').textContent()) ?? '').trim();
    // A publisher none of whose postbacks was sent yet has no secret: made here and shown once.
    if ((await state.textContent())?.startsWith('No signing secret yet')) {
      await panel.getByTestId('secret-create').click();
      assert.match(await shownSecret(), /^whsec_[A-Za-z0-9+/=]{32}$/);
      await panel.getByTestId('secret-rotate').waitFor();
    }
    const before = (await panel.getByTestId('secret-value').count()) ? await shownSecret() : '';
    // A rotation asks first; then both secrets sign for 24 hours.
    await panel.getByTestId('secret-rotate').click();
    await publisher.getByTestId('confirm-ok').click();
    await panel.getByText('The previous secret keeps signing too until').waitFor();
    const secret = await shownSecret();
    assert.match(secret, /^whsec_[A-Za-z0-9+/=]{32}$/);
    assert.notEqual(secret, before);
    await t.screenshot(publisher, 'secret-shown');

    // 4. A buyer's lead arrives from the publisher's server (the demo API token).
    const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
    const intake = await fetch(`${t.urls.api}/intake/leads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_API_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ BoundOffer: offer.ID, name: 'Sandbox Buyer', phone: `+385 91 ${digits}` }),
    });
    const lead = (
      (await intake.json()) as { data: { ID: number; Status: number; BlockedReason: string | null } }
    ).data;
    assert.equal(lead.BlockedReason, null, `the lead was accepted: ${JSON.stringify(lead)}`);

    // 5. The sandbox confirms it by itself; its postback shows in the inspector, signed with the new secret.
    await publisher.getByTestId('postback-tab-inspector').click();
    await publisher.getByTestId('inspector-filter').fill(`lead=${lead.ID}&`);
    const arrived = publisher
      .getByTestId('inspector-row')
      .filter({ hasText: `?lead=${lead.ID}&status=2` })
      .first();
    await arrived.waitFor({ timeout: 60_000 });
    const check = arrived.getByTestId('inspector-signature');
    assert.equal(await check.getAttribute('data-check'), 'valid');
    assert.equal(await check.textContent(), 'Signature valid');
    await arrived.click();
    const body = publisher.getByTestId('inspector-body').first();
    await body.waitFor();
    const sent = JSON.parse((await body.textContent()) ?? '{}') as Record<string, unknown>;
    assert.equal(sent.event, 'approved');
    assert.equal(sent.lead_id, lead.ID);
    await shootBothThemes(t, publisher, 'postback', () => arrived.waitFor());
  },
  { timeoutMs: 240_000 },
);
