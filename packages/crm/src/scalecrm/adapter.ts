import { bearer, type HttpCrmAdapter, objectOf, postJson, readAnswer, valuesOf } from '../kit/adapter.ts';

/**
 * Scale CRM: the lead is posted as JSON to the inbound URL with `Authorization: Bearer <API token>`
 * and `Idempotency-Key: leadmesh-<lead id>`; `external_id` is our lead id. The answer carries the
 * CRM's id (`{id}`, or `{lead_id}`); a repeat of the same idempotency key or external id answers
 * the lead already created (200, or 409 with its id), so an attempt after an unknown outcome is
 * simply sent again. Status changes come back signed with the postback secret (callback.ts).
 */
function idOf(json: unknown): string | null {
  const j = objectOf(json);
  if (!j) return null;
  const nested = objectOf(j.data) ?? {};
  const id = j.id ?? j.lead_id ?? nested.id ?? nested.lead_id;
  return typeof id === 'number' || (typeof id === 'string' && id.trim() !== '') ? String(id) : null;
}

export const scalecrmAdapter: HttpCrmAdapter = {
  kind: 'http',
  type: 'scalecrm',
  deliver(lead, data) {
    const order = {
      external_id: String(lead.id),
      name: lead.name,
      phone: lead.phone,
      country: lead.countryCode,
      city: lead.city,
      ip: lead.ip,
      domain: lead.domain,
      offer: { id: lead.offerId, name: lead.offerName, article: lead.articleId },
      product: lead.productName,
      quantity: lead.quantity,
      price: lead.price,
      currency: lead.currency,
      subs: lead.subs,
      created_at: lead.createdAt.toISOString(),
    };
    return postJson(data.inboundURL ?? '', order, {
      ...bearer(data.apiToken),
      'idempotency-key': `leadmesh-${lead.id}`,
    });
  },
  readDelivery: (response) => readAnswer(response, { id: idOf, conflictIsCopy: true }),
  secrets: (data) => valuesOf(data, 'apiToken', 'postbackSecret'),
};
