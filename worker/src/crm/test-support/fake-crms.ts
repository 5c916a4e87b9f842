import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { CrmType } from '@leadmesh/schema';

/** The CRM types reached over HTTP, which these fakes speak (the sandbox runs in the worker). */
export type FakeCrmType = Exclude<CrmType, 'sandbox'>;

/**
 * Fake CRMs for tests and the bench: one real HTTP server on 127.0.0.1 speaking the four CRM APIs
 * the adapters call (paths below), keeping the leads each one created. Each type can be told to
 * misbehave for its next requests: answer an error status (with Retry-After), store the lead and
 * then answer 500 (an unknown outcome), or hang until the client gives up.
 */

export const BITRIX_CODE = 'k3yW3bh00kC0de9x';
export const TOKENS = {
  bitrix24: 'bx-application-token-0001',
  leadvertex: 'lv-api-token-000000001',
  scalecrm: 'scale-api-token-0000001',
  kmacrm: 'kma-bearer-token-000001',
} as const;

export interface FakeLead {
  type: FakeCrmType;
  crmLeadId: string;
  /** Our lead id as the CRM keeps it (ORIGIN_ID, externalID, external_id, data1). */
  externalId: string;
  fields: Record<string, unknown>;
  status: string;
}

export type Misbehaviour =
  | { kind: 'status'; status: number; retryAfter?: string; body?: string }
  /** Stores the lead, then answers 500: the client cannot know it arrived. */
  | { kind: 'storeThenFail' }
  /** Never answers (the client's time budget ends the call). */
  | { kind: 'hang' };

export interface FakeCrms {
  origin: string;
  /** Inbound URLs as an advertiser would save them. */
  urls: Record<FakeCrmType, string>;
  leads: FakeLead[];
  /** Requests per type and path, in order. */
  requests: {
    type: FakeCrmType;
    path: string;
    method: string;
    headers: http.IncomingHttpHeaders;
    body: string;
  }[];
  /** The next `count` lead-creating requests of `type` misbehave. */
  misbehave(type: FakeCrmType, count: number, how: Misbehaviour): void;
  /** Sets a bitrix24 lead's stage (read by crm.lead.get) and adds a call to its activities. */
  setBitrixStatus(crmLeadId: string, status: string, semantic?: string): void;
  addBitrixCall(crmLeadId: string, call: { agent: string; start: string; end: string; text: string }): void;
  /** How many leads each of our lead ids produced, per type. */
  copies(type?: FakeCrmType): Map<string, number>;
  /** Delay every answer by this many ms (slow CRM). */
  latencyMs: number;
  close(): Promise<void>;
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function formFields(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

export async function startFakeCrms(): Promise<FakeCrms> {
  const leads: FakeLead[] = [];
  const byExternal = new Map<string, FakeLead>();
  const byCrmId = new Map<string, FakeLead>();
  const requests: FakeCrms['requests'] = [];
  const queued: Record<FakeCrmType, Misbehaviour[]> = {
    bitrix24: [],
    leadvertex: [],
    scalecrm: [],
    kmacrm: [],
  };
  const activities = new Map<string, Record<string, unknown>[]>();
  const counters: Record<FakeCrmType, number> = {
    bitrix24: 1000,
    leadvertex: 5000,
    scalecrm: 9000,
    kmacrm: 0,
  };
  const sockets = new Set<Socket>();
  const hanging = new Set<http.ServerResponse>();

  const store = (type: FakeCrmType, externalId: string, fields: Record<string, unknown>): FakeLead => {
    counters[type]++;
    const crmLeadId = type === 'kmacrm' ? `kma${counters[type].toString(36)}` : String(counters[type]);
    const lead: FakeLead = { type, crmLeadId, externalId, fields, status: 'NEW' };
    leads.push(lead);
    byExternal.set(`${type}:${externalId}`, lead);
    byCrmId.set(`${type}:${crmLeadId}`, lead);
    return lead;
  };

  /** Runs the next misbehaviour of a creating request; true when it answered. */
  const misbehaved = (type: FakeCrmType, res: http.ServerResponse, storeIt: () => void): boolean => {
    const how = queued[type].shift();
    if (!how) return false;
    if (how.kind === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return true;
    }
    if (how.kind === 'storeThenFail') {
      storeIt();
      json(res, 500, { error: 'INTERNAL', error_description: 'stored, then failed' });
      return true;
    }
    res.writeHead(how.status, {
      'content-type': 'application/json',
      ...(how.retryAfter ? { 'retry-after': how.retryAfter } : {}),
    });
    res.end(how.body ?? JSON.stringify({ error: `HTTP_${how.status}` }));
    return true;
  };

  function bitrix(path: string, body: string, res: http.ServerResponse) {
    const match = /^\/rest\/1\/([^/]+)\/([a-z.]+)\.json$/.exec(path);
    if (!match || match[1] !== BITRIX_CODE)
      return json(res, 401, {
        error: 'INVALID_CREDENTIALS',
        error_description: 'Invalid request credentials',
      });
    const request = JSON.parse(body || '{}') as {
      id?: string | number;
      fields?: Record<string, unknown>;
      filter?: Record<string, unknown>;
    };
    switch (match[2]) {
      case 'crm.lead.add': {
        const fields: Record<string, unknown> = request.fields ?? {};
        const make = () => store('bitrix24', String(fields.ORIGIN_ID ?? ''), fields);
        if (misbehaved('bitrix24', res, make)) return;
        if (!fields.TITLE || !Array.isArray(fields.PHONE))
          return json(res, 400, { error: 'ERROR_CORE', error_description: 'TITLE and PHONE required' });
        return json(res, 200, { result: Number(make().crmLeadId), time: { start: 0 } });
      }
      case 'crm.lead.list': {
        const f = request.filter ?? {};
        const found = leads.filter(
          (l) =>
            l.type === 'bitrix24' &&
            l.fields.ORIGINATOR_ID === f.ORIGINATOR_ID &&
            String(l.fields.ORIGIN_ID) === String(f.ORIGIN_ID),
        );
        return json(res, 200, { result: found.map((l) => ({ ID: l.crmLeadId })), total: found.length });
      }
      case 'crm.lead.get': {
        const lead = byCrmId.get(`bitrix24:${request.id}`);
        if (!lead) return json(res, 400, { error: 'NOT_FOUND', error_description: 'Not found' });
        return json(res, 200, {
          result: {
            ID: lead.crmLeadId,
            STATUS_ID: lead.status,
            STATUS_SEMANTIC_ID:
              lead.fields.semantic ??
              (lead.status === 'CONVERTED' ? 'S' : lead.status === 'JUNK' ? 'F' : 'P'),
            ORIGINATOR_ID: lead.fields.ORIGINATOR_ID,
            ORIGIN_ID: lead.fields.ORIGIN_ID,
            DATE_MODIFY: lead.fields.modified ?? '2026-01-01T10:00:00+00:00',
          },
        });
      }
      case 'crm.activity.list':
        return json(res, 200, { result: activities.get(String(request.filter?.OWNER_ID)) ?? [] });
      default:
        return json(res, 400, { error: 'ERROR_METHOD_NOT_FOUND' });
    }
  }

  function leadvertex(url: URL, body: string, res: http.ServerResponse) {
    if (url.searchParams.get('token') !== TOKENS.leadvertex)
      return json(res, 401, { error: 'Invalid token' });
    if (!url.pathname.endsWith('/addOrder.html')) return json(res, 404, { error: 'Unknown method' });
    const fields = formFields(body);
    const make = () => store('leadvertex', fields.externalID ?? '', fields);
    if (misbehaved('leadvertex', res, make)) return;
    if (!fields.phone) return json(res, 400, { phone: 'Phone required' });
    return json(res, 200, { OK: Number(make().crmLeadId) });
  }

  function scalecrm(headers: http.IncomingHttpHeaders, body: string, res: http.ServerResponse) {
    if (headers.authorization !== `Bearer ${TOKENS.scalecrm}`)
      return json(res, 401, { message: 'Unauthenticated' });
    const fields = JSON.parse(body || '{}') as Record<string, unknown>;
    const externalId = String(fields.external_id ?? '');
    const make = () => store('scalecrm', externalId, fields);
    if (misbehaved('scalecrm', res, make)) return;
    // Idempotent by external id: a repeat answers the lead already created.
    const existing = byExternal.get(`scalecrm:${externalId}`);
    if (existing) return json(res, 200, { id: existing.crmLeadId, duplicate: true });
    return json(res, 201, { id: make().crmLeadId });
  }

  function kmacrm(headers: http.IncomingHttpHeaders, body: string, res: http.ServerResponse) {
    if (headers.authorization !== `Bearer ${TOKENS.kmacrm}`)
      return json(res, 401, { code: 401, message: 'Unauthorized' });
    const fields = formFields(body);
    const make = () => store('kmacrm', fields.data1 ?? '', fields);
    if (misbehaved('kmacrm', res, make)) return;
    if (!fields.channel) return json(res, 200, { code: 3, message: 'channel is required' });
    return json(res, 200, { code: 0, message: 'OK', order: make().crmLeadId });
  }

  const fake = { latencyMs: 0 } as FakeCrms;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const type: FakeCrmType | null = url.pathname.startsWith('/rest/')
        ? 'bitrix24'
        : url.pathname.startsWith('/lv/')
          ? 'leadvertex'
          : url.pathname.startsWith('/scale/')
            ? 'scalecrm'
            : url.pathname.startsWith('/kma/')
              ? 'kmacrm'
              : null;
      if (type)
        requests.push({
          type,
          path: url.pathname + url.search,
          method: req.method ?? '',
          headers: req.headers,
          body,
        });
      const answer = () => {
        try {
          if (type === 'bitrix24') return bitrix(url.pathname, body, res);
          if (type === 'leadvertex') return leadvertex(url, body, res);
          if (type === 'scalecrm') return scalecrm(req.headers, body, res);
          if (type === 'kmacrm') return kmacrm(req.headers, body, res);
          return json(res, 404, { error: 'no such CRM' });
        } catch (error) {
          return json(res, 500, { error: String(error) });
        }
      };
      if (fake.latencyMs > 0) setTimeout(answer, fake.latencyMs);
      else answer();
    });
  });
  server.keepAliveTimeout = 1000;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return Object.assign(fake, {
    origin,
    urls: {
      bitrix24: `${origin}/rest/1/${BITRIX_CODE}/`,
      leadvertex: `${origin}/lv/api/webmaster/v2`,
      scalecrm: `${origin}/scale/api/leads`,
      kmacrm: `${origin}/kma/lead/add`,
    },
    leads,
    requests,
    misbehave(type: FakeCrmType, count: number, how: Misbehaviour) {
      for (let i = 0; i < count; i++) queued[type].push(how);
    },
    setBitrixStatus(crmLeadId: string, status: string, semantic?: string) {
      const lead = byCrmId.get(`bitrix24:${crmLeadId}`);
      if (!lead) throw new Error(`no bitrix lead ${crmLeadId}`);
      lead.status = status;
      lead.fields = { ...lead.fields, modified: new Date().toISOString(), ...(semantic ? { semantic } : {}) };
    },
    addBitrixCall(crmLeadId: string, call: { agent: string; start: string; end: string; text: string }) {
      const list = activities.get(crmLeadId) ?? [];
      list.push({
        ID: String(list.length + 1),
        TYPE_ID: '2',
        START_TIME: call.start,
        END_TIME: call.end,
        RESPONSIBLE_ID: call.agent,
        SUBJECT: 'Call',
        DESCRIPTION: call.text,
      });
      activities.set(crmLeadId, list);
    },
    copies(type?: FakeCrmType) {
      const counts = new Map<string, number>();
      for (const lead of leads) {
        if (type && lead.type !== type) continue;
        counts.set(lead.externalId, (counts.get(lead.externalId) ?? 0) + 1);
      }
      return counts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}
