import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  requests: RecordedRequest[];
  /** TCP connections accepted so far. */
  connections: number;
  /** Resolves when every accepted socket has closed. */
  allSocketsClosed(): Promise<void>;
  close(): Promise<void>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, recorded: RecordedRequest) => void;

function track(server: net.Server) {
  const sockets = new Set<net.Socket>();
  const state = { connections: 0 };
  server.on('connection', (socket: net.Socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const allSocketsClosed = async () => {
    await Promise.all([...sockets].map((s) => new Promise((resolve) => s.once('close', resolve))));
  };
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return { state, allSocketsClosed, close };
}

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A real HTTP server on 127.0.0.1 that records each request (with its body) and then calls `handler`. */
export async function startFakeServer(handler: Handler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      handler(req, res, recorded);
    });
  });
  const { state, allSocketsClosed, close } = track(server);
  const port = await listen(server);
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    get connections() {
      return state.connections;
    },
    allSocketsClosed,
    close,
  };
}

/** A raw TCP server on 127.0.0.1: `onSocket` decides what (if anything) is written back. */
export async function startRawServer(onSocket: (socket: net.Socket) => void): Promise<FakeServer> {
  const server = net.createServer((socket) => {
    onSocket(socket);
    // Read (and drop) what nobody listens to, so the peer's close is seen and the socket closes too.
    if (socket.listenerCount('data') === 0) socket.resume();
  });
  const { state, allSocketsClosed, close } = track(server);
  const port = await listen(server);
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests: [],
    get connections() {
      return state.connections;
    },
    allSocketsClosed,
    close,
  };
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
