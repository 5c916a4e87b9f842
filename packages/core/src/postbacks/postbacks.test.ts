import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMigrations, createDb, type Db, type DbHandle } from '@leadmesh/db';
import { runUnitOfWork } from '@leadmesh/jobs';
import { fillUrlTemplate, listPlaceholders } from '@leadmesh/net';
import {
  POSTBACK_PLACEHOLDERS,
  POSTBACK_TRIGGERS,
  type PostbackTrigger,
  PRODUCT_KEY,
} from '@leadmesh/schema';
import { postbackDeliveries, signingSecrets } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLeadStatus } from '../leads/status.ts';
import {
  type LeadEvent,
  leadMacros,
  POSTBACK_MACRO_NAMES,
  postbackEventOf,
  queueLeadPostbacks,
  queueTestPostback,
  testMacros,
  triggersFor,
} from './queue.ts';
import { createSecretBox, MissingDataKey, secretBoxFromEnv } from './secret-box.ts';
import {
  ROTATION_OVERLAP_MS,
  rotateSigningSecret,
  signingSecretInfo,
  signingSecretsFor,
} from './signing-secrets.ts';
import { captureJobs, makeAdvertiserWithOffer, makeLead, makePostback, makeUser } from './test-support.ts';

let handle: DbHandle;
let db: Db;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'leadmesh-postbacks-'));
  handle = await createDb({ url: `file:${join(dir, 'pb.db')}` });
  await applyMigrations(handle.db);
  db = handle.db;
});
afterAll(() => {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('triggersFor', () => {
  const table: [LeadEvent, 'Publisher' | 'Advertiser', PostbackTrigger[]][] = [
    ['created', 'Publisher', ['Any', 'AnyPublisher', 'OnCreate', 'OnCreatePublisher']],
    ['created', 'Advertiser', ['Any', 'AnyAdvertiser', 'OnCreate', 'OnCreateAdvertiser']],
    ['approved', 'Publisher', ['Any', 'AnyPublisher', 'OnApproved', 'OnApprovedPublisher']],
    ['approved', 'Advertiser', ['Any', 'AnyAdvertiser', 'OnApproved', 'OnApprovedAdvertiser']],
    ['declined', 'Publisher', ['Any', 'AnyPublisher', 'OnDeclined', 'OnDeclinedPublisher']],
    ['declined', 'Advertiser', ['Any', 'AnyAdvertiser', 'OnDeclined', 'OnDeclinedAdvertiser']],
    ['changed', 'Publisher', ['Any', 'AnyPublisher']],
    ['changed', 'Advertiser', ['Any', 'AnyAdvertiser']],
  ];
  it.each(table)('%s as %s fires %j', (event, role, expected) => {
    expect(triggersFor(event, role).sort()).toEqual([...expected].sort());
    for (const t of triggersFor(event, role)) expect(POSTBACK_TRIGGERS).toContain(t);
  });

  it('maps statuses to events: 2 approves, 3 and 4 decline, the rest only change', () => {
    expect([-2, -1, 0, 1, 2, 3, 4, 5, 6].map(postbackEventOf)).toEqual([
      'changed',
      'changed',
      'changed',
      'changed',
      'approved',
      'declined',
      'declined',
      'changed',
      'changed',
    ]);
  });
});

describe('macros', () => {
  it('leadMacros and testMacros fill every placeholder of POSTBACK_PLACEHOLDERS', async () => {
    const pub = await makeUser(db, 'macro-pub');
    const adv = await makeUser(db, 'macro-adv');
    const world = await makeAdvertiserWithOffer(db, adv.ID);
    const lead = await makeLead(db, pub.ID, world);
    const values = leadMacros(lead, world.offer.ID);
    expect(Object.keys(values).sort()).toEqual([...POSTBACK_MACRO_NAMES].sort());
    expect(Object.keys(testMacros()).sort()).toEqual([...POSTBACK_MACRO_NAMES].sort());
    const template = `https://pb.example/x?${POSTBACK_PLACEHOLDERS.map((p, i) => `p${i}=${p}`).join('&')}`;
    expect(listPlaceholders(fillUrlTemplate(template, values))).toEqual([]);
    expect(listPlaceholders(fillUrlTemplate(template, testMacros()))).toEqual([]);
  });

  it('URL-encodes every value, so lead data cannot add parameters or change the path', async () => {
    const pub = await makeUser(db, 'enc-pub');
    const adv = await makeUser(db, 'enc-adv');
    const world = await makeAdvertiserWithOffer(db, adv.ID);
    const nasty = 'a&b=c d/e?f#g%h+ü';
    const details = Object.fromEntries(
      POSTBACK_MACRO_NAMES.filter((n) => n.startsWith(`${PRODUCT_KEY}-`)).map((n) => [n, `${n}:${nasty}`]),
    );
    const lead = await makeLead(db, pub.ID, world, details);
    const values = leadMacros(lead, world.offer.ID);
    const template = `https://pb.example/x?${POSTBACK_MACRO_NAMES.map((n) => `${n}={${n}}`).join('&')}`;
    const url = new URL(fillUrlTemplate(template, values));
    expect(url.origin).toBe('https://pb.example');
    expect(url.pathname).toBe('/x');
    expect([...url.searchParams.keys()]).toEqual([...POSTBACK_MACRO_NAMES]);
    for (const name of POSTBACK_MACRO_NAMES) {
      const expected = values[name];
      expect(url.searchParams.get(name), name).toBe(expected === null ? '' : String(expected));
    }
    expect(url.searchParams.get('offer_name')).toBe('Summer & Sun');
    expect(url.searchParams.get('product_name')).toBe('Crème / 50 ml');
    expect(url.searchParams.get('lead_price')).toBe('12.50');
    expect(url.searchParams.get(`${PRODUCT_KEY}-c3`)).toBe(`${PRODUCT_KEY}-c3:${nasty}`);
    expect(url.search).not.toContain(' ');
    expect(url.search).toContain('Summer%20%26%20Sun');
  });
});

/** Every trigger for both users; returns the delivery rows an event queues and the jobs asked for. */
async function scenario(name: string) {
  const pub = await makeUser(db, `${name}-pub`);
  const adv = await makeUser(db, `${name}-adv`, { isVerified: false, isPublisherHidden: true });
  const bystander = await makeUser(db, `${name}-other`);
  const world = await makeAdvertiserWithOffer(db, adv.ID);
  const ids = new Map<number, string>();
  for (const trigger of POSTBACK_TRIGGERS) {
    ids.set(
      (await makePostback(db, pub.ID, trigger, 'https://pub.example/pb?l={lead_id}')).postbackID,
      `P:${trigger}`,
    );
    ids.set(
      (await makePostback(db, adv.ID, trigger, 'https://adv.example/pb?l={lead_id}')).postbackID,
      `A:${trigger}`,
    );
    await makePostback(db, bystander.ID, trigger, 'https://other.example/pb');
  }
  const lead = await makeLead(db, pub.ID, world);
  const fired = async (since: number) =>
    (await db.select().from(postbackDeliveries).where(eq(postbackDeliveries.BoundLead, lead.ID)))
      .filter((d) => d.ID > since)
      .map((d) => ids.get(d.BoundPostback))
      .sort();
  return { pub, adv, world, lead, fired };
}

const expectedFor = (event: LeadEvent) =>
  [
    ...triggersFor(event, 'Publisher').map((t) => `P:${t}`),
    ...triggersFor(event, 'Advertiser').map((t) => `A:${t}`),
  ].sort();

describe('queueLeadPostbacks', () => {
  it('created: the publisher’s publisher and role-less triggers, the advertiser’s advertiser and role-less ones', async () => {
    const s = await scenario('created');
    const jobs = captureJobs();
    const queued = await runUnitOfWork(jobs, db, (unit) =>
      unit.transaction((tx) => queueLeadPostbacks(tx, s.lead, 'created', 'intake')),
    );
    expect(await s.fired(0)).toEqual(expectedFor('created'));
    expect(queued).toBe(8);
    expect(jobs.jobs).toHaveLength(8);
    expect(
      jobs.jobs.every((j) => j.id === 'postback.send' && (j.payload as { attempt: number }).attempt === 1),
    ).toBe(true);
    const rows = await db
      .select()
      .from(postbackDeliveries)
      .where(eq(postbackDeliveries.BoundLead, s.lead.ID));
    expect(rows.every((r) => r.State === 'pending' && r.Attempts === 0)).toBe(true);
    expect(rows.map((r) => r.URL)).toContain(`https://pub.example/pb?l=${s.lead.ID}`);
  });

  it('the same event twice queues nothing twice', async () => {
    const s = await scenario('twice');
    const jobs = captureJobs();
    await runUnitOfWork(jobs, db, (unit) =>
      unit.transaction((tx) => queueLeadPostbacks(tx, s.lead, 'created', 'intake')),
    );
    const again = await runUnitOfWork(jobs, db, (unit) =>
      unit.transaction((tx) => queueLeadPostbacks(tx, s.lead, 'created', 'intake')),
    );
    expect(again).toBe(0);
    expect(jobs.jobs).toHaveLength(8);
  });

  it.each([
    [2, 'approved'],
    [3, 'declined'],
    [4, 'declined'],
    [1, 'changed'],
  ] as const)('changeLeadStatus to %i fires the %s triggers of both sides', async (status, event) => {
    const s = await scenario(`status${status}`);
    const jobs = captureJobs();
    await runUnitOfWork(jobs, db, (unit) =>
      unit.transaction((tx) => changeLeadStatus(tx, { leadId: s.lead.ID, status, source: 'crm' })),
    );
    expect(await s.fired(0)).toEqual(expectedFor(event));
    expect(jobs.jobs).toHaveLength(expectedFor(event).length);
  });

  it('approved, declined and approved again: each change is its own event', async () => {
    const s = await scenario('again');
    const jobs = captureJobs();
    for (const status of [2, 3, 2] as const) {
      await runUnitOfWork(jobs, db, (unit) =>
        unit.transaction((tx) => changeLeadStatus(tx, { leadId: s.lead.ID, status, source: 'crm' })),
      );
    }
    const fired = await s.fired(0);
    expect(fired.filter((f) => f === 'P:OnApproved')).toHaveLength(2);
    expect(fired.filter((f) => f === 'A:OnDeclinedAdvertiser')).toHaveLength(1);
  });

  it('a user who is publisher and advertiser of a lead fires a role-less postback once', async () => {
    const both = await makeUser(db, 'self-dealer');
    const world = await makeAdvertiserWithOffer(db, both.ID);
    const any = await makePostback(db, both.ID, 'Any', 'https://self.example/any');
    const pubOnly = await makePostback(db, both.ID, 'OnCreatePublisher', 'https://self.example/p');
    const advOnly = await makePostback(db, both.ID, 'OnCreateAdvertiser', 'https://self.example/a');
    const lead = await makeLead(db, both.ID, world);
    await runUnitOfWork(captureJobs(), db, (unit) =>
      unit.transaction((tx) => queueLeadPostbacks(tx, lead, 'created', 'k')),
    );
    const rows = await db.select().from(postbackDeliveries).where(eq(postbackDeliveries.BoundLead, lead.ID));
    expect(rows.map((r) => [r.BoundPostback, r.Event.split(':')[1]]).sort()).toEqual(
      [
        [any.postbackID, 'Publisher'],
        [pubOnly.postbackID, 'Publisher'],
        [advOnly.postbackID, 'Advertiser'],
      ].sort(),
    );
  });

  it('a template that cannot be filled gives a failed row with the reason and no job', async () => {
    const pub = await makeUser(db, 'broken-pub');
    const adv = await makeUser(db, 'broken-adv');
    const world = await makeAdvertiserWithOffer(db, adv.ID);
    // Saved before the API checked templates: a macro in the host.
    await makePostback(db, pub.ID, 'OnCreate', 'https://{domain}/pb');
    const lead = await makeLead(db, pub.ID, world);
    const jobs = captureJobs();
    expect(
      await runUnitOfWork(jobs, db, (unit) =>
        unit.transaction((tx) => queueLeadPostbacks(tx, lead, 'created', 'k')),
      ),
    ).toBe(0);
    expect(jobs.jobs).toEqual([]);
    const [row] = await db.select().from(postbackDeliveries).where(eq(postbackDeliveries.BoundLead, lead.ID));
    expect(row).toMatchObject({ State: 'failed', URL: 'https://{domain}/pb' });
    expect(row.LastError).toMatch(/scheme, host or port/);
  });

  it('queueTestPostback writes a synthetic delivery (lead 0) with sample values and asks for its job', async () => {
    const user = await makeUser(db, 'tester');
    const pb = await makePostback(
      db,
      user.ID,
      'OnApproved',
      'https://t.example/pb?l={lead_id}&n={leadmesh-name}',
    );
    const jobs = captureJobs();
    const { deliveryId, state } = await runUnitOfWork(jobs, db, (unit) =>
      unit.transaction((tx) => queueTestPostback(tx, pb)),
    );
    expect(state).toBe('pending');
    const [row] = await db.select().from(postbackDeliveries).where(eq(postbackDeliveries.ID, deliveryId));
    expect(row).toMatchObject({ BoundLead: 0, URL: 'https://t.example/pb?l=0&n=Test%20Buyer' });
    expect(row.Event).toMatch(/^test:/);
    expect(jobs.jobs).toEqual([
      { id: 'postback.send', payload: { deliveryId, attempt: 1 }, delayMs: undefined },
    ]);
  });
});

describe('secret box', () => {
  const box = createSecretBox('a key of enough entropy for tests');
  it('seals and opens; the sealed text is not the secret, another owner or a changed byte does not open', () => {
    const sealed = box.seal('whsec_abc', 'signing-secret:1');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('abc');
    expect(box.seal('whsec_abc', 'signing-secret:1')).not.toBe(sealed);
    expect(box.open(sealed, 'signing-secret:1')).toBe('whsec_abc');
    expect(() => box.open(sealed, 'signing-secret:2')).toThrow();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(() => box.open(`v1.${bytes.toString('base64url')}`, 'signing-secret:1')).toThrow();
    expect(() => createSecretBox('another key of enough entropy').open(sealed, 'signing-secret:1')).toThrow();
  });

  it('production without key material refuses instead of using a guessable key', () => {
    const production = secretBoxFromEnv({ NODE_ENV: 'production' });
    expect(() => production.seal('x', 'o')).toThrow(MissingDataKey);
    const keyed = secretBoxFromEnv({ NODE_ENV: 'production', DATA_ENCRYPTION_KEY: 'k'.repeat(32) });
    expect(keyed.open(keyed.seal('x', 'o'), 'o')).toBe('x');
    // APP_SECRET is the fallback, so the API and the worker given one agree.
    const fromAppSecret = secretBoxFromEnv({ NODE_ENV: 'production', APP_SECRET: 'k'.repeat(32) });
    expect(fromAppSecret.open(keyed.seal('y', 'o'), 'o')).toBe('y');
  });
});

describe('signing secrets', () => {
  const box = createSecretBox('a key of enough entropy for tests');

  it('are created on first need, once, and stored sealed', async () => {
    const user = await makeUser(db, 'secret-first');
    const [a] = await signingSecretsFor(db, box, user.ID);
    const [b] = await signingSecretsFor(db, box, user.ID);
    expect(a).toMatch(/^whsec_/);
    expect(b).toBe(a);
    const [row] = await db.select().from(signingSecrets).where(eq(signingSecrets.UserID, user.ID));
    expect(row.Current).not.toContain(a.slice(6));
  });

  it('rotation: the new and the previous one sign during the overlap, then only the new one', async () => {
    const user = await makeUser(db, 'secret-rotate');
    const t0 = new Date('2030-01-01T00:00:00Z');
    const first = await db.transaction((tx) => rotateSigningSecret(tx, box, user.ID, t0));
    expect(first.previousValidUntil).toBeNull();
    expect(await signingSecretsFor(db, box, user.ID, t0)).toEqual([first.secret]);
    const t1 = new Date(t0.getTime() + 3600_000);
    const second = await db.transaction((tx) => rotateSigningSecret(tx, box, user.ID, t1));
    expect(second.previousValidUntil?.getTime()).toBe(t1.getTime() + ROTATION_OVERLAP_MS);
    expect(await signingSecretsFor(db, box, user.ID, t1)).toEqual([second.secret, first.secret]);
    expect(await signingSecretInfo(db, user.ID, t1)).toEqual({
      exists: true,
      createdAt: t1,
      previousValidUntil: second.previousValidUntil,
    });
    const after = new Date(t1.getTime() + ROTATION_OVERLAP_MS + 1);
    expect(await signingSecretsFor(db, box, user.ID, after)).toEqual([second.secret]);
    expect((await signingSecretInfo(db, user.ID, after)).previousValidUntil).toBeNull();
  });

  it('nobody has a secret until one is needed', async () => {
    const user = await makeUser(db, 'secret-none');
    expect(await signingSecretInfo(db, user.ID)).toEqual({
      exists: false,
      createdAt: null,
      previousValidUntil: null,
    });
  });
});
