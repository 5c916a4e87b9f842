import { sealCrmData, secretBoxFromEnv } from '@leadmesh/core';
import type { CrmType } from '@leadmesh/schema';
import * as t from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { DAY, type SeedContext } from './context.ts';
import type { People } from './people.ts';

export interface Advertisers {
  advertisers: (typeof t.advertisers.$inferSelect)[];
  crms: (typeof t.crms.$inferSelect)[];
}

/** Two verified advertisers, each with two CRMs (one of every type). */
export async function seedAdvertisers(ctx: SeedContext, people: People): Promise<Advertisers> {
  const { db } = ctx.handle;
  const longAgo = new Date(ctx.now - (ctx.days + 30) * DAY);
  const advertisers = await db
    .insert(t.advertisers)
    .values([
      {
        UserID: people.advertiserUser.ID,
        CompanyName: 'Balkan Health d.o.o.',
        CompanyAddress: 'Knez Mihailova 10',
        CompanyCity: 'Belgrade',
        CompanyZipCode: 11000,
        TaxVatNumber: { Tax: '109876543', Vat: 'RS109876543' },
        isVerified: true,
        minBalance: 5000,
        createdAt: longAgo,
      },
      {
        UserID: people.advertiserUser2.ID,
        CompanyName: 'Voltix Trade Ltd',
        CompanyAddress: 'Ilica 22',
        CompanyCity: 'Zagreb',
        CompanyZipCode: 10000,
        TaxVatNumber: { Tax: '55443322', Vat: 'HR55443322' },
        isVerified: true,
        createdAt: longAgo,
      },
    ])
    .returning();
  for (const advertiser of advertisers) {
    await db.update(t.users).set({ AdvertiserID: advertiser.ID }).where(eq(t.users.ID, advertiser.UserID));
  }
  // CRM secrets are stored sealed, as the API stores them (core secrets.ts, key from the environment).
  const box = secretBoxFromEnv(process.env);
  const seal = (type: CrmType, data: Record<string, string>) =>
    sealCrmData(box, type, data) as Record<string, string>;
  const crms = await db
    .insert(t.crms)
    .values([
      {
        BoundAdvertiser: advertisers[0].ID,
        name: 'bitrix24',
        friendlyName: 'Main Bitrix24',
        data: seal('bitrix24', {
          inboundURL: 'https://balkanhealth.bitrix24.example/rest/1/abc/crm.lead.add',
          outboundToken: 'bx-outbound-token',
        }),
        callbackToken: 'demo-callback-bitrix',
      },
      {
        BoundAdvertiser: advertisers[0].ID,
        name: 'leadvertex',
        friendlyName: 'LeadVertex backup',
        data: seal('leadvertex', {
          inboundURL: 'https://balkanhealth.leadvertex.example/api/webmaster/v2',
          outboundToken: 'lv-token',
          webmasterID: '42',
        }),
        callbackToken: 'demo-callback-leadvertex',
      },
      {
        BoundAdvertiser: advertisers[1].ID,
        name: 'scalecrm',
        friendlyName: 'Scale CRM',
        data: seal('scalecrm', {
          inboundURL: 'https://voltix.scalecrm.example/api/leads',
          apiToken: 'scale-api-token',
          postbackSecret: 'scale-secret',
        }),
        callbackToken: 'demo-callback-scale',
      },
      {
        BoundAdvertiser: advertisers[1].ID,
        name: 'kmacrm',
        friendlyName: 'KMA',
        data: seal('kmacrm', {
          inboundURL: 'https://voltix.kma.example/api/lead',
          outboundToken: 'kma-token',
        }),
        callbackToken: 'demo-callback-kma',
      },
    ])
    .returning();
  return { advertisers, crms };
}
