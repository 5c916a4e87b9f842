import { assert, test } from './harness.ts';
import { installAxe, seriousViolations } from './support.ts';

const PAGES = [
  ['/', 'page-home'],
  ['/publishers', 'page-publishers'],
  ['/advertisers', 'page-advertisers'],
  ['/aboutus', 'page-aboutus'],
  ['/login', 'login-page'],
  ['/register', 'page-register'],
  ['/resetPassword', 'page-resetPassword'],
  ['/conference?city=barcelona', 'page-conference'],
  ['/conference?city=moscow', 'page-conference'],
  ['/conference?city=nowhere', 'page-conference'],
  ['/terms', 'page-terms'],
  ['/privacy', 'page-privacy'],
  ['/no-such-page', 'page-notFound'],
] as const;

test('axe finds no serious or critical violation on any public page', async (t) => {
  const page = await t.newPage();
  await installAxe(page);
  const problems: string[] = [];
  for (const [path, testId] of PAGES) {
    await page.goto(`${t.urls.shell}${path}`);
    await page.getByTestId(testId).waitFor();
    await page.waitForLoadState('networkidle');
    for (const v of await seriousViolations(page)) {
      problems.push(
        `${path}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    }
  }
  assert.deepEqual(problems, []);
});

test('the sign-up form is keyboard-usable with visible focus', async (t) => {
  const page = await t.newPage();
  await page.goto(`${t.urls.shell}/register`);
  await page.getByTestId('register-as-publisher').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('signup-username').waitFor();
  await page.getByTestId('signup-username').focus();
  await page.keyboard.type('keyboard');
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
  assert.equal(focused, 'signup-email');
  const outline = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return { shadow: style.boxShadow, outline: style.outlineStyle, border: style.borderColor };
  });
  assert.ok(
    outline.shadow !== 'none' || outline.outline !== 'none',
    `focus is visible: ${JSON.stringify(outline)}`,
  );
});
