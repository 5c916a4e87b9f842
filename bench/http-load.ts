import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  /** Answers with another status than expected (2xx, or `expectStatus`). */
  unexpected: number;
}

/** `connections` clients hammering one request for `seconds`; only ever 127.0.0.1. */
export async function load(options: {
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
  /** Codes that count as success besides 2xx (e.g. 302 for the tracking redirect). */
  expectStatus?: number;
}): Promise<LoadResult> {
  if (!new URL(options.url).hostname.match(/^127\.0\.0\.1$/))
    throw new Error('load only ever targets 127.0.0.1');
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 50,
    duration: options.seconds ?? 8,
  });
  const byStatus = Object.entries(result.statusCodeStats ?? {}) as [string, { count: number }][];
  const unexpected = options.expectStatus
    ? byStatus.filter(([code]) => Number(code) !== options.expectStatus).reduce((n, [, s]) => n + s.count, 0)
    : result.non2xx;
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    unexpected,
  };
}

export interface Child {
  process: ChildProcess;
  port: number;
  /** Resident set size now, and its peak, in MB (Linux /proc). */
  rss(): { nowMb: number; peakMb: number };
  stop(): Promise<void>;
}

/** Starts a server process that prints `listening <port>` and waits for that line. */
export function startChild(command: string, args: string[], env: Record<string, string>): Promise<Child> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (?:on http:\/\/[\d.]+:)?(\d+)/.exec(output);
      if (match) {
        child.stdout?.off('data', onData);
        resolve({
          process: child,
          port: Number(match[1]),
          rss() {
            const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
            const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
            return { nowMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
          },
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`)));
  });
}
