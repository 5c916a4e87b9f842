import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { kb, measureTarget, PAGE_WEIGHT_TARGETS, weightProblems } from '../bench/page-weight.ts';
import { assert, test } from './harness.ts';

/*
 * Page weight on a first visit (issue 7): gzip bytes of every script and stylesheet once the page
 * is drawn (a dashboard: its charts too) and idle, in Chromium, on the seeded world. A visitor
 * loads only mf-public, a publisher only mf-publisher; the chart library (about 410 KB gzip) is
 * counted apart and must be a lazy chunk fetched only by a page that draws a chart.
 */
for (const target of PAGE_WEIGHT_TARGETS) {
  const from = target.only ? `the shell and ${target.only}` : 'the shell';
  test(`${target.audience} on ${target.path} downloads at most ${kb(target.maxBytes)} of JS+CSS before its charts${target.withPage ? ' (the page itself included)' : ''}, from ${from} only`, async (t) => {
    const weight = await measureTarget(target, t.urls.shell, t.browser);
    const summary = `${kb(weight.gzipBytes)} + charts ${kb(weight.chartGzipBytes)}: ${Object.entries(
      weight.byRemote,
    )
      .map(([name, bytes]) => `${name} ${kb(bytes)}`)
      .join(', ')}`;
    console.log(`    ${weight.audience} ${target.path}: ${summary}`);
    // The heaviest files, so a budget overrun names its cause.
    for (const file of [...weight.files].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 10)) {
      console.log(`      ${kb(file.gzipBytes)} ${file.url}${file.chart ? ' (charts)' : ''}`);
    }
    assert.deepEqual(weightProblems(target, weight), [], summary);
    assert.deepEqual(
      Object.keys(weight.byRemote).sort(),
      ['shell', ...(target.only ? [target.only] : [])].sort(),
      summary,
    );
    if (target.charts) assert.ok(weight.chartGzipBytes > 0, `the dashboard drew its charts: ${summary}`);
    // The production builds are precompressed: every script and stylesheet arrived gzip-encoded.
    const raw = weight.files.filter((f) => !f.compressed && f.gzipBytes > 1024);
    assert.deepEqual(
      raw.map((f) => f.url),
      [],
      'files over 1 KB sent uncompressed',
    );
  });
}

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const APPS = ['shell', 'mf-public', 'mf-publisher', 'mf-advertiser', 'mf-admin'];

/*
 * The browser never downloads the database layer: @leadmesh/schema's contracts derive their zod
 * schemas from the drizzle tables, so one value import of the package's root used to put
 * drizzle-orm, drizzle-zod and every table into the bundles (decision 0101). drizzle-orm tags
 * its classes with `Symbol.for("drizzle:...")`, a string no minifier renames.
 */
test('no browser build contains drizzle', async () => {
  const found: string[] = [];
  let scripts = 0;
  for (const app of APPS) {
    const dist = path.join(ROOT, app, 'dist');
    for (const file of readdirSync(dist).filter((f) => f.endsWith('.js'))) {
      scripts += 1;
      if (readFileSync(path.join(dist, file), 'utf8').includes('drizzle:')) found.push(`${app}/dist/${file}`);
    }
  }
  assert.ok(scripts >= APPS.length, `scripts found in the builds: ${scripts}`);
  assert.deepEqual(found, []);
});
