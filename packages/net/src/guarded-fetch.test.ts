import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import { Duplex } from 'node:stream';
import tls from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OutboundFailed, OutboundRefused } from './errors.ts';
import {
  type ConnectTarget,
  connectPinned,
  type GuardedRequestOptions,
  guardedRequest,
  pinnedLookup,
  retryAfterMs,
} from './guarded-fetch.ts';
import {
  closedPort,
  type FakeServer,
  type RecordedRequest,
  startFakeServer,
  startRawServer,
} from './test-support/fake-server.ts';
import { installNetworkJail, stubResolver } from './test-support/network-jail.ts';
import { selfSignedCertificate } from './test-support/tls-fixture.ts';

let jail: ReturnType<typeof installNetworkJail>;
beforeAll(() => {
  jail = installNetworkJail();
});
afterAll(() => jail.restore());

const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  expect(jail.violations).toEqual([]);
  // Whatever a test did, every connection that went ahead went to 127.0.0.1.
  for (const attempt of jail.attempts) expect(attempt.address).toBe('127.0.0.1');
  jail.reset();
});

type Handler = (req: IncomingMessage, res: ServerResponse, recorded: RecordedRequest) => void;
async function fake(handler: Handler): Promise<FakeServer> {
  const server = await startFakeServer(handler);
  servers.push(server);
  return server;
}
async function raw(onSocket: (socket: net.Socket) => void): Promise<FakeServer> {
  const server = await startRawServer(onSocket);
  servers.push(server);
  return server;
}

/** The default connector, watched. */
function watchedConnect() {
  return vi.fn((target: ConnectTarget) => connectPinned(target));
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (err: unknown) => err,
  );
}
async function refused(promise: Promise<unknown>, code: string): Promise<OutboundRefused> {
  const err = await rejection(promise);
  expect(err).toBeInstanceOf(OutboundRefused);
  expect((err as OutboundRefused).code).toBe(code);
  return err as OutboundRefused;
}
async function failed(promise: Promise<unknown>, code: string): Promise<OutboundFailed> {
  const err = await rejection(promise);
  expect(err).toBeInstanceOf(OutboundFailed);
  expect((err as OutboundFailed).code).toBe(code);
  return err as OutboundFailed;
}

const local = (opts: GuardedRequestOptions) =>
  guardedRequest({ allowLoopback: true, timeoutMs: 20_000, ...opts });

describe('guardedRequest against loopback fakes (allowLoopback)', () => {
  it('returns status, headers and body, with the URL host as Host whatever the caller sends', async () => {
    const server = await fake((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'x-multi': ['a', 'b'] });
      res.end('hello');
    });
    const connect = watchedConnect();
    const res = await local({
      url: `${server.origin}/pb?x=1#frag`,
      headers: { Host: 'evil.example', 'X-Key': 'k1' },
      connect,
    });
    expect(res).toMatchObject({
      status: 200,
      body: 'hello',
      truncated: false,
      finalUrl: `${server.origin}/pb?x=1#frag`,
      redirects: [],
    });
    expect(res.headers['content-type']).toBe('text/plain');
    expect(res.headers['x-multi']).toBe('a, b');
    expect(res.durationMs).toBeGreaterThanOrEqual(0);

    const [seen] = server.requests;
    expect(seen.method).toBe('GET');
    expect(seen.url).toBe('/pb?x=1');
    expect(seen.headers.host).toBe(`127.0.0.1:${server.port}`);
    expect(seen.headers['x-key']).toBe('k1');
    expect(seen.headers['user-agent']).toMatch(/Leadmesh/);
    expect(seen.headers['accept-encoding']).toBe('identity');
    expect(connect).toHaveBeenCalledTimes(1);
    expect(connect.mock.calls[0][0]).toEqual({
      protocol: 'http:',
      hostname: '127.0.0.1',
      port: server.port,
      addresses: [{ address: '127.0.0.1', family: 4 }],
    });
    expect(jail.attempts).toEqual([{ host: '127.0.0.1', address: '127.0.0.1', port: server.port }]);
  });

  it('sends a body with its length', async () => {
    const server = await fake((_req, res, seen) => res.end(`got ${seen.body}`));
    const res = await local({
      url: server.origin,
      method: 'post',
      headers: { 'content-type': 'application/json' },
      body: '{"lead":"é"}',
    });
    expect(res.body).toBe('got {"lead":"é"}');
    expect(server.requests[0]).toMatchObject({ method: 'POST', body: '{"lead":"é"}' });
    expect(server.requests[0].headers['content-length']).toBe(String(Buffer.byteLength('{"lead":"é"}')));
  });

  it.each([400, 404, 410, 429, 500, 503])('returns HTTP %i without throwing', async (status) => {
    const server = await fake((_req, res) => {
      res.statusCode = status;
      res.end('nope');
    });
    const res = await local({ url: server.origin });
    expect(res.status).toBe(status);
    expect(res.body).toBe('nope');
  });

  it('follows a redirect chain and reports every hop', async () => {
    const server = await fake((req, res) => {
      if (req.url === '/a') res.writeHead(302, { location: '/b?x=1' }).end();
      else if (req.url === '/b?x=1') res.writeHead(301, { location: `${server.origin}/c#ignored` }).end();
      else res.end(`at ${req.url}`);
    });
    const res = await local({ url: `${server.origin}/a` });
    expect(res.status).toBe(200);
    expect(res.body).toBe('at /c');
    expect(res.redirects).toEqual([`${server.origin}/b?x=1`, `${server.origin}/c`]);
    expect(res.finalUrl).toBe(`${server.origin}/c`);
  });

  it.each([
    [301, 'GET', ''],
    [302, 'GET', ''],
    [303, 'GET', ''],
    [307, 'POST', 'payload'],
    [308, 'POST', 'payload'],
  ])('after a POST, %i continues as %s', async (status, method, body) => {
    const server = await fake((req, res) => {
      if (req.url === '/start') res.writeHead(status, { location: '/next' }).end();
      else res.end('done');
    });
    await local({
      url: `${server.origin}/start`,
      method: 'POST',
      body: 'payload',
      headers: { 'content-type': 'text/plain' },
    });
    const next = server.requests[1];
    expect(next).toMatchObject({ method, body, url: '/next' });
    expect(next.headers['content-type']).toBe(method === 'POST' ? 'text/plain' : undefined);
  });

  it('keeps credentials on the same host and drops them when the redirect changes host', async () => {
    const other = await fake((_req, res) => res.end('other'));
    const server = await fake((req, res) => {
      if (req.url === '/same') res.writeHead(302, { location: '/away' }).end();
      else if (req.url === '/away') res.writeHead(302, { location: `${other.origin}/landing` }).end();
      else res.end();
    });
    const headers = { authorization: 'Bearer s3cret', 'x-api-key': 'k', accept: 'application/json' };
    const res = await local({ url: `${server.origin}/same`, headers });
    expect(res.body).toBe('other');
    expect(server.requests[1].headers).toMatchObject({ authorization: 'Bearer s3cret', 'x-api-key': 'k' });
    const landed = other.requests[0].headers;
    expect(landed.authorization).toBeUndefined();
    expect(landed['x-api-key']).toBeUndefined();
    expect(landed.accept).toBe('application/json');
    expect(landed.host).toBe(`127.0.0.1:${other.port}`);
  });

  it('fails with TOO_MANY_REDIRECTS past maxRedirects', async () => {
    const server = await fake((_req, res) => res.writeHead(302, { location: '/loop' }).end());
    const err = await failed(local({ url: server.origin, maxRedirects: 3 }), 'TOO_MANY_REDIRECTS');
    expect(err.url).toBe(`${server.origin}/loop`);
    expect(server.requests).toHaveLength(4);
  });

  it('returns the 3xx itself when maxRedirects is 0', async () => {
    const server = await fake((_req, res) => res.writeHead(302, { location: '/elsewhere' }).end('moved'));
    const res = await local({ url: server.origin, maxRedirects: 0 });
    expect(res).toMatchObject({ status: 302, body: 'moved', redirects: [] });
    expect(res.headers.location).toBe('/elsewhere');
  });

  it('returns a 3xx without Location as it is', async () => {
    const server = await fake((_req, res) => res.writeHead(304).end());
    expect((await local({ url: server.origin })).status).toBe(304);
  });

  it.each([
    ['ftp://files.example/x', 'SCHEME_NOT_ALLOWED'],
    ['http://user:pw@127.0.0.1/', 'CREDENTIALS_IN_URL'],
    ['http://[oops/', 'URL_INVALID'],
  ])('refuses a redirect to %s (%s)', async (location, code) => {
    const server = await fake((_req, res) => res.writeHead(302, { location }).end());
    const connect = watchedConnect();
    await refused(local({ url: server.origin, connect }), code);
    expect(connect).toHaveBeenCalledTimes(1);
  });
});

describe('refusals happen before any connection', () => {
  const resolver = stubResolver({
    'mixed.example': ['93.184.215.14', '10.0.0.7', '93.184.215.15'],
    'internal.example': ['10.1.2.3'],
  });

  const productionRefusals: [string, (port: number) => string][] = [
    ['loopback without allowLoopback', (p) => `http://127.0.0.1:${p}/`],
    ['IPv6 loopback', (p) => `http://[::1]:${p}/`],
    ['IPv4-mapped loopback', (p) => `http://[::ffff:127.0.0.1]:${p}/`],
    ['0.0.0.0', (p) => `http://0.0.0.0:${p}/`],
    ['decimal loopback', (p) => `http://2130706433:${p}/`],
    ['hex loopback', (p) => `http://0x7f.1:${p}/`],
    ['octal loopback', (p) => `http://017700000001:${p}/`],
    ['private', () => 'http://10.0.0.1/'],
    ['hex private', () => 'http://0xa000001/'],
    ['metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['metadata by name', () => 'http://metadata.google.internal/computeMetadata/v1/'],
    ['a name with one private address among public ones', () => 'http://mixed.example/'],
  ];

  it.each(productionRefusals)('refuses %s', async (_label, url) => {
    // A live fake on 127.0.0.1 proves that even a reachable loopback target sees nothing.
    const server = await fake((_req, res) => res.end());
    const connect = watchedConnect();
    const err = await refused(
      guardedRequest({ url: url(server.port), resolver, connect, timeoutMs: 20_000 }),
      'ADDRESS_NOT_ALLOWED',
    );
    expect(err.url).toBe(url(server.port));
    expect(connect).not.toHaveBeenCalled();
    expect(jail.attempts).toEqual([]);
    expect(server.connections).toBe(0);
  });

  it.each([
    'http://10.0.0.1/',
    'http://169.254.169.254/',
    'http://0.0.0.0/',
    'http://[fd00:ec2::254]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://mixed.example/',
    'http://metadata.google.internal/',
  ])('refuses %s even with allowLoopback', async (url) => {
    const connect = watchedConnect();
    await refused(local({ url, resolver, connect }), 'ADDRESS_NOT_ALLOWED');
    expect(connect).not.toHaveBeenCalled();
    expect(jail.attempts).toEqual([]);
  });

  it('refuses a redirect from an allowed fake to the metadata address before connecting to it', async () => {
    const server = await fake((_req, res) =>
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/iam/' }).end(),
    );
    const connect = watchedConnect();
    const err = await refused(local({ url: `${server.origin}/pb`, connect }), 'ADDRESS_NOT_ALLOWED');
    expect(err.url).toBe('http://169.254.169.254/latest/meta-data/iam/');
    expect(err.addressClass).toBe('metadata');
    expect(connect).toHaveBeenCalledTimes(1);
    expect(connect.mock.calls[0][0].hostname).toBe('127.0.0.1');
    expect(jail.attempts).toHaveLength(1);
  });

  it('refuses a redirect to a name that resolves to a private address before connecting to it', async () => {
    const server = await fake((_req, res) =>
      res.writeHead(307, { location: 'http://internal.example/admin' }).end(),
    );
    const connect = watchedConnect();
    const err = await refused(local({ url: server.origin, resolver, connect }), 'ADDRESS_NOT_ALLOWED');
    expect(err).toMatchObject({ address: '10.1.2.3', addressClass: 'private' });
    expect(resolver.calls).toContain('internal.example');
    expect(connect).toHaveBeenCalledTimes(1);
    expect(jail.attempts).toHaveLength(1);
  });

  describe('in production mode (allowLoopback false)', () => {
    // The stub gives crm.example a public address; this test-only connector carries the checked
    // connection to the fake on 127.0.0.1 instead, so no packet goes to that public address.
    async function publicFake(handler: Handler) {
      const server = await fake(handler);
      const connect = vi.fn((_target: ConnectTarget) =>
        net.connect({ host: '127.0.0.1', port: server.port }),
      );
      const resolver = stubResolver({ 'crm.example': ['93.184.215.14'] });
      return { server, connect, resolver };
    }

    it('follows a same-host redirect on a public name, pinned to the checked address', async () => {
      const { server, connect, resolver } = await publicFake((req, res) => {
        if (req.url === '/pb') res.writeHead(302, { location: '/pb2' }).end();
        else res.end('ok');
      });
      const res = await guardedRequest({ url: 'http://crm.example/pb', resolver, connect });
      expect(res).toMatchObject({ status: 200, body: 'ok', redirects: ['http://crm.example/pb2'] });
      expect(server.requests.map((r) => r.headers.host)).toEqual(['crm.example', 'crm.example']);
      expect(connect.mock.calls.map(([t]) => t)).toEqual([
        {
          protocol: 'http:',
          hostname: 'crm.example',
          port: 80,
          addresses: [{ address: '93.184.215.14', family: 4 }],
        },
        {
          protocol: 'http:',
          hostname: 'crm.example',
          port: 80,
          addresses: [{ address: '93.184.215.14', family: 4 }],
        },
      ]);
      expect(resolver.calls).toEqual(['crm.example', 'crm.example']);
    });

    it.each([
      (port: number) => `http://127.0.0.1:${port}/`,
      (port: number) => `http://[::ffff:7f00:1]:${port}/`,
      () => 'http://localhost-name.example/',
      () => 'http://[::1]/',
    ])('refuses a redirect from a public host to loopback (%#)', async (location) => {
      const { server, connect, resolver } = await publicFake((_req, res) =>
        res.writeHead(302, { location: location(server.port) }).end(),
      );
      const withLocalName = async (host: string) =>
        host === 'localhost-name.example' ? [{ address: '127.0.0.1', family: 4 }] : resolver(host);
      await refused(
        guardedRequest({ url: 'http://crm.example/pb', resolver: withLocalName, connect }),
        'ADDRESS_NOT_ALLOWED',
      );
      expect(connect).toHaveBeenCalledTimes(1);
      expect(server.connections).toBe(1);
    });
  });
});

describe('pinning', () => {
  it('connects to the address that was checked, without a second lookup a rebinding DNS could answer', async () => {
    const server = await fake((_req, res) => res.end('pinned'));
    let calls = 0;
    const rebinding = async () => {
      calls++;
      return [{ address: calls === 1 ? '127.0.0.1' : '10.0.0.1', family: 4 }];
    };
    const res = await local({ url: `http://rebind.example:${server.port}/`, resolver: rebinding });
    expect(res.body).toBe('pinned');
    expect(calls).toBe(1);
    expect(server.requests[0].headers.host).toBe(`rebind.example:${server.port}`);
    expect(jail.attempts).toEqual([{ host: 'rebind.example', address: '127.0.0.1', port: server.port }]);
  });

  it('pinnedLookup answers only with the checked addresses, for the checked name', () => {
    const lookup = pinnedLookup('crm.example', [
      { address: '93.184.215.14', family: 4 },
      { address: '2606:4700::1', family: 6 },
    ]);
    const answers: unknown[] = [];
    const collect = (err: NodeJS.ErrnoException | null, address: unknown, family?: number) =>
      answers.push(err ? err.code : [address, family]);
    lookup('crm.example', { all: true }, collect);
    lookup('crm.example', {}, collect);
    lookup('crm.example', { family: 6 }, collect);
    lookup('crm.example', { family: 'IPv4' }, collect);
    lookup('other.example', {}, collect);
    lookup('crm.example', { family: 6, all: true }, collect);
    expect(answers).toEqual([
      [
        [
          { address: '93.184.215.14', family: 4 },
          { address: '2606:4700::1', family: 6 },
        ],
        undefined,
      ],
      ['93.184.215.14', 4],
      ['2606:4700::1', 6],
      ['93.184.215.14', 4],
      'ENOTFOUND',
      [[{ address: '2606:4700::1', family: 6 }], undefined],
    ]);
  });

  it.each(['http:', 'https:'] as const)(
    'destroys a %s socket whose peer is not a checked address before writing to it',
    async (protocol) => {
      const received: Buffer[] = [];
      const server = await raw((socket) => socket.on('data', (d: Buffer) => received.push(d)));
      // A target whose addresses disagree with where the socket really goes (it cannot happen through
      // guardedRequest; the guard is for a bug that would let it).
      const socket = connectPinned({
        protocol,
        hostname: '127.0.0.1',
        port: server.port,
        addresses: [{ address: '93.184.215.14', family: 4 }],
      });
      socket.write('GET / HTTP/1.1\r\n\r\n');
      const err = await new Promise<NodeJS.ErrnoException>((resolve) => socket.once('error', resolve));
      expect(err.code).toBe('EUNCHECKEDPEER');
      await server.allSocketsClosed();
      expect(received).toEqual([]);
    },
  );

  it('accepts the peer when the checked address is written differently', async () => {
    const server = await fake((_req, res) => res.end('ok'));
    const connect = vi.fn((t: ConnectTarget) =>
      connectPinned({ ...t, addresses: [{ address: '::ffff:127.0.0.1', family: 6 }] }),
    );
    expect((await local({ url: server.origin, connect })).body).toBe('ok');
  });

  it('sends the host name as TLS SNI and verifies the certificate', async () => {
    // openssl ships with Debian (CI installs nothing else for it); a missing one fails the test.
    const certificate = selfSignedCertificate('secure.example');
    expect(certificate, 'openssl is needed to make a throwaway certificate').toBeTruthy();
    const names: string[] = [];
    const context = tls.createSecureContext(certificate!);
    const tlsServer = tls.createServer({
      ...certificate!,
      SNICallback: (name, cb) => {
        names.push(name);
        cb(null, context);
      },
    });
    tlsServer.on('tlsClientError', () => {});
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
    const port = (tlsServer.address() as net.AddressInfo).port;
    try {
      const resolver = stubResolver({ 'secure.example': ['127.0.0.1'] });
      const err = await failed(local({ url: `https://secure.example:${port}/`, resolver }), 'TLS_FAILED');
      expect(err.message).toMatch(/self-signed|self signed/i);
      expect(names).toEqual(['secure.example']);
      expect(jail.attempts).toEqual([{ host: 'secure.example', address: '127.0.0.1', port }]);
    } finally {
      await new Promise<void>((resolve) => tlsServer.close(() => resolve()));
    }
  });
});

describe('transport failures', () => {
  it('times out against a server that never answers, and closes the socket', async () => {
    const server = await raw(() => {});
    const err = await failed(local({ url: server.origin, timeoutMs: 300 }), 'TIMEOUT');
    expect(err.url).toBe(server.origin);
    expect(server.connections).toBe(1);
    await server.allSocketsClosed();
  });

  it('times out when the body never finishes', async () => {
    const server = await fake((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial');
    });
    await failed(local({ url: server.origin, timeoutMs: 300 }), 'TIMEOUT');
    await server.allSocketsClosed();
  });

  it('times out while the resolver hangs, without connecting', async () => {
    const connect = watchedConnect();
    const hanging = () => new Promise<never>(() => {});
    await failed(
      local({ url: 'http://slow-dns.example/', resolver: hanging, timeoutMs: 200, connect }),
      'TIMEOUT',
    );
    expect(connect).not.toHaveBeenCalled();
  });

  it('gives up a connection that never completes after connectTimeoutMs, well within the whole budget', async () => {
    // A black hole: the socket never connects (nothing is sent anywhere).
    const blackHole = vi.fn(
      () =>
        new Duplex({
          read() {},
          write(_chunk, _encoding, callback) {
            callback();
          },
        }) as unknown as net.Socket,
    );
    const started = performance.now();
    const err = await failed(
      local({ url: 'http://127.0.0.1:9/', allowedPorts: [9], connect: blackHole, connectTimeoutMs: 150 }),
      'CONNECTION_FAILED',
    );
    expect(err.message).toContain('No connection within 150 ms');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(blackHole).toHaveBeenCalledTimes(1);
  });

  it('counts a resolver that does not answer within resolveTimeoutMs as unresolvable, without connecting', async () => {
    const connect = watchedConnect();
    const hanging = () => new Promise<never>(() => {});
    await refused(
      local({ url: 'http://slow-dns.example/', resolver: hanging, resolveTimeoutMs: 100, connect }),
      'HOST_UNRESOLVABLE',
    );
    expect(connect).not.toHaveBeenCalled();
  });

  it('keeps a connection that completes within connectTimeoutMs', async () => {
    const server = await fake((_req, res) => {
      setTimeout(() => res.end('late but fine'), 300);
    });
    const res = await local({ url: server.origin, connectTimeoutMs: 100 });
    expect(res.body).toBe('late but fine');
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const server = await raw(() => controller.abort());
    await failed(local({ url: server.origin, signal: controller.signal }), 'ABORTED');
    await server.allSocketsClosed();
  });

  it('does not connect when the signal is already aborted', async () => {
    const connect = watchedConnect();
    await failed(
      local({ url: 'http://127.0.0.1:9/', signal: AbortSignal.abort(), connect, allowedPorts: [9] }),
      'ABORTED',
    );
    expect(connect).not.toHaveBeenCalled();
  });

  it('reports CONNECTION_FAILED when nothing listens', async () => {
    const port = await closedPort();
    await failed(local({ url: `http://127.0.0.1:${port}/` }), 'CONNECTION_FAILED');
  });

  it('reports CONNECTION_FAILED when the server dies mid-body', async () => {
    const server = await fake((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial', () => res.destroy());
    });
    await failed(local({ url: server.origin }), 'CONNECTION_FAILED');
  });

  it('reports PROTOCOL_ERROR for a response that is not HTTP', async () => {
    const server = await raw((socket) => {
      socket.once('data', () => socket.end('SSH-2.0-OpenSSH_9.6\r\n\r\n'));
    });
    await failed(local({ url: server.origin }), 'PROTOCOL_ERROR');
  });

  describe('large responses', () => {
    async function bigServer(bytes: number) {
      return fake((_req, res) => {
        const chunk = Buffer.alloc(16 * 1024, 'x');
        let left = bytes;
        const pump = () => {
          while (left > 0) {
            const part = chunk.subarray(0, Math.min(chunk.length, left));
            left -= part.length;
            if (!res.write(part)) return res.once('drain', pump);
          }
          res.end();
        };
        res.on('error', () => {});
        pump();
      });
    }

    it('truncates to maxResponseBytes and says so', async () => {
      const server = await bigServer(200_000);
      const res = await local({ url: server.origin, maxResponseBytes: 1000 });
      expect(res.truncated).toBe(true);
      expect(res.body).toBe('x'.repeat(1000));
      await server.allSocketsClosed();
    });

    it('truncates to 1 MB by default', async () => {
      const server = await bigServer(1024 * 1024 + 300_000);
      const res = await local({ url: server.origin });
      expect(res.truncated).toBe(true);
      expect(res.body.length).toBe(1024 * 1024);
    });

    it('keeps a body of exactly maxResponseBytes whole', async () => {
      const server = await bigServer(1000);
      const res = await local({ url: server.origin, maxResponseBytes: 1000 });
      expect(res).toMatchObject({ truncated: false, body: 'x'.repeat(1000) });
    });

    it('fails with RESPONSE_TOO_LARGE when asked to', async () => {
      const server = await bigServer(200_000);
      await failed(
        local({ url: server.origin, maxResponseBytes: 1000, oversize: 'fail' }),
        'RESPONSE_TOO_LARGE',
      );
      await server.allSocketsClosed();
    });
  });
});

describe('retryAfterMs', () => {
  it('reads Retry-After seconds from a 429', async () => {
    const server = await fake((_req, res) => res.writeHead(429, { 'retry-after': '120' }).end());
    const res = await local({ url: server.origin });
    expect(res.status).toBe(429);
    expect(retryAfterMs(res.headers)).toBe(120_000);
  });

  it('reads an HTTP date from a 503', async () => {
    const date = 'Wed, 21 Oct 2026 07:28:00 GMT';
    const server = await fake((_req, res) => res.writeHead(503, { 'retry-after': date }).end());
    const res = await local({ url: server.origin });
    expect(retryAfterMs(res.headers, Date.parse(date) - 90_000)).toBe(90_000);
  });

  const now = Date.parse('Sun, 06 Nov 1994 08:49:00 GMT');
  it.each([
    [{ 'retry-after': '0' }, 0],
    [{ 'retry-after': ' 5 ' }, 5000],
    [{ 'Retry-After': '7' }, 7000],
    [{ 'retry-after': ['3', '9'] }, 3000],
    [{ 'retry-after': 'Sun, 06 Nov 1994 08:49:37 GMT' }, 37_000],
    [{ 'retry-after': 'Sunday, 06-Nov-94 08:49:37 GMT' }, 37_000],
    [{ 'retry-after': 'Sun Nov  6 08:49:37 1994' }, 37_000],
    [{ 'retry-after': 'Sun, 06 Nov 1994 08:00:00 GMT' }, 0],
    [{ 'retry-after': '1.5' }, undefined],
    [{ 'retry-after': '-5' }, undefined],
    [{ 'retry-after': 'soon' }, undefined],
    [{ 'retry-after': '' }, undefined],
    [{}, undefined],
  ])('%o → %s', (headers, expected) => {
    expect(retryAfterMs(headers, now)).toBe(expected);
  });
});
