import { kb, measurePageWeight, PAGE_WEIGHT_TARGETS } from '../bench/page-weight.ts';
import { assert, test } from './harness.ts';

/*
 * Page weight on a first visit (issue 7): gzip bytes of every script and stylesheet once the page
 * is idle, in Chromium, on the seeded world. A visitor loads only mf-public, a publisher only
 * mf-publisher; charts (about 420 KB gzip each) would break the publisher's budget if they were
 * ever in the first chunks instead of a lazy import.
 */
for (const target of PAGE_WEIGHT_TARGETS) {
  test(`${target.audience} on ${target.path} downloads at most ${kb(target.maxBytes)} of JS+CSS, from the shell and ${target.only} only`, async (t) => {
    const weight = await measurePageWeight({
      shellUrl: t.urls.shell,
      path: target.path,
      login: 'login' in target ? target.login : undefined,
      browser: t.browser,
    });
    const summary = `${kb(weight.gzipBytes)}: ${Object.entries(weight.byRemote)
      .map(([name, bytes]) => `${name} ${kb(bytes)}`)
      .join(', ')}`;
    console.log(`    ${weight.audience} ${target.path}: ${summary}`);
    // The heaviest files, so a budget overrun names its cause.
    for (const file of [...weight.files].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 6)) {
      console.log(`      ${kb(file.gzipBytes)} ${file.url}`);
    }
    assert.ok(weight.gzipBytes <= target.maxBytes, summary);
    assert.deepEqual(Object.keys(weight.byRemote).sort(), ['shell', target.only].sort(), summary);
    // The production builds are precompressed: every script and stylesheet arrived gzip-encoded.
    const raw = weight.files.filter((f) => !f.compressed && f.gzipBytes > 1024);
    assert.deepEqual(
      raw.map((f) => f.url),
      [],
      'files over 1 KB sent uncompressed',
    );
  });
}
