/**
 * HAProxy from Debian's packages (`/usr/sbin/haproxy`) in front of API processes, with the
 * configuration docs/operations.md gives operators (decision 0032): health checks on `/health`,
 * round robin without stickiness, the client's address set in X-Forwarded-For from the real source
 * (a header the client sent is replaced, never appended to), and a drained server taken out as its
 * health check fails. The stats page (CSV) tells what each server answered.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, sleep } from './processes.ts';

export const HAPROXY_BIN = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';

export interface Haproxy {
  url: string;
  /** Requests answered per upstream, in the order given (HAProxy's own counters). */
  served(): Promise<number[]>;
  /** Servers HAProxy sees as up, in the order given. */
  up(): Promise<boolean[]>;
  close(): Promise<void>;
}

/** The configuration of docs/operations.md, for upstreams `http://host:port`. */
export function haproxyConfig(upstreams: string[], port: number, statsPort: number): string {
  const servers = upstreams
    .map((u, i) => {
      const { hostname, port: p } = new URL(u);
      return `  server api${i + 1} ${hostname}:${p} check inter 500ms fall 2 rise 2`;
    })
    .join('\n');
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 3s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  option http-keep-alive
  retries 2
  option redispatch
  # A request that meets a connection the API closed as it sent it, or no answer at all, is sent
  # again to another server; only GET and HEAD (disable-l7-retry below), never a write.
  retry-on conn-failure empty-response

frontend api
  bind 127.0.0.1:${port}
  # The client's address, from the connection: whatever X-Forwarded-For the client sent is replaced.
  http-request set-header X-Forwarded-For %[src]
  default_backend apis

backend apis
  balance roundrobin
  # A draining API answers /health with 503 (or not at all): it gets no new requests.
  option httpchk GET /health
  http-check expect status 200
  http-request disable-l7-retry if !METH_GET
${servers}

listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`;
}

export async function startHaproxy(upstreams: string[]): Promise<Haproxy> {
  const dir = mkdtempSync(join(tmpdir(), 'leadmesh-haproxy-'));
  const port = await freePort();
  const statsPort = await freePort();
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(upstreams, port, statsPort));
  const proc = spawn(HAPROXY_BIN, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const stats = async () => {
    const text = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const [head, ...rows] = text.replace(/^# /, '').trim().split('\n');
    const columns = head.split(',');
    return rows
      .map((r) => r.split(','))
      .filter((r) => r[0] === 'apis' && r[1].startsWith('api'))
      .map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]])));
  };
  const byServer = async () => {
    const rows = await stats();
    return upstreams.map((_, i) => rows.find((r) => r.svname === `api${i + 1}`) ?? {});
  };
  const haproxy: Haproxy = {
    url: `http://127.0.0.1:${port}`,
    served: async () => (await byServer()).map((r) => Number(r.stot ?? 0)),
    up: async () => (await byServer()).map((r) => r.status === 'UP'),
    async close() {
      proc.kill('SIGTERM');
      await Promise.race([exited, sleep(5_000)]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  // Ready once both checks passed (rise 2): every upstream is UP.
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`haproxy exited: ${stderr}`);
    const up = await haproxy.up().catch(() => []);
    if (up.length === upstreams.length && up.every(Boolean)) return haproxy;
    if (Date.now() > deadline) {
      await haproxy.close();
      throw new Error(`haproxy: upstreams not up in 20 s (${JSON.stringify(up)}): ${stderr}`);
    }
    await sleep(200);
  }
}
