import { randomBytes } from 'node:crypto';
import { apiTokenColumns, secretBoxFromEnv } from '@leadmesh/core';
import * as t from '@leadmesh/schema/tables';
import type { SeedContext } from './context.ts';
import { DEMO_API_TOKEN, LOG_SAMPLES } from './demo-data.ts';
import type { Offers } from './offers.ts';
import type { People } from './people.ts';

/**
 * The postbacks of the demo world and the server-to-server API token. Every postback points at its
 * owner's postback inspector on the sites server (decision 0041), never at an outside host: the
 * demo world's postbacks arrive, signed, where their owners can see them.
 */
export async function seedIntegrations(ctx: SeedContext, people: People): Promise<void> {
  const { db } = ctx.handle;
  const owners = [people.publisher, people.publisher2, people.advertiserUser];
  const tokens = await db
    .insert(t.postbackInspectors)
    .values(owners.map((u) => ({ UserID: u.ID, Token: randomBytes(24).toString('base64url') })))
    .returning();
  const inspector = (userId: number) =>
    `${ctx.sitesPublicUrl}/pb/${tokens.find((row) => row.UserID === userId)?.Token}`;
  await db.insert(t.postbacks).values([
    {
      BoundUser: people.publisher.ID,
      postbackName: 'Tracker: approved leads',
      postbackURL: `${inspector(people.publisher.ID)}/approved?subid={leadmesh-c1}&status={lead_status}&payout={lead_price}`,
      postbackTrigger: 'OnApproved',
    },
    {
      BoundUser: people.publisher.ID,
      postbackName: 'Tracker: new leads',
      postbackURL: `${inspector(people.publisher.ID)}/new?lead={lead_id}&offer={offer_id}&status={lead_status}`,
      postbackTrigger: 'OnCreate',
    },
    {
      BoundUser: people.publisher2.ID,
      postbackName: 'Declined leads',
      postbackURL: `${inspector(people.publisher2.ID)}?lead={lead_id}&status={lead_status}`,
      postbackTrigger: 'OnDeclined',
    },
    {
      BoundUser: people.advertiserUser.ID,
      postbackName: 'Our ERP: decided leads (JSON)',
      postbackURL: `${inspector(people.advertiserUser.ID)}/erp`,
      postbackTrigger: 'OnApprovedAdvertiser',
      postbackDelivery: 'post-json',
    },
  ]);
  await db.insert(t.apiTokens).values({
    Name: 'Petar server-to-server',
    UserID: people.publisher.ID,
    // Sealed and hashed as the API stores tokens; the demo value is in DEMO_API_TOKEN.
    ...apiTokenColumns(secretBoxFromEnv(process.env), DEMO_API_TOKEN),
    Flags: { canSendLeads: true, canReadLeads: true },
  });
}

/** A few days of system log lines at every level, some with a debug dump. */
export async function seedLogs(ctx: SeedContext, catalogue: Offers): Promise<void> {
  const rows = Array.from({ length: 60 }, (_, n) => {
    const sample = LOG_SAMPLES[n % LOG_SAMPLES.length];
    const text = sample.text
      .replace('{offer}', String(catalogue.offers[n % catalogue.offers.length].ID))
      .replace('{user}', 'publisher')
      .replace('{lead}', String(n + 1))
      .replace('{ms}', String(800 + n * 10))
      .replace('{n}', String(n));
    return {
      LogLevel: sample.level,
      Context: sample.context,
      Log: text,
      Dump:
        sample.level >= 2
          ? JSON.stringify(
              { request: { lead: n + 1 }, response: { status: 500, body: 'Internal Server Error' } },
              null,
              2,
            )
          : null,
      createdAt: new Date(ctx.now - (60 - n) * 3600_000),
    };
  });
  await ctx.handle.db.insert(t.logs).values(rows);
}
