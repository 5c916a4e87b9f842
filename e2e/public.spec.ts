import { assert, test } from './harness.ts';

test('a visitor on / sees the public layout, loads the app at the first interaction and no dashboard remote', async (t) => {
  const page = await t.newPage();
  await page.goto(`${t.urls.shell}/`);
  await page.getByTestId('public-layout').waitFor();
  await page.getByTestId('page-home').waitFor();
  for (const id of [
    'nav-home',
    'nav-publishers',
    'nav-advertisers',
    'nav-culture',
    'nav-login',
    'nav-signup',
  ]) {
    await page.getByTestId(id).waitFor();
  }
  await page.getByTestId('public-footer').waitFor();
  await page.getByTestId('contact-form').waitFor();
  await page.waitForLoadState('networkidle');
  await t.screenshot(page, 'landing');
  // The prerendered landing waits for the visitor (decision 0085): no script of the app yet.
  assert.ok(!t.fetchedFrom(t.urls.mf_public), 'no request to mf-public before an interaction');
  assert.equal(await page.evaluate(() => document.querySelectorAll('script[src]').length), 0);
  // A pointer moving over the page is the first interaction: the app loads and takes over.
  await page.getByTestId('nav-login').hover();
  await page
    .locator('[data-testid="remote-root"]:not([data-prerendered]) [data-testid="page-home"]')
    .waitFor();
  await page.waitForLoadState('networkidle');
  assert.ok(t.fetchedFrom(t.urls.mf_public), 'mf-public was loaded');
  assert.ok(!t.fetchedFrom(t.urls.mf_publisher), 'no request to mf-publisher');
  assert.ok(!t.fetchedFrom(t.urls.mf_advertiser), 'no request to mf-advertiser');
  assert.ok(!t.fetchedFrom(t.urls.mf_admin), 'no request to mf-admin');
});

test('a logged-out user opening /dashboard/publisher lands on /login', async (t) => {
  const page = await t.newPage();
  await page.goto(`${t.urls.shell}/dashboard/publisher`);
  await page.waitForURL(/\/login$/);
  await page.getByTestId('login-form').waitFor();
  await t.screenshot(page);
  assert.ok(!t.fetchedFrom(t.urls.mf_publisher), 'no request to mf-publisher');
});

test('a wrong password shows the login error', async (t) => {
  // The refusal this test asks for on purpose.
  t.allowConsoleError(/status of 401.*\/auth\/login/);
  const page = await t.newPage();
  await page.goto(`${t.urls.shell}/login`);
  await page.getByTestId('login-username').fill('publisher');
  await page.getByTestId('login-password').fill('not-the-password');
  await page.getByTestId('login-submit').click();
  const error = page.getByTestId('login-error');
  await error.waitFor();
  assert.match((await error.textContent()) ?? '', /Username or password is incorrect/);
  await t.screenshot(page);
});

test('a visitor reads the prerendered landing before any script runs, and mf-public takes over without a shift', async (t) => {
  // Scripts off: what the server sent is all there is (issue 19, decision 0061).
  const context = await t.browser.newContext({ javaScriptEnabled: false });
  try {
    const bare = await context.newPage();
    await bare.goto(`${t.urls.shell}/publishers`);
    assert.match((await bare.getByTestId('page-title').textContent()) ?? '', /For publishers/);
    await bare.getByTestId('public-footer').waitFor();
    // The footer form cannot send before the shell runs: it is drawn disabled (decision 0068).
    assert.ok(await bare.getByTestId('contact-name').isDisabled(), 'the name field waits for scripts');
    assert.ok(await bare.getByTestId('contact-send').isDisabled(), 'Send waits for scripts');
    await t.screenshot(bare, 'publishers-without-scripts');
  } finally {
    await context.close();
  }
  const page = await t.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) w.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${t.urls.shell}/`);
  await page.getByTestId('remote-root').getByTestId('page-home').waitFor();
  await page.waitForLoadState('networkidle');
  assert.ok(!t.fetchedFrom(t.urls.mf_public), 'nothing of the app before the first interaction');
  // The first interaction (here a pointer moving over a link) loads the app, which takes over.
  await page.getByTestId('nav-publishers').hover();
  await page
    .locator('[data-testid="remote-root"]:not([data-prerendered]) [data-testid="page-home"]')
    .waitFor();
  // mf-public's own page (React's markup, with its handlers) replaced the server's copy.
  await page.waitForLoadState('networkidle');
  assert.ok(t.fetchedFrom(t.urls.mf_public), 'mf-public took over');
  assert.ok(await page.getByTestId('contact-send').isEnabled(), 'the footer form is live');
  // A link followed by the router keeps the page's window (a plain link of the server's copy would not).
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  await page.getByTestId('nav-publishers').click();
  await page.getByTestId('page-publishers').waitFor();
  assert.equal(
    await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage),
    true,
    'the router followed the link',
  );
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
  assert.ok(shifts < 0.1, `layout shift ${shifts}`);
});

test('a tap on the prerendered page loads the app and is not lost: the contact field tapped, the phone menu', async (t) => {
  const page = await t.newPage();
  // Tall enough that the footer form is on screen without scrolling (a scroll would load the app first).
  await page.setViewportSize({ width: 1280, height: 3000 });
  await page.goto(`${t.urls.shell}/`);
  const name = page.getByTestId('contact-name');
  await name.waitFor();
  await page.waitForLoadState('networkidle');
  assert.ok(!t.fetchedFrom(t.urls.mf_public), 'nothing of the app before the first interaction');
  assert.ok(await name.isDisabled(), 'the footer form waits for the app');
  const box = await name.boundingBox();
  assert.ok(box && box.y + box.height < 3000, 'the Name field is on screen');
  // The visitor taps the disabled Name field: the tap loads the app, and once the form is live the
  // field the visitor chose has the focus (decision 0085), so what they type goes where they meant.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'contact-name');
  assert.ok(t.fetchedFrom(t.urls.mf_public), 'the tap loaded the app');
  await page.keyboard.type('Ada');
  assert.equal(await name.inputValue(), 'Ada');

  // On a phone the navigation is behind the menu button: a press before the app ran opens it once live.
  const phone = await t.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(`${t.urls.shell}/publishers`);
  await phone.getByTestId('page-publishers').waitFor();
  await phone.waitForLoadState('networkidle');
  assert.equal(await phone.evaluate(() => document.querySelectorAll('script[src]').length), 0);
  await phone.getByTestId('nav-menu').click();
  await phone.getByTestId('nav-advertisers-menu').click();
  await phone.getByTestId('page-advertisers').waitFor();
  assert.equal(await phone.getByTestId('nav-menu').getAttribute('aria-expanded'), 'false');
});
