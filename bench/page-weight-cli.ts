/**
 * Page weight of the first visit, against the targets of issue 7.
 *
 *   npx tsx bench/page-weight-cli.ts                              # builds, starts a seeded world, measures
 *   npx tsx bench/page-weight-cli.ts --url http://localhost:3000  # measures a running shell (npm start)
 *
 * Prints gzip bytes of scripts and stylesheets per audience and per remote; exits 1 when a target
 * is missed or a page downloads another audience's remote.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startWorld, type World } from '../scripts/lib/world.ts';
import { kb, launchChromium, measurePageWeight, PAGE_WEIGHT_TARGETS } from './page-weight.ts';

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
    const weight = await measurePageWeight({
      shellUrl,
      path: target.path,
      login: 'login' in target ? target.login : undefined,
      browser,
    });
    const others = Object.entries(weight.byRemote).filter(
      ([name, bytes]) => name !== 'shell' && name !== target.only && bytes > 0,
    );
    const ok = weight.gzipBytes <= target.maxBytes && others.length === 0;
    if (!ok) missed += 1;
    console.log(
      `${ok ? 'ok  ' : 'MISS'} ${weight.audience.padEnd(10)} ${target.path.padEnd(22)} ${kb(weight.gzipBytes).padStart(10)} (target ${kb(target.maxBytes)})`,
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
