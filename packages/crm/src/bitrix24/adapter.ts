import {
  type CrmRequest,
  type CrmResponse,
  excerpt,
  type HttpCrmAdapter,
  jsonOf,
  postJson,
  readAnswer,
} from '../kit/adapter.ts';
import type { CrmActivity } from '../kit/callback.ts';
import type { CrmDataRecord } from '../registry.ts';

/**
 * bitrix24 through the portal's inbound webhook (`https://<portal>/rest/<user>/<code>/`), REST
 * methods as `<method>.json` with a JSON body:
 * - crm.lead.add `{fields:{TITLE, NAME, PHONE:[{VALUE, VALUE_TYPE}], SOURCE_ID, SOURCE_DESCRIPTION,
 *   ORIGINATOR_ID, ORIGIN_ID, ...}, params:{REGISTER_SONET_EVENT}}` → `{result: <id>}`;
 * - crm.lead.list filtered by ORIGINATOR_ID/ORIGIN_ID (our id) finds a lead already added;
 * - crm.lead.get `{id}` → `{result:{STATUS_ID, STATUS_SEMANTIC_ID, ORIGIN_ID, DATE_MODIFY}}`;
 * - crm.activity.list of the lead (OWNER_TYPE_ID 1) gives the agents' calls (TYPE_ID 2) and other activities.
 * Errors come as `{error, error_description}`: 401 INVALID_CREDENTIALS, 400 invalid fields, 503
 * QUERY_LIMIT_EXCEEDED when the portal's rate limit is hit.
 */
export const ORIGINATOR = 'leadmesh';

/** The webhook base of a stored inbound URL (the form may hold it with a method name at the end). */
export function webhookBase(inboundURL: string): string {
  const url = new URL(inboundURL);
  url.search = '';
  url.hash = '';
  url.pathname = url.pathname.replace(/\/?(crm\.[a-z0-9_.]+?)(\.json|\.xml)?\/?$/i, '').replace(/\/*$/, '/');
  return url.toString();
}

/** The secret code of a webhook URL (`/rest/<user>/<code>/`). */
function webhookCode(inboundURL: string | undefined): string | null {
  if (!inboundURL) return null;
  try {
    const parts = new URL(inboundURL).pathname.split('/');
    const rest = parts.indexOf('rest');
    return rest >= 0 ? (parts[rest + 2] ?? null) : null;
  } catch {
    return null;
  }
}

const call = (data: CrmDataRecord, method: string, body: unknown): CrmRequest =>
  postJson(`${webhookBase(data.inboundURL ?? '')}${method}.json`, body);

function errorOf(json: unknown): string | null {
  if (json && typeof json === 'object' && 'error' in json) {
    const e = json as { error: unknown; error_description?: unknown };
    return `${String(e.error)}${e.error_description ? `: ${String(e.error_description)}` : ''}`;
  }
  return null;
}

const seconds = (from: unknown, to: unknown): number | null => {
  const a = Date.parse(String(from ?? ''));
  const b = Date.parse(String(to ?? ''));
  return Number.isFinite(a) && Number.isFinite(b) && b >= a ? Math.round((b - a) / 1000) : null;
};

function activitiesOf(response: CrmResponse | undefined): CrmActivity[] {
  if (response?.status !== 200) return [];
  const result = (jsonOf(response.body) as { result?: unknown } | null)?.result;
  if (!Array.isArray(result)) return [];
  return result.slice(0, 200).flatMap((item): CrmActivity[] => {
    if (!item || typeof item !== 'object') return [];
    const a = item as Record<string, unknown>;
    const at = Date.parse(String(a.START_TIME ?? a.CREATED ?? ''));
    const call = String(a.TYPE_ID) === '2';
    const text = String(a.DESCRIPTION ?? '').trim() || String(a.SUBJECT ?? '').trim();
    return [
      {
        AgentID: a.RESPONSIBLE_ID == null ? null : String(a.RESPONSIBLE_ID),
        Type: call ? 'call' : 'comment',
        audioDuration: call ? seconds(a.START_TIME, a.END_TIME) : null,
        Comment: text ? text.slice(0, 2000) : null,
        occurredAt: new Date(Number.isFinite(at) ? at : Date.now()),
      },
    ];
  });
}

export const bitrix24Adapter: HttpCrmAdapter = {
  kind: 'http',
  type: 'bitrix24',
  deliver(lead, data) {
    const fields: Record<string, unknown> = {
      TITLE: `${lead.productName} - ${lead.name}`.slice(0, 255),
      NAME: lead.name,
      PHONE: [{ VALUE: lead.phone, VALUE_TYPE: 'WORK' }],
      SOURCE_ID: 'PARTNER',
      SOURCE_DESCRIPTION: `Leadmesh lead ${lead.id}, offer "${lead.offerName}"${lead.domain ? ` from ${lead.domain}` : ''}`,
      // The external system and our id: crm.lead.list finds the lead by them after an unknown outcome.
      ORIGINATOR_ID: ORIGINATOR,
      ORIGIN_ID: String(lead.id),
      STATUS_ID: 'NEW',
      OPENED: 'Y',
      ADDRESS_CITY: lead.city ?? undefined,
      ADDRESS_COUNTRY_CODE: lead.countryCode ?? undefined,
      UTM_SOURCE: 'leadmesh',
      UTM_CONTENT: lead.subs.c1 ?? undefined,
      COMMENTS: `Product: ${lead.productName} × ${lead.quantity}${lead.ip ? `; IP ${lead.ip}` : ''}`,
    };
    if (lead.price !== null) {
      fields.OPPORTUNITY = Math.round(lead.price * lead.quantity * 100) / 100;
      if (lead.currency) fields.CURRENCY_ID = lead.currency;
    }
    return call(data, 'crm.lead.add', { fields, params: { REGISTER_SONET_EVENT: 'Y' } });
  },
  readDelivery: (response) =>
    readAnswer(response, {
      error: errorOf,
      retryable: (error) => error.startsWith('QUERY_LIMIT_EXCEEDED'),
      id(json) {
        const result = (json as { result?: unknown } | null)?.result;
        return typeof result === 'number' || (typeof result === 'string' && /^\d+$/.test(result))
          ? String(result)
          : null;
      },
    }),
  find: {
    request: (lead, data) =>
      call(data, 'crm.lead.list', {
        filter: { ORIGINATOR_ID: ORIGINATOR, ORIGIN_ID: String(lead.id) },
        select: ['ID'],
      }),
    read(response) {
      const json = jsonOf(response.body);
      if (response.status !== 200)
        return { error: `HTTP ${response.status}: ${errorOf(json) ?? excerpt(response.body)}` };
      const result = (json as { result?: unknown } | null)?.result;
      if (!Array.isArray(result)) return { error: `Unreadable answer: ${excerpt(response.body)}` };
      const first = result[0] as { ID?: unknown } | undefined;
      return { found: first?.ID != null ? String(first.ID) : null };
    },
  },
  fetch: {
    requests: (crmLeadId, data) => ({
      lead: call(data, 'crm.lead.get', { id: crmLeadId }),
      activities: call(data, 'crm.activity.list', {
        filter: { OWNER_TYPE_ID: 1, OWNER_ID: crmLeadId },
        select: [
          'ID',
          'TYPE_ID',
          'START_TIME',
          'END_TIME',
          'RESPONSIBLE_ID',
          'SUBJECT',
          'DESCRIPTION',
          'CREATED',
        ],
      }),
    }),
    read(lead, activities) {
      const json = jsonOf(lead.body);
      if (lead.status !== 200)
        return { error: `HTTP ${lead.status}: ${errorOf(json) ?? excerpt(lead.body)}` };
      const result = (json as { result?: Record<string, unknown> } | null)?.result;
      if (!result || typeof result !== 'object' || result.STATUS_ID == null) {
        return { error: `Unreadable answer: ${excerpt(lead.body)}` };
      }
      const origin = String(result.ORIGIN_ID ?? '');
      return {
        crmLeadId: String(result.ID),
        leadId:
          String(result.ORIGINATOR_ID ?? '') === ORIGINATOR && /^\d+$/.test(origin) ? Number(origin) : null,
        status: String(result.STATUS_ID),
        semantic: result.STATUS_SEMANTIC_ID == null ? null : String(result.STATUS_SEMANTIC_ID),
        version: String(result.DATE_MODIFY ?? ''),
        activities: activitiesOf(activities),
      };
    },
  },
  secrets: (data) => [data.outboundToken, webhookCode(data.inboundURL)].filter((s): s is string => !!s),
};
