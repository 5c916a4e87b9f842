import { type StaffEndpointRow, staffEndpointView } from '@leadmesh/core';
import { CRM_TYPES, type CrmType } from '@leadmesh/crm';
import { crmAdapter } from '@leadmesh/crm/server';
import type { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { AppDeps, AppEnv } from '../../context.ts';
import { endpointLanes } from '../../lib/endpoint-lanes.ts';

/**
 * Bull Board lists queues, not endpoints: a delivery parked in its endpoint's lane (decision 0035)
 * is in no queue. This read-only page beside it lists every endpoint with something waiting, a
 * failing lane or a disabled mark: breaker, failing since, last error, next try, slots in flight,
 * parked (Redis) and waiting (database). Mounted under the dashboard's path, behind its guard.
 */
export const ENDPOINTS_VIEW_SEGMENT = 'endpoints';

const isInProcessCrm = (type: string) =>
  (CRM_TYPES as readonly string[]).includes(type) && crmAdapter(type as CrmType).kind === 'in-process';

const when = (ms: number | null | undefined) =>
  ms == null ? '' : `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

function stateText(r: StaffEndpointRow): string {
  if (!r.laned) return 'no lane (in-process)';
  if (!r.lane) return 'unknown (Redis late)';
  if (r.lane.failingSince != null && r.lane.state === 'closed') return 'closed, failing';
  return r.lane.state;
}

const PAGE_STYLE = `body{font:14px system-ui,sans-serif;margin:16px;color:#1f2328}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #d0d7de;padding:4px 6px;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.num{text-align:right;font-variant-numeric:tabular-nums}
tr.open td{background:#ffebe9}tr.failing td{background:#fff8c5}td.err{max-width:28em;overflow-wrap:anywhere}`;

function page(base: string, view: Awaited<ReturnType<typeof staffEndpointView>>) {
  const rows = view.endpoints.map((r) => {
    const css = r.lane?.state === 'open' ? 'open' : r.lane?.failingSince != null ? 'failing' : '';
    return html`<tr class="${css}" data-endpoint="${r.endpoint}">
<td>${r.kind}</td><td>${r.label}</td><td>${stateText(r)}</td>
<td>${when(r.lane?.failingSince)}</td><td class="err">${r.lane?.failingSince != null ? (r.lane.lastError ?? '') : ''}</td>
<td>${when(r.lane?.nextTryAt)}</td><td class="num">${r.lane ? r.lane.inFlight : ''}</td>
<td class="num">${r.lane ? r.lane.waiting : ''}</td><td class="num">${r.waitingInDatabase}</td>
<td class="num">${r.disabledRows} of ${r.rows}</td></tr>`;
  });
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta http-equiv="refresh" content="10"><title>Leadmesh endpoints</title><style>${raw(PAGE_STYLE)}</style></head>
<body><h1>Endpoints</h1>
<p><a href="${base}">← Queues (Bull Board)</a> · <a href="${base}/${ENDPOINTS_VIEW_SEGMENT}.json">JSON</a> ·
read at ${when(Date.parse(view.at))}, refreshed every 10 s${view.lanesRead ? '' : ' · Redis did not answer in time: lane columns are empty'}</p>
<p>Deliveries parked in a lane are in no queue: they wait here for a slot (at most a few in flight per endpoint) or for the breaker's probe (decisions 0035, 0037).</p>
${
  view.endpoints.length === 0
    ? html`<p data-testid="no-endpoints">No endpoint is failing, disabled or has deliveries waiting.</p>`
    : html`<table><thead><tr><th>kind</th><th>endpoint</th><th>breaker</th><th>failing since</th><th>last error</th>
<th>next try</th><th>in flight</th><th>parked</th><th>waiting (database)</th><th>disabled</th></tr></thead>
<tbody>${rows}</tbody></table>`
}
</body></html>`;
}

/** `GET <base>/endpoints` (the page) and `<base>/endpoints.json`; the caller puts its guard in front. */
export function mountEndpointsView(app: Hono<AppEnv>, base: string, deps: AppDeps): void {
  const read = () => staffEndpointView(deps.db, endpointLanes(deps), deps.now(), { isInProcessCrm });
  app.get(`${base}/${ENDPOINTS_VIEW_SEGMENT}.json`, async (c) =>
    c.json({ status: 'ok', data: await read() }),
  );
  app.get(`${base}/${ENDPOINTS_VIEW_SEGMENT}`, async (c) => c.html(page(base, await read())));
}
