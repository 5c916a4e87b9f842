import {
  bearer,
  excerpt,
  type HttpCrmAdapter,
  idText,
  objectOf,
  postForm,
  readAnswer,
  valuesOf,
} from '../kit/adapter.ts';

/**
 * KMA: `POST <inbound URL>` (api.kma.biz/lead/add) with `Authorization: Bearer <token>` and a form of
 * channel (the flow's code: the offer's CRM article id), name, phone, ip, country, referer and
 * data1..data5 (data1 = our lead id, which its postback sends back). It answers
 * `{code: 0, message: "OK", order: "<id>"}`; a non-zero code (or no order) is a refusal of the
 * data. KMA has no lookup by our id, so an attempt after an unknown outcome is sent again (at least once).
 */
function orderOf(json: Record<string, unknown>): string | null {
  return Number(json.code ?? 0) === 0 ? idText(json.order ?? json.order_id ?? json.id) : null;
}

export const kmacrmAdapter: HttpCrmAdapter = {
  kind: 'http',
  type: 'kmacrm',
  deliver(lead, data) {
    const fields = {
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
    };
    return postForm(data.inboundURL ?? '', fields, bearer(data.outboundToken));
  },
  readDelivery: (response) =>
    readAnswer(response, {
      error(json) {
        const j = objectOf(json);
        if (!j || orderOf(j)) return null;
        return `KMA code ${String(j.code)}: ${excerpt(String(j.message ?? response.body))}`;
      },
      id: (json) => {
        const j = objectOf(json);
        return j ? orderOf(j) : null;
      },
    }),
  secrets: (data) => valuesOf(data, 'outboundToken'),
};
