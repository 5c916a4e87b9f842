import dns from 'node:dns';
import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installNetworkJail } from './network-jail.ts';

/**
 * The jail is checked against a recording stand-in for the real `Socket#connect`, so even a broken jail
 * cannot send a packet from these tests.
 */
describe('installNetworkJail', () => {
  const real = net.Socket.prototype.connect;
  let reached: unknown[][];
  let jail: ReturnType<typeof installNetworkJail>;

  beforeEach(() => {
    reached = [];
    net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
      reached.push(args);
      return this;
    } as typeof real;
    jail = installNetworkJail();
  });
  afterEach(() => {
    jail.restore();
    net.Socket.prototype.connect = real;
  });

  it('lets a connection to 127.0.0.1 through and records it', () => {
    new net.Socket().connect({ host: '127.0.0.1', port: 8080 });
    expect(reached).toHaveLength(1);
    expect(jail.attempts).toEqual([{ host: '127.0.0.1', address: '127.0.0.1', port: 8080 }]);
  });

  it.each(['10.0.0.1', '169.254.169.254', '127.0.0.2', '::1', '8.8.8.8'])(
    'stops a connection to %s',
    (host) => {
      expect(() => new net.Socket().connect({ host, port: 80 })).toThrow(/network jail/);
      expect(() => new net.Socket().connect(80, host)).toThrow(/network jail/);
      expect(reached).toEqual([]);
      expect(jail.violations).toHaveLength(2);
    },
  );

  it('stops a name that would go to the real DNS', () => {
    expect(() => new net.Socket().connect({ host: 'example.com', port: 80 })).toThrow(/real DNS/);
    expect(reached).toEqual([]);
  });

  it('fails a lookup answer other than 127.0.0.1', () => {
    const lookup = (_h: string, _o: unknown, cb: (e: null, a: string, f: number) => void) =>
      cb(null, '10.0.0.1', 4);
    new net.Socket().connect({ host: 'crm.example', port: 80, lookup } as net.TcpSocketConnectOpts);
    const wrapped = (reached[0][0] as { lookup: typeof lookup }).lookup;
    const results: unknown[] = [];
    wrapped('crm.example', {}, (err, address) => results.push(err ? 'error' : address));
    expect(results).toEqual(['error']);
    expect(jail.violations).toEqual(['connect to crm.example at 10.0.0.1:80']);
  });

  it('stops real DNS lookups of names', async () => {
    await expect(dns.promises.lookup('example.com')).rejects.toThrow(/network jail/);
    expect(() => dns.lookup('example.com', () => {})).toThrow(/network jail/);
  });
});
