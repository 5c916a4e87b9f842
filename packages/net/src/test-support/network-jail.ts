import type { LookupAddress, LookupOptions } from 'node:dns';
import dns from 'node:dns';
import net, { isIP } from 'node:net';
import { vi } from 'vitest';
import type { ResolvedAddress, Resolver } from '../url-policy.ts';

/** One TCP connection a test's code started, after address resolution. */
export interface ConnectAttempt {
  host: string;
  address: string;
  port: number;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;
type LookupFn = (host: string, options: LookupOptions, callback: LookupCallback) => void;
type ConnectOptions = { host?: string; port?: number | string; path?: string; lookup?: LookupFn };

const ALLOWED = '127.0.0.1';

/**
 * Test guard for the rule "tests send traffic only to 127.0.0.1". Every `net.Socket#connect` in the
 * process (plain TCP and TLS) goes through it: a connection to an IP other than 127.0.0.1, to a name
 * without an injected `lookup` (which would reach the real DNS), or a `lookup` answer other than
 * 127.0.0.1 is stopped before the socket connects and recorded in `violations`. Real DNS lookups of
 * names are stopped too. Every connection that went ahead is in `attempts`.
 */
export function installNetworkJail() {
  const attempts: ConnectAttempt[] = [];
  const violations: string[] = [];
  const original = net.Socket.prototype.connect as (this: net.Socket, ...args: unknown[]) => net.Socket;

  const violation = (message: string): Error => {
    violations.push(message);
    const err: NodeJS.ErrnoException = new Error(`network jail: ${message}`);
    err.code = 'EJAIL';
    return err;
  };

  const connectSpy = vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (
    this: net.Socket,
    ...args: unknown[]
  ) {
    // net.connect passes Node's normalised [options, callback] array; keep its hidden marker.
    const normalised = Array.isArray(args[0]) ? (args[0] as unknown[]) : undefined;
    const raw = normalised ? normalised[0] : args[0];
    const options: ConnectOptions =
      typeof raw === 'object' && raw !== null
        ? { ...(raw as ConnectOptions) }
        : { port: raw as number, host: args[1] as string };
    const host = options.host ?? 'localhost';
    const port = Number(options.port);
    if (options.path !== undefined) throw violation(`unix socket ${options.path}`);
    if (isIP(host) !== 0) {
      if (host !== ALLOWED) throw violation(`connect to ${host}:${port}`);
      attempts.push({ host, address: host, port });
    } else {
      const lookup = options.lookup;
      if (typeof lookup !== 'function') throw violation(`connect to ${host}:${port} through the real DNS`);
      options.lookup = (name, lookupOptions, callback) => {
        lookup(name, lookupOptions, (err, address, family) => {
          if (err) return callback(err, address, family);
          const list = Array.isArray(address) ? address.map((a) => a.address) : [address];
          const bad = list.find((a) => a !== ALLOWED);
          if (bad !== undefined) return callback(violation(`connect to ${name} at ${bad}:${port}`), '', 0);
          for (const a of list) attempts.push({ host: name, address: a, port });
          callback(null, address, family);
        });
      };
    }
    if (normalised) {
      const copy: unknown[] = [options, ...normalised.slice(1)];
      for (const symbol of Object.getOwnPropertySymbols(normalised)) {
        (copy as unknown as Record<symbol, unknown>)[symbol] = (
          normalised as unknown as Record<symbol, unknown>
        )[symbol];
      }
      return original.call(this, copy);
    }
    return original.call(this, options, ...args.slice(1));
  });

  // IP literals pass (net.Server#listen looks its host up); names would reach the real DNS.
  const realLookup = dns.lookup;
  const dnsSpy = vi.spyOn(dns, 'lookup').mockImplementation(((host: string, ...rest: unknown[]) => {
    if (isIP(host) === 0) throw violation(`DNS lookup of ${host}`);
    return (realLookup as (...a: unknown[]) => unknown)(host, ...rest);
  }) as typeof dns.lookup);
  const dnsPromisesSpy = vi.spyOn(dns.promises, 'lookup').mockImplementation(async (host: string) => {
    throw violation(`DNS lookup of ${host}`);
  });

  return {
    attempts,
    violations,
    /** Forget what was recorded (between tests). */
    reset() {
      attempts.length = 0;
      violations.length = 0;
    },
    restore() {
      connectSpy.mockRestore();
      dnsSpy.mockRestore();
      dnsPromisesSpy.mockRestore();
    },
  };
}

/** A stub resolver from a table; unknown names fail like ENOTFOUND. Calls are recorded. */
export function stubResolver(table: Record<string, string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolver = async (host: string): Promise<ResolvedAddress[]> => {
    calls.push(host);
    const answers = table[host];
    if (!answers) {
      const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${host}`);
      err.code = 'ENOTFOUND';
      throw err;
    }
    return answers.map((address) => ({ address, family: isIP(address) }));
  };
  return Object.assign(resolver, { calls });
}
