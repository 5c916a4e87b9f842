/**
 * Real processes for the drills, the soak and the scale-out run: a private redis-server, the API
 * and the worker as production starts them (`node --import tsx ...`), each killable with any
 * signal and startable again on the same port. Everything listens on 127.0.0.1 only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A process that can be killed and started again with the same command line. */
export interface Managed {
  readonly label: string;
  child(): ChildProcess | undefined;
  /** The last 20 KB of its output, over every start. */
  output(): string;
  start(): Promise<void>;
  /** Sends the signal and waits for the exit (SIGTERM: the process shuts down cleanly). */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Resident memory now and at its peak (MB, Linux /proc), 0 when not running. */
  rss(): { nowMb: number; peakMb: number };
  /** Times the process exited without being asked to. */
  crashes(): number;
}

function managed(
  label: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: (output: string) => Promise<boolean> | boolean,
): Managed {
  let child: ChildProcess | undefined;
  let output = '';
  let crashes = 0;
  let expectingExit = false;
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  return {
    label,
    child: () => child,
    output: () => output,
    crashes: () => crashes,
    async start() {
      expectingExit = false;
      const started = Date.now();
      const proc = spawn(command, args, {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      proc.stdout?.on('data', append);
      proc.stderr?.on('data', append);
      proc.on('exit', () => {
        if (!expectingExit) crashes++;
      });
      for (;;) {
        if (proc.exitCode !== null || proc.signalCode !== null)
          throw new Error(`${label} exited while starting:\n${output}`);
        if (await ready(output)) return;
        if (Date.now() - started > 90_000) throw new Error(`${label} did not start:\n${output}`);
        await sleep(100);
      }
    },
    async kill(signal = 'SIGTERM') {
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      expectingExit = true;
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      proc.kill(signal);
      const timer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
    rss() {
      const pid = child?.exitCode === null ? child.pid : undefined;
      if (!pid) return { nowMb: 0, peakMb: 0 };
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
        return { nowMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
      } catch {
        return { nowMb: 0, peakMb: 0 };
      }
    },
  };
}

/**
 * A redis-server of the run's own on a free port (never the shared 6379): restarted with its
 * append-only file it keeps its data; `flush()` empties it.
 */
export interface OwnRedis extends Managed {
  url: string;
  flush(): Promise<void>;
}

export async function startOwnRedis(dir: string): Promise<OwnRedis> {
  const port = await freePort();
  mkdirSync(dir, { recursive: true });
  const url = `redis://127.0.0.1:${port}`;
  const ping = async () => {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  };
  const base = managed(
    'redis',
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--save',
      '',
    ],
    {},
    ping,
  );
  await base.start();
  return {
    ...base,
    url,
    async flush() {
      const client = new Redis(url, { maxRetriesPerRequest: 1 });
      await client.flushall();
      client.disconnect();
    },
  };
}

/** The API (`api/src/main.node.ts`) on a fixed port, so a restarted one answers the same address. */
export interface ApiProcess extends Managed {
  url: string;
  port: number;
}

export async function apiProcess(env: Record<string, string>, label = 'api'): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = managed(
    label,
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'api/src/main.node.ts')],
    { HOST: '127.0.0.1', ...env, PORT: String(port) },
    async () =>
      fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      ),
  );
  return Object.assign(proc, { url, port });
}

/** A worker process (`worker/src/main.ts`), ready once it says so. */
export function workerProcess(env: Record<string, string>, label = 'worker'): Managed {
  return managed(label, process.execPath, ['--import', 'tsx', join(ROOT, 'worker/src/main.ts')], env, (out) =>
    out.includes('worker running'),
  );
}
