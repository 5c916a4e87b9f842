import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A worker process (`node --import tsx worker/src/main.ts`), as production runs it. */
export interface ChildWorker {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
  kill(signal: NodeJS.Signals): void;
}

export async function startChildWorker(env: Record<string, string>): Promise<ChildWorker> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'worker/src/main.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  const started = Date.now();
  while (!output.includes('worker running')) {
    if (child.exitCode !== null) throw new Error(`worker exited: ${output}`);
    if (Date.now() - started > 60_000) throw new Error(`worker did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    output: () => output,
    exited,
    kill: (signal) => {
      child.kill(signal);
    },
  };
}
