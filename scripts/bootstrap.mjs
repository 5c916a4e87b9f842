// Plain JavaScript on purpose: it runs before anything is installed. It installs the
// dependencies on a fresh checkout (npm ci), then runs the TypeScript script named.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: node scripts/bootstrap.mjs <start|test|...> [args]');
  process.exit(2);
}

if (!existsSync(`${root}node_modules/tsx/package.json`)) {
  console.log('First run: installing dependencies (npm ci)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', `${root}scripts/${script}.ts`, ...args], {
  cwd: root,
  stdio: 'inherit',
});
// Ctrl-C reaches the child too (same process group); wait for it to stop cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
