/**
 * A drain a load balancer can follow (docs/operations.md, decision 0088). On SIGTERM the process
 * keeps serving for `graceMs`, but `/health` answers 503 and every answer closes its connection:
 * the balancer's health check takes the process out meanwhile, and when the server then closes no
 * idle keep-alive connection is left for the balancer to send a request on as it closes (that
 * request would get no answer: a 502 for the client).
 */
type Fetch<Rest extends unknown[]> = (request: Request, ...rest: Rest) => Response | Promise<Response>;

export interface Drain {
  /** The server's handler, answering as above once the drain began. */
  serve<Rest extends unknown[]>(fetch: Fetch<Rest>): Fetch<Rest>;
  /** Starts the drain and resolves when the grace period is over. */
  begin(): Promise<void>;
}

export function createDrain(graceMs: number): Drain {
  let draining = false;
  return {
    serve:
      (fetch) =>
      async (request, ...rest) => {
        if (!draining) return fetch(request, ...rest);
        if (new URL(request.url).pathname === '/health') {
          return Response.json(
            { status: 'error', data: 'DRAINING' },
            { status: 503, headers: { connection: 'close' } },
          );
        }
        const answer = await fetch(request, ...rest);
        const closing = new Response(answer.body, answer);
        closing.headers.set('connection', 'close');
        return closing;
      },
    begin() {
      draining = true;
      return new Promise((resolve) => setTimeout(resolve, graceMs));
    },
  };
}
