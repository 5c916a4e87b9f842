import type { GuardedResponse } from '@leadmesh/net';
import {
  type CrmAdapter,
  classifyStatus,
  type DeliveryAnswer,
  excerpt,
  formEncode,
  jsonOf,
} from '../types.ts';

/**
 * KMA: `POST <inbound URL>` (api.kma.biz/lead/add) with `Authorization: Bearer <token>` and a form of
 * channel (the flow's code: the offer's CRM article id), name, phone, ip, country, referer and
 * data1..data5 (data1 = our lead id, which its postback sends back). It answers
 * `{code: 0, message: "OK", order: "<id>"}`; a non-zero code is a refusal of the data. KMA has no
 * lookup by our id, so an attempt after an unknown outcome is sent again (at least once).
 */
function readDelivery(response: GuardedResponse): DeliveryAnswer {
  const json = jsonOf(response.body) as Record<string, unknown> | null;
  const generic = classifyStatus(response, excerpt(response.body));
  if (generic) return generic;
  if (!json || typeof json !== 'object') {
    return { kind: 'retry', error: `Unreadable answer: ${excerpt(response.body)}`, ambiguous: true };
  }
  const order = json.order ?? json.order_id ?? json.id;
  if (
    Number(json.code ?? 0) === 0 &&
    (typeof order === 'string' || typeof order === 'number') &&
    String(order) !== ''
  ) {
    return { kind: 'delivered', crmLeadId: String(order) };
  }
  return {
    kind: 'permanent',
    error: `KMA code ${String(json.code)}: ${excerpt(String(json.message ?? response.body))}`,
  };
}

export const kmacrm: CrmAdapter = {
  type: 'kmacrm',
  deliver(lead, data) {
    return {
      method: 'POST',
      url: data.inboundURL ?? '',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        authorization: `Bearer ${data.outboundToken ?? ''}`,
      },
      body: formEncode({
        channel: lead.articleId,
        name: lead.name,
        phone: lead.phone,
        ip: lead.ip,
        country: lead.countryCode,
        referer: lead.domain
          ? /^https?:\/\//.test(lead.domain)
            ? lead.domain
            : `http://${lead.domain}`
          : undefined,
        data1: lead.id,
        data2: lead.subs.c1,
        data3: lead.subs.c2,
        data4: lead.subs.c3,
        data5: lead.subs.uid,
      }),
    };
  },
  readDelivery,
  secrets: (data) => [data.outboundToken].filter((s): s is string => !!s),
};
