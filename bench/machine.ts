/**
 * How busy the machine was while a bench row was measured (issue 19): the one-minute load average
 * when the row was written, and the CPU the load generator itself used since the row before — the
 * bench process (autocannon runs in it) plus any Chromium it started — as a share of one core.
 * A row measured while the generator or other work held the cores says so beside its figure.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) of this process's Chromium descendants, from /proc. */
function chromiumCpuSeconds(): number {
  let parents: Map<number, { ppid: number; comm: string; ticks: number }>;
  try {
    parents = new Map();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        const comm = stat.slice(stat.indexOf('(') + 1, close);
        const fields = stat.slice(close + 2).split(' ');
        parents.set(Number(entry), {
          ppid: Number(fields[1]),
          comm,
          ticks: Number(fields[11]) + Number(fields[12]),
        });
      } catch {
        // The process ended while listing.
      }
    }
  } catch {
    return 0;
  }
  const descends = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 32; hops++) {
      const info = parents.get(p);
      if (!info) return false;
      if (info.ppid === process.pid) return true;
      p = info.ppid;
    }
    return false;
  };
  let ticks = 0;
  for (const [pid, info] of parents) if (/chrom/i.test(info.comm) && descends(pid)) ticks += info.ticks;
  return ticks / TICKS_PER_SECOND;
}

function generatorCpuSeconds(): number {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1e6 + chromiumCpuSeconds();
}

/** A meter: each `reading()` describes the time since the previous reading. */
export function busyMeter(): { reading(): string } {
  let lastCpu = generatorCpuSeconds();
  let lastAt = Date.now();
  let last = '';
  return {
    reading() {
      const now = Date.now();
      // Rows written together (a throughput and its p99) share the reading of their measurement.
      if (last && now - lastAt < 1000) return last;
      const cpu = generatorCpuSeconds();
      const share = (cpu - lastCpu) / Math.max((now - lastAt) / 1000, 0.001);
      lastCpu = cpu;
      lastAt = now;
      last = `load ${os.loadavg()[0].toFixed(1)}, generator ${Math.round(share * 100)}% CPU`;
      return last;
    },
  };
}
