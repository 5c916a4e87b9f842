// Plain JavaScript: it runs before anything is installed.
// npm 11 writes only this machine's platform binaries into package-lock.json (npm/cli#4828,
// #8805), and `npm ci` on a fresh clone then refuses the lock ("Missing: @biomejs/cli-… from
// lock file"). This adds every platform's optional package the lock names but lacks, with its
// integrity and os/cpu/libc fields from the registry, so `npm ci` accepts the lock anywhere.
// Run it after any `npm install` that changes the lock: `node scripts/complete-lock.mjs`.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lockPath = fileURLToPath(new URL('../package-lock.json', import.meta.url));
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

/** Where npm would look for `name` from the package at `from` (nearest node_modules upward). */
function resolveFrom(from, name) {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

/**
 * The registry's record of the package, or, when this machine's registry lacks that version
 * (a mirror may), the platform read from its name: npm skips an optional package whose os/cpu
 * does not match without fetching it, and fetches it from the real registry where it does.
 */
function registryInfo(name, range) {
  try {
    const info = JSON.parse(
      execFileSync(
        'npm',
        ['view', `${name}@${range}`, 'version', 'dist.integrity', 'os', 'cpu', 'libc', 'license', '--json'],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      ),
    );
    return Array.isArray(info) ? info[info.length - 1] : info;
  } catch {
    const os = name.match(/(android|darwin|linux|win32|freebsd)/)?.[1];
    const cpu = name.match(/-(arm64|x64|ia32|arm|ppc64|s390x|riscv64|loong64)\b/)?.[1];
    const libc = name.includes('musl') ? 'musl' : name.includes('linux') ? 'glibc' : undefined;
    if (!os || !cpu) return null;
    return { version: range, os, cpu, ...(libc ? { libc } : {}) };
  }
}

let added = 0;
for (const [path, entry] of Object.entries({ ...packages })) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolveFrom(path, name)) continue;
    const one = registryInfo(name, range);
    if (!one) {
      console.warn(
        `complete-lock: ${name}@${range} is neither in the registry nor named by platform; left out`,
      );
      continue;
    }
    const target = path
      ? `${path.slice(0, path.lastIndexOf('node_modules/') + 'node_modules/'.length)}${name}`
      : `node_modules/${name}`;
    packages[target] = {
      version: one.version,
      integrity: one['dist.integrity'],
      ...(one.license ? { license: one.license } : {}),
      ...(one.cpu ? { cpu: [].concat(one.cpu) } : {}),
      optional: true,
      ...(one.os ? { os: [].concat(one.os) } : {}),
      ...(one.libc ? { libc: [].concat(one.libc) } : {}),
    };
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lock: added ${added} platform package(s)`);
