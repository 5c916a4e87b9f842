/**
 * Calls the first screen needs, started by the shell's entry script as the page starts (issue 19),
 * instead of after the shell, the layout and the remote have loaded. The entry script runs before
 * Module Federation shares anything, so this module imports nothing; it keeps its promises on
 * `globalThis`, where the shared API client (`client.ts`) takes each answer once, the first time
 * the screen makes the very same call (same path, same body).
 *
 * An early answer is only used while it is fresh (`EARLY_MAX_AGE_MS`); a CSRF refusal or a failed
 * request is never used (the client then calls as usual).
 */

/** An envelope as the API answers it (the typed form lives in `@leadmesh/schema`). */
export type EarlyEnvelope = { status: 'ok' | 'error'; data: unknown };

export interface EarlyCall {
  path: string;
  body: unknown;
  /**
   * Sent only once the first call (the session check) answered and this says yes to its answer: a
   * screen the session may not open never asks for its data, so no refusal reaches the console.
   */
  admits?: (first: EarlyEnvelope | null) => boolean;
}

export interface EarlyCalls {
  startedAt: number;
  /** The CSRF token fetched first (`PUT /api/csrf`), or null when that failed. */
  token: Promise<string | null>;
  answers: Map<string, Promise<EarlyEnvelope | null>>;
}

/** The session check, the first call of every page (the shell's `firstScreenCalls`, `early-page.ts`). */
export const SESSION_CHECK: EarlyCall = { path: '/auth/checkLogin', body: { BoundUser: null } };

/** Where a tab keeps the CSRF token its last page fetched (the tab's own storage, like the cookie's life). */
export const CSRF_TOKEN_KEY = 'leadmesh-csrf-token';

/** How long an early answer may wait for its screen. */
export const EARLY_MAX_AGE_MS = 20_000;

const GLOBAL_KEY = '__LEADMESH_EARLY__';

type Holder = { [GLOBAL_KEY]?: EarlyCalls };

/** The key of a call: its path and its body as JSON. */
export function earlyKey(path: string, body: unknown): string {
  return `${path} ${JSON.stringify(body ?? {})}`;
}

async function json(response: Response): Promise<EarlyEnvelope | null> {
  try {
    const body = (await response.json()) as EarlyEnvelope;
    return body && (body.status === 'ok' || body.status === 'error') ? body : null;
  } catch {
    return null;
  }
}

/** Whether an answer is the API's refusal of the CSRF token. */
export function isCsrfRefusal(answer: EarlyEnvelope | null): boolean {
  return answer?.status === 'error' && answer.data === 'CSRF_INVALID';
}

/**
 * Fetches a CSRF token (unless one is known), then sends every call in parallel (POST, JSON, with
 * the token), and keeps the answers for the client. Returns what it started (also kept on `globalThis`).
 */
export function startEarlyCalls(
  apiUrl: string,
  calls: EarlyCall[],
  doFetch: typeof fetch = (input, init) => globalThis.fetch(input, init),
  /**
   * A token this tab already had (the API keeps it with its cookie, `issueCsrfToken`): the calls
   * go at once, without the `PUT /api/csrf` round trip. If the API refuses it, the client is not
   * handed it and fetches its own.
   */
  knownToken?: string | null,
): EarlyCalls {
  const base = apiUrl.replace(/\/$/, '');
  const send = (call: EarlyCall, csrf: string | null) =>
    csrf
      ? doFetch(`${base}${call.path}`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': csrf },
          body: JSON.stringify(call.body ?? {}),
        }).then(json)
      : null;
  // The page itself may have sent the first call already (`early-page.ts`, before any script file
  // arrived): the others follow its answer, with its token.
  const begun = fresh();
  const begunFirst = calls[0] && begun?.answers.get(earlyKey(calls[0].path, calls[0].body));
  if (begun && begunFirst) {
    for (const call of calls.slice(1)) {
      const gate = call.admits ? begunFirst.then(call.admits) : Promise.resolve(true);
      const answer = Promise.all([begun.token, gate])
        .then(([csrf, admitted]) => (admitted ? send(call, csrf) : null))
        .catch(() => null);
      begun.answers.set(earlyKey(call.path, call.body), answer);
    }
    return begun;
  }
  const sendToken: Promise<string | null> = knownToken
    ? Promise.resolve(knownToken)
    : doFetch(`${base}/api/csrf`, { method: 'PUT', credentials: 'include' })
        .then(json)
        .then((answer) => {
          const data = answer?.status === 'ok' ? (answer.data as { token?: unknown }) : null;
          return data && typeof data.token === 'string' ? data.token : null;
        })
        .catch(() => null);
  const answers = new Map<string, Promise<EarlyEnvelope | null>>();
  let first: Promise<EarlyEnvelope | null> | undefined;
  for (const call of calls) {
    const { admits } = call;
    const gate = first && admits ? first.then(admits) : Promise.resolve(true);
    const answer = Promise.all([sendToken, gate])
      .then(([csrf, admitted]) => (admitted ? send(call, csrf) : null))
      .catch(() => null);
    first ??= answer;
    answers.set(earlyKey(call.path, call.body), answer);
  }
  const token =
    knownToken && first
      ? first.then((answer) => (isCsrfRefusal(answer) ? null : knownToken)).catch(() => null)
      : sendToken;
  const early: EarlyCalls = { startedAt: Date.now(), token, answers };
  (globalThis as Holder)[GLOBAL_KEY] = early;
  return early;
}

function fresh(): EarlyCalls | undefined {
  const early = (globalThis as Holder)[GLOBAL_KEY];
  if (!early) return undefined;
  if (Date.now() - early.startedAt > EARLY_MAX_AGE_MS) {
    delete (globalThis as Holder)[GLOBAL_KEY];
    return undefined;
  }
  return early;
}

/** The early answer of this call, once (later calls go to the network), or undefined. */
export function takeEarlyAnswer(path: string, body: unknown): Promise<EarlyEnvelope | null> | undefined {
  const early = fresh();
  const key = earlyKey(path, body);
  const answer = early?.answers.get(key);
  if (answer) early?.answers.delete(key);
  return answer;
}

/** The CSRF token the early calls fetched, if they did and it is fresh. */
export function earlyToken(): Promise<string | null> | undefined {
  return fresh()?.token;
}

/** Forgets the early calls (tests; a logout). */
export function clearEarlyCalls(): void {
  delete (globalThis as Holder)[GLOBAL_KEY];
}
