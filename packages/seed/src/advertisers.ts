import { sealCrmData, secretBoxFromEnv } from '@leadmesh/core';
import * as t from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { DAY, type SeedContext } from './context.ts';
import type { People } from './people.ts';

export interface Advertisers {
  advertisers: (typeof t.advertisers.$inferSelect)[];
  crms: (typeof t.crms.$inferSelect)[];
}

/** Two verified advertisers with Sandbox CRMs (the first advertiser two, with other settings). */
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
  // The demo CRMs are Sandbox CRMs (decision 0040): the worker decides their leads itself, so the
  // demo world needs no outside CRM and no lead of it waits on a host that cannot answer.
  const sandbox = (delaySeconds: number, confirm: number, reject: number, bad: number) =>
    sealCrmData(secretBoxFromEnv(process.env), 'sandbox', {
      delaySeconds: String(delaySeconds),
      confirmPercent: String(confirm),
      rejectPercent: String(reject),
      badPercent: String(bad),
    }) as Record<string, string>;
  const crms = await db
    .insert(t.crms)
    .values([
      {
        BoundAdvertiser: advertisers[0].ID,
        name: 'sandbox',
        friendlyName: 'Sandbox: call centre',
        data: sandbox(30, 65, 25, 10),
        callbackToken: 'demo-callback-sandbox-balkan',
      },
      {
        BoundAdvertiser: advertisers[0].ID,
        name: 'sandbox',
        friendlyName: 'Sandbox: strict checks',
        data: sandbox(120, 40, 40, 20),
        callbackToken: 'demo-callback-sandbox-strict',
      },
      {
        BoundAdvertiser: advertisers[1].ID,
        name: 'sandbox',
        friendlyName: 'Sandbox: Voltix sales',
        data: sandbox(45, 55, 35, 10),
        callbackToken: 'demo-callback-sandbox-voltix',
      },
    ])
    .returning();
  return { advertisers, crms };
}
