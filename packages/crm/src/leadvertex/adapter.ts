import { type HttpCrmAdapter, idText, objectOf, postForm, readAnswer, valuesOf } from '../kit/adapter.ts';
import type { CrmDataRecord } from '../registry.ts';

/**
 * LeadVertex webmaster API v2: `POST <shop>/api/webmaster/v2/addOrder.html?webmasterID=&token=`,
 * a form with fio, phone, country, ip, domain, externalID (our lead id) and the goods
 * (`goods[0][goodID]` = the offer's CRM article id, quantity, price for that quantity). It answers
 * JSON with the new order's id (`{"OK": 123}`; `id`/`orderID` are read too). It has no lookup by
 * external id for webmasters, so an attempt after an unknown outcome is sent again (at least
 * once; LeadVertex marks the repeat as a double of the same externalID and phone).
 */
function endpoint(inboundURL: string, method: string, data: CrmDataRecord) {
  const url = new URL(inboundURL);
  url.pathname = `${url.pathname.replace(/\/[a-zA-Z]+\.html$/, '').replace(/\/+$/, '')}/${method}.html`;
  if (data.webmasterID) url.searchParams.set('webmasterID', data.webmasterID);
  url.searchParams.set('token', data.outboundToken ?? '');
  return url.toString();
}

export const leadvertexAdapter: HttpCrmAdapter = {
  kind: 'http',
  type: 'leadvertex',
  deliver(lead, data) {
    const good =
      lead.articleId !== null
        ? {
            goodID: lead.articleId,
            quantity: lead.quantity,
            price: lead.price === null ? undefined : Math.round(lead.price * lead.quantity * 100) / 100,
          }
        : undefined;
    return postForm(endpoint(data.inboundURL ?? '', 'addOrder', data), {
      fio: lead.name,
      phone: lead.phone,
      country: lead.countryCode,
      city: lead.city,
      ip: lead.ip,
      domain: lead.domain,
      externalID: lead.id,
      quantity: lead.quantity,
      goods: good ? [good] : undefined,
      utm_source: 'leadmesh',
      utm_content: lead.subs.c1,
    });
  },
  readDelivery: (response) =>
    readAnswer(response, {
      error(json) {
        const error = objectOf(json)?.error ?? objectOf(json)?.errors;
        return error ? JSON.stringify(error) : null;
      },
      id(json) {
        const j = objectOf(json);
        return idText(j?.OK ?? j?.ok ?? j?.id ?? j?.orderID);
      },
    }),
  secrets: (data) => valuesOf(data, 'outboundToken'),
};
