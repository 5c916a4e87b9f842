import { assert, test } from './harness.ts';
import { apiCallerOf } from './support.ts';

/**
 * A buyer's journey on the demo world: the publisher's tracking link, the prelanding, its link to the
 * landing, the order form and the thank-you page, all on the sites server (decision 0011).
 */
test('a tracking link leads through the prelanding and the landing’s order form to the thank-you page', async (t) => {
  const publisher = await t.newPage('publisher');
  await publisher.goto(`${t.urls.shell}/dashboard/publisher`);
  await publisher.getByTestId('sidebar').waitFor();
  // The publisher's own link, as the taken offers screen's Generate link asks for it (their session,
  // a CSRF token of their own).
  const call = await apiCallerOf(publisher, t.urls.api);
  const taken = (await call('/takenOffers/getAllTakenOffers', { Filters: [] })) as {
    ID: number;
    BoundPreLandingWebsite: number | null;
  }[];
  const withPrelanding = taken.find((row) => row.BoundPreLandingWebsite !== null);
  assert.ok(withPrelanding, 'the demo publisher has a taken offer with a prelanding');
  const link = (await call('/takenOffers/generateOfferLink', { ID: withPrelanding.ID })) as string;
  assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/t\/[\w-]+$/);
  assert.notEqual(new URL(link).hostname, new URL(t.urls.api).hostname, 'landings live on another host');

  const buyer = await t.newPage();
  const first = await buyer.goto(link);
  assert.ok(first, 'the tracking link answered');
  assert.match(buyer.url(), /\/o\/[\w-]+\/index\.html\?click=/);
  const headers = await first.allHeaders();
  assert.match(headers['content-security-policy'] ?? '', /frame-ancestors 'none'/);
  assert.equal(headers['x-content-type-options'], 'nosniff');

  await buyer.getByRole('link', { name: 'Read more and order' }).click();
  await buyer.waitForURL(/\/landing\/index\.html\?click=/);
  await buyer.getByLabel('Name').fill('E2E Buyer');
  await buyer.getByLabel('Phone').fill('060 123 4567');
  await buyer.getByRole('button', { name: 'Order now, pay on delivery' }).click();
  await buyer.waitForURL(/\/landing\/thanks\.html$/);
  await buyer.getByText('Thank you, we will call you soon').waitFor();
  await t.screenshot(buyer, 'thank-you');
});
