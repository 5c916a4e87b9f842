/**
 * A small round-robin HTTP load balancer in Node, for the scale-out run: what nginx or a cloud
 * load balancer does in front of several stateless API processes. It keeps connections to the
 * upstreams alive, forwards the client's address in X-Forwarded-For, passes over an upstream that
 * refuses the connection (the next one answers) and counts what each upstream answered.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Balancer {
  url: string;
  /** Requests answered per upstream, in the order given. */
  served(): number[];
  close(): Promise<void>;
}

export async function startBalancer(upstreams: string[]): Promise<Balancer> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const served = upstreams.map(() => 0);
  let next = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tryUpstream = (tries: number) => {
        const index = next++ % upstreams.length;
        const target = new URL(upstreams[index]);
        const upstream = http.request(
          {
            host: target.hostname,
            port: target.port,
            path: req.url,
            method: req.method,
            agent,
            headers: {
              ...req.headers,
              host: target.host,
              'x-forwarded-for': req.socket.remoteAddress ?? '',
              'content-length': String(body.length),
            },
          },
          (answer) => {
            served[index]++;
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', () => {
          if (tries + 1 < upstreams.length) tryUpstream(tries + 1);
          else if (!res.headersSent) {
            res.writeHead(502);
            res.end();
          }
        });
        upstream.end(body);
      };
      tryUpstream(0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    served: () => [...served],
    close: () =>
      new Promise<void>((r) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
