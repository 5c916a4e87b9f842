import type { CallPath, Envelope, ErrorEnvelope, RequestOf, ResponseOf } from '@leadmesh/schema';
import { callMethod } from '@leadmesh/schema/constants';
import { earlyToken, takeEarlyAnswer } from './early.ts';

/** The answer every failed request (network down, non-JSON body) becomes. */
export const SERVER_ERROR: ErrorEnvelope = { status: 'error', data: 'SERVER_ERROR' };

/** What a call cancelled or held back by a logout answers. */
const LOGGED_OUT: ErrorEnvelope = { status: 'error', data: 'NOT_LOGGED_IN' };
const LOGOUT_PATH = '/auth/logout';

/** Header the API checks on every state-changing call. */
export const CSRF_HEADER = 'X-XSRF-TOKEN';

export interface ApiClientOptions {
  /** Base URL of the API, e.g. `http://localhost:5000`; a function is read on every call. */
  baseUrl: string | (() => string);
  /** Fetch to use (tests pass a stub); defaults to the global fetch. */
  fetch?: typeof fetch;
}

export interface ApiClient {
  /** A typed call of the shared contracts: the envelope, decoded whatever the HTTP status. */
  call<P extends CallPath>(path: P, body?: RequestOf<P>): Promise<Envelope<ResponseOf<P>>>;
  /**
   * An untyped call for paths whose contracts are not in `@leadmesh/schema` yet.
   * Same CSRF, credentials and envelope handling as `call`.
   */
  request<T = unknown>(path: string, body?: unknown, method?: 'GET' | 'POST' | 'PUT'): Promise<Envelope<T>>;
  /**
   * A multipart call (`/images/uploadImage`, `/websites/uploadWebsite`): the same CSRF, credentials
   * and envelope handling, with the form data as the body (the browser sets its boundary).
   */
  upload<T = unknown>(path: string, form: FormData): Promise<Envelope<T>>;
  /** The absolute URL of an API path (a download link such as `/exports/leads/1/1`). */
  urlOf(path: string): string;
  /** Change the base URL (the shell sets it from `/config.json` at start). */
  setBaseUrl(baseUrl: string): void;
  /** Forget the cached CSRF token (next POST fetches a new one). */
  resetCsrf(): void;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    ((value as { status: unknown }).status === 'ok' || (value as { status: unknown }).status === 'error')
  );
}

/**
 * Creates an API client: sends cookies (`credentials: 'include'`), fetches the CSRF token with
 * `PUT /api/csrf` before the first state-changing call and sends it as `X-XSRF-TOKEN`, refetches it
 * once when an answer says `CSRF_INVALID`, and turns any network failure into
 * `{ status: 'error', data: 'SERVER_ERROR' }`.
 *
 * Long because the token, its refetch and the page's early first call are closure state that
 * every method of the one client shares.
 *
 * @example
 * const api = createApiClient({ baseUrl: 'http://localhost:5000' });
 * const answer = await api.call('/auth/login', { username, password });
 * if (answer.status === 'ok') console.log(answer.data.UserInfo.Username);
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  let baseUrl = options.baseUrl;
  let token: string | null = null;
  let tokenPromise: Promise<string | null> | null = null;
  const doFetch = (input: string, init: RequestInit) => (options.fetch ?? globalThis.fetch)(input, init);
  const url = (path: string) => {
    const base = typeof baseUrl === 'function' ? baseUrl() : baseUrl;
    return `${base.replace(/\/$/, '')}${path}`;
  };

  // While the logout is under way a screen's call (a dashboard's delayed first load) would reach
  // the server after the session ended and be refused: such calls are cancelled or not sent.
  const inFlight = new Set<AbortController>();
  let loggingOut = false;

  async function send(path: string, init: RequestInit): Promise<Envelope<unknown>> {
    const ending = path === LOGOUT_PATH;
    if (loggingOut && !ending) return LOGGED_OUT;
    if (ending) {
      loggingOut = true;
      for (const running of inFlight) running.abort();
    }
    const controller = new AbortController();
    inFlight.add(controller);
    try {
      const response = await doFetch(url(path), {
        credentials: 'include',
        ...init,
        signal: controller.signal,
      });
      const body: unknown = await response.json();
      return isEnvelope(body) ? body : SERVER_ERROR;
    } catch {
      return controller.signal.aborted ? LOGGED_OUT : SERVER_ERROR;
    } finally {
      inFlight.delete(controller);
      if (ending) loggingOut = false;
    }
  }

  function fetchToken(): Promise<string | null> {
    tokenPromise ??= send('/api/csrf', { method: 'PUT' }).then((answer) => {
      tokenPromise = null;
      const data = answer.status === 'ok' ? (answer.data as { token?: unknown }) : null;
      token = data && typeof data.token === 'string' ? data.token : null;
      return token;
    });
    return tokenPromise;
  }

  async function request<T>(path: string, body?: unknown, method: 'GET' | 'POST' | 'PUT' = 'POST') {
    if (method === 'GET') return (await send(path, { method })) as Envelope<T>;
    // The same call started with the page (early.ts): its answer, unless it failed or lacked a token.
    const early = await takeEarlyAnswer(path, body);
    if (
      early &&
      !(early.status === 'error' && (early.data === 'CSRF_INVALID' || early.data === 'SERVER_ERROR'))
    )
      return early as Envelope<T>;
    if (!token) token = (await earlyToken()) ?? null;
    const attempt = async () => {
      const csrf = token ?? (await fetchToken());
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (csrf) headers[CSRF_HEADER] = csrf;
      return send(path, { method, headers, body: JSON.stringify(body ?? {}) });
    };
    let answer = await attempt();
    if (answer.status === 'error' && answer.data === 'CSRF_INVALID') {
      token = null;
      answer = await attempt();
    }
    return answer as Envelope<T>;
  }

  async function upload<T>(path: string, form: FormData) {
    const attempt = async () => {
      const csrf = token ?? (await fetchToken());
      const headers: Record<string, string> = {};
      if (csrf) headers[CSRF_HEADER] = csrf;
      return send(path, { method: 'POST', headers, body: form });
    };
    let answer = await attempt();
    if (answer.status === 'error' && answer.data === 'CSRF_INVALID') {
      token = null;
      answer = await attempt();
    }
    return answer as Envelope<T>;
  }

  return {
    call: (path, body) => request(path, body, callMethod(path)),
    request,
    upload,
    urlOf: url,
    setBaseUrl(next) {
      baseUrl = next;
      token = null;
    },
    resetCsrf() {
      token = null;
    },
  };
}
