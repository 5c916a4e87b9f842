import { leads } from '@leadmesh/schema/tables';
import { describe, expect, it } from 'vitest';
import { type CompleteInsert, rowInsert } from './row-insert.ts';

describe('rowInsert', () => {
  const insert = rowInsert(leads, ['ID']);

  it('names every column of the table but the ones left to the database, in one fixed text', () => {
    expect(insert.columns).not.toContain('id');
    expect(insert.columns).toContain('first_from_ip');
    expect(insert.columns).toContain('idempotency_key');
    expect(insert.sql.startsWith('insert into "leads" ("user_id", ')).toBe(true);
    expect(insert.sql.match(/\?/g)).toHaveLength(insert.columns.length);
  });

  it("maps each value through its column's driver form", () => {
    const at = new Date(1_700_000_000_000);
    const row: CompleteInsert<typeof leads, 'ID'> = {
      BoundUser: 1,
      BoundAdvertiser: 2,
      BoundOffer: 3,
      BoundTakenOffer: null,
      BoundClick: null,
      BoundCRM: null,
      OfferName: 'Offer',
      ProductName: 'Product',
      Status: -1,
      CRMType: null,
      CRMLeadID: null,
      LeadMoneyWithdrawn: false,
      PublisherPaid: true,
      AdvertiserPaid: false,
      LeadPrice: 1500,
      EarnedAmount: 1200,
      PlatformEarnedAmount: 300,
      PlatformTax: 20,
      ReferralAmount: 0,
      PurchaseDomain: null,
      PurchaseIP: '127.0.0.1',
      FirstFromIP: true,
      Phone: null,
      PurchaseIsPhone: false,
      PurchaseLeadType: 'CPA',
      City: null,
      CountryCode: 'RS',
      PurchaseDetails: { 'leadmesh-name': 'Ana' },
      BlockedReason: null,
      FriendlyName: null,
      IdempotencyKey: null,
      ConfirmCount: 0,
      PlatformPayoutID: null,
      createdAt: at,
      updatedAt: at,
    };
    const args = insert.args(row);
    const value = (column: string) => args[insert.columns.indexOf(column)];
    expect(args).toHaveLength(insert.columns.length);
    expect(value('publisher_paid')).toBe(1);
    expect(value('money_withdrawn')).toBe(0);
    expect(value('details')).toBe('{"leadmesh-name":"Ana"}');
    expect(value('created_at')).toBe(1_700_000_000_000);
    expect(value('crm_id')).toBeNull();
    expect(value('price_cents')).toBe(1500);
  });

  it('does not compile a row that leaves a column out', () => {
    // @ts-expect-error every column must be given (here only one is): a new column is a compile error
    const partial: CompleteInsert<typeof leads, 'ID'> = { BoundUser: 1 };
    expect(partial.BoundUser).toBe(1);
  });
});
