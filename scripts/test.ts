/**
 * `npm test`: every check, in order of cost — lint, types, unit and API tests (vitest),
 * then the browser tests. Stops at the first failing step and exits non-zero.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const bin = (name: string) => `${root}node_modules/.bin/${name}`;
const only = process.argv.slice(2);

const steps: { name: string; command: string; args: string[] }[] = [
  { name: 'lint', command: bin('biome'), args: ['check', '.'] },
  { name: 'types', command: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
  { name: 'unit', command: bin('vitest'), args: ['run'] },
  { name: 'browser', command: process.execPath, args: ['--import', 'tsx', `${root}scripts/e2e.ts`] },
];

const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  console.log(`\n=== ${step.name}: ${[step.command.replace(root, ''), ...step.args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(step.command, step.args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const ok = result.status === 0;
  results.push({ name: step.name, ok, seconds: (Date.now() - started) / 1000 });
  if (!ok) break;
}

console.log('\n=== summary');
for (const r of results)
  console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(8)} ${r.seconds.toFixed(1)} s`);
const failed = results.some((r) => !r.ok);
process.exit(failed ? 1 : 0);
