/**
 * Page weight of the first visit, against the targets of issue 7.
 *
 *   npx tsx bench/page-weight-cli.ts                              # builds, starts a seeded world, measures
 *   npx tsx bench/page-weight-cli.ts --url http://localhost:3000  # measures a running shell (npm start)
 *
 * Prints gzip bytes of scripts and stylesheets per audience and per remote (the chart library
 * apart); exits 1 when a target is missed, a page downloads another audience's remote, or a page
 * without charts fetches the chart library.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startWorld, type World } from '../scripts/lib/world.ts';
import { kb, launchChromium, measureTarget, PAGE_WEIGHT_TARGETS, weightProblems } from './page-weight.ts';

const urlFlag = process.argv.indexOf('--url');
let world: World | undefined;
let shellUrl = urlFlag > 0 ? process.argv[urlFlag + 1] : undefined;
if (!shellUrl) {
  world = await startWorld({ label: 'weight' });
  shellUrl = world.urls.shell;
}
const home = await mkdtemp(path.join(tmpdir(), 'leadmesh-weight-'));
const browser = await launchChromium(home);
let missed = 0;
try {
  for (const target of PAGE_WEIGHT_TARGETS) {
    const weight = await measureTarget(target, shellUrl, browser);
    const problems = weightProblems(target, weight);
    if (problems.length) missed += 1;
    console.log(
      `${problems.length ? 'MISS' : 'ok  '} ${weight.audience.padEnd(10)} ${target.path.padEnd(22)} ${kb(weight.gzipBytes).padStart(10)} (target ${kb(target.maxBytes)}) + charts ${kb(weight.chartGzipBytes)}${problems.length ? `: ${problems.join('; ')}` : ''}`,
    );
    for (const [name, bytes] of Object.entries(weight.byRemote))
      console.log(`       ${name.padEnd(14)} ${kb(bytes)}`);
    const raw = weight.files.filter((f) => !f.compressed);
    if (raw.length)
      console.log(`       ${raw.length} files were sent uncompressed (counted at their gzip size)`);
  }
} finally {
  await browser.close();
  await rm(home, { recursive: true, force: true });
  await world?.stop();
}
process.exit(missed ? 1 : 0);
