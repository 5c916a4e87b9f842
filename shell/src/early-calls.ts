/**
 * The API calls of the first screen, started by the entry script with the page (issue 19) rather
 * than after the shell, the dashboard layout and the remote have loaded: the session check on every
 * page, and on a dashboard address with a session (the server's `leadmesh-remote` meta) that
 * dashboard's data, with the very bodies the screens send first, so the shared API client answers
 * those calls from these requests (`@leadmesh/api-client/early`).
 */
import {
  CSRF_TOKEN_KEY,
  type EarlyCall,
  type EarlyEnvelope,
  SESSION_CHECK,
  startEarlyCalls,
} from '@leadmesh/api-client/early';

import { CALL_CALLERS, callerOf, callRefusal, type SessionFlags } from '@leadmesh/schema/constants';

/** Whether the session the check answered may make this call (the API's own rule, decision 0046). */
const sessionAdmits = (path: string) => (first: EarlyEnvelope | null) =>
  first?.status === 'ok' &&
  callRefusal(CALL_CALLERS[path] ?? [], callerOf(first.data as SessionFlags)) === null;

/** A first call sent once the session check admits it. */
const admitted = (path: string, body: unknown): EarlyCall => ({ path, body, admits: sessionAdmits(path) });

/**
 * The calls a page's first screen makes, by address. `search`: the address's query; admin-leads
 * reads its filters from it (`?Status=3`), so its list is only started early without one.
 */
export function firstScreenCalls(pathname: string, withSession: boolean, search = ''): EarlyCall[] {
  const calls: EarlyCall[] = [SESSION_CHECK];
  if (!withSession) return calls;
  const path = pathname.replace(/\/+$/, '');
  // LeadDashboard's first load (no filters, the session's own dashboard).
  if (path === '/dashboard/publisher')
    calls.push(admitted('/leads/getLeadsForPublisherDashboard', { Filters: [] }));
  if (path === '/dashboard/advertiser')
    calls.push(admitted('/leads/getLeadsForAdvertiserDashboard', { Filters: [] }));
  // admin-leads' first page (mf-admin `listLoader`: offset 0, no filters), decision 0087.
  if (path === '/dashboard/admin-leads' && (search === '' || search === '?'))
    calls.push(admitted('/leads/getLeadsForAdmin', { paginationOffset: 0, Filters: [] }));
  return calls;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Starts them (when the page knows the API's address). With a session, a token this tab already
 * fetched is used at once: a reload or a return visit in the tab saves the `PUT /api/csrf` round
 * trip before the session check (issue 19). Without a session (a visitor, cleared cookies) the token
 * is fetched as before, so a token whose cookie is gone is never sent.
 */
export function startFirstScreenCalls(pathname: string, withSession: boolean, search = ''): void {
  const apiUrl = window.__LEADMESH_CONFIG__?.apiUrl;
  if (!apiUrl) return;
  const store = storage();
  const known = withSession ? (store?.getItem(CSRF_TOKEN_KEY) ?? null) : null;
  const early = startEarlyCalls(apiUrl, firstScreenCalls(pathname, withSession, search), undefined, known);
  void early.token.then((token) => {
    try {
      if (token) store?.setItem(CSRF_TOKEN_KEY, token);
      else store?.removeItem(CSRF_TOKEN_KEY);
    } catch {
      // A full or blocked storage only costs the round trip next time.
    }
  });
}
