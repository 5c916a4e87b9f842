import { checkDomainName, MESSAGES } from '@leadmesh/schema';
import { domains, takenOffers } from '@leadmesh/schema/tables';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../test/harness.ts';
import { makeAdvertiser, makeOffer } from '../offers/offers.fixtures.ts';

let api: TestApi;
let admin: TestClient;
let manager: TestClient;
let pub: { user: { ID: number }; client: TestClient };
let pub2: { user: { ID: number }; client: TestClient };

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  admin = (await api.loggedIn('domainadmin', { isAdmin: true, isVerified: true, isPublisherHidden: true }))
    .client;
  manager = (
    await api.loggedIn('domainmanager', { isManager: true, isVerified: true, isPublisherHidden: true })
  ).client;
  pub = await api.loggedIn('domainpub', { isVerified: true });
  pub2 = await api.loggedIn('domainpub2', { isVerified: true });
});
afterAll(async () => {
  await api.close();
});

const domainCount = async () => (await api.db.select({ n: count() }).from(domains))[0].n;
type DomainAnswer = { ID: number; DomainName: string; BoundUser: number | null; isInternal: boolean };

describe('host names', () => {
  it.each([
    ['example.com', 'http://example.com'],
    ['  Shop.Example.COM ', 'http://shop.example.com'],
    ['my-shop.co.uk', 'http://my-shop.co.uk'],
    ['xn--e1afmkfd.xn--p1ai', 'http://xn--e1afmkfd.xn--p1ai'],
    ['пример.рф', 'http://xn--e1afmkfd.xn--p1ai'],
  ])('%s is stored as %s', (typed, stored) => {
    expect(checkDomainName(typed, 'publisherAdd')).toEqual({ ok: true, stored });
  });

  it.each([
    'http://example.com',
    'https://example.com',
    'example.com/path',
    'example.com:8080',
    'user@example.com',
    'exa mple.com',
    '127.0.0.1',
    'example',
    'example.com.',
    '-bad.com',
    'bad-.com',
    'under_score.com',
    'example.c',
    'example.123',
    `${'a'.repeat(64)}.com`,
    'javascript:alert(1).com',
  ])('%s is refused', (typed) => {
    expect(checkDomainName(typed, 'publisherAdd').ok).toBe(false);
  });
});

describe('/domains/addDomain', () => {
  it('adds a publisher’s own domain, stored with http://', async () => {
    const answer = await pub.client.call('/domains/addDomain', {
      DomainName: 'Zdravlje.example',
      BoundUser: pub.user.ID,
    });
    expect(answer.data).toMatchObject({
      DomainName: 'http://zdravlje.example',
      BoundUser: pub.user.ID,
      isInternal: false,
    });
  });

  it('answers a publisher "Please write your domain correctly 2" for every bad domain, writing nothing', async () => {
    const before = await domainCount();
    for (const typed of [
      '',
      '   ',
      'nodot',
      'http://typed.example',
      'https://typed.example',
      'bad host.com',
      null,
    ]) {
      const answer = await pub.client.call('/domains/addDomain', { DomainName: typed });
      expect(answer.details, String(typed)).toEqual({
        field: 'DomainName',
        message: MESSAGES.domainWriteCorrectly,
      });
    }
    expect(await domainCount()).toBe(before);
  });

  it('answers an admin adding an internal domain with admin §5’s messages', async () => {
    const cases: [unknown, string][] = [
      ['', MESSAGES.domainNameEmpty],
      ['http://go.example', MESSAGES.domainNotValid],
      ['https://go.example', MESSAGES.domainNotValid],
      ['go example.com', MESSAGES.domainNotValid],
      ['localhost', MESSAGES.domainNotValid],
    ];
    for (const [typed, message] of cases) {
      const answer = await admin.call('/domains/addDomain', { DomainName: typed, isInternal: true });
      expect(answer.details, String(typed)).toEqual({ field: 'DomainName', message });
    }
    const ok = await admin.call('/domains/addDomain', {
      DomainName: 'go.leadmesh.example',
      BoundUser: null,
      isInternal: true,
    });
    expect(ok.data).toMatchObject({
      DomainName: 'http://go.leadmesh.example',
      BoundUser: null,
      isInternal: true,
    });
  });

  it('refuses a duplicate per owner (CONFLICT), allows the same name for another owner', async () => {
    await pub.client.call('/domains/addDomain', { DomainName: 'twice.example' });
    const again = await pub.client.call('/domains/addDomain', { DomainName: 'TWICE.example' });
    expect(again).toMatchObject({ data: 'CONFLICT', details: { message: 'This domain is already added' } });
    expect((await pub2.client.call('/domains/addDomain', { DomainName: 'twice.example' })).status).toBe('ok');
    await admin.call('/domains/addDomain', { DomainName: 'shared.example', isInternal: true });
    expect(
      (await admin.call('/domains/addDomain', { DomainName: 'shared.example', isInternal: true })).data,
    ).toBe('CONFLICT');
  });

  it('refuses a publisher adding an internal domain or one for another publisher, writing nothing', async () => {
    const before = await domainCount();
    expect(
      (await pub.client.call('/domains/addDomain', { DomainName: 'mine.example', isInternal: true })).data,
    ).toBe('FORBIDDEN');
    expect(
      (await pub2.client.call('/domains/addDomain', { DomainName: 'theirs.example', BoundUser: pub.user.ID }))
        .data,
    ).toBe('FORBIDDEN');
    expect(await domainCount()).toBe(before);
  });

  it('lets an admin add a domain for a publisher they name', async () => {
    const answer = await admin.call('/domains/addDomain', {
      DomainName: 'given.example',
      BoundUser: pub2.user.ID,
    });
    expect(answer.data).toMatchObject({ BoundUser: pub2.user.ID, isInternal: false });
    expect(
      (await admin.call('/domains/addDomain', { DomainName: 'nobody.example', BoundUser: 999_999 })).data,
    ).toBe('NOT_FOUND');
  });
});

describe('reading, editing and deleting', () => {
  let own: DomainAnswer;
  let theirs: DomainAnswer;
  let internal: DomainAnswer;
  beforeAll(async () => {
    own = (await pub.client.call('/domains/addDomain', { DomainName: 'own.example' })).data as DomainAnswer;
    theirs = (await pub2.client.call('/domains/addDomain', { DomainName: 'theirs.example' }))
      .data as DomainAnswer;
    internal = (await admin.call('/domains/addDomain', { DomainName: 'internal.example', isInternal: true }))
      .data as DomainAnswer;
  });

  it('getDomains answers the own domains then the internal ones, never another publisher’s', async () => {
    const answer = (
      await pub.client.call('/domains/getDomains', { BoundUser: pub.user.ID, showInternal: true })
    ).data as DomainAnswer[];
    const names = answer.map((d) => d.DomainName);
    expect(names).toContain(own.DomainName);
    expect(names).toContain(internal.DomainName);
    expect(names).not.toContain(theirs.DomainName);
    const firstInternal = answer.findIndex((d) => d.isInternal);
    expect(answer.slice(firstInternal).every((d) => d.isInternal)).toBe(true);
    const ownOnly = (await pub.client.call('/domains/getDomains', { showInternal: false }))
      .data as DomainAnswer[];
    expect(ownOnly.every((d) => d.BoundUser === pub.user.ID && !d.isInternal)).toBe(true);
  });

  it('getDomainsForUser pages the publisher’s domains; staff name any publisher', async () => {
    const mine = (await pub.client.call('/domains/getDomainsForUser', { paginationOffset: 0 })).data as {
      DBData: DomainAnswer[];
    };
    expect(mine.DBData.length).toBeGreaterThan(0);
    expect(mine.DBData.every((d) => d.BoundUser === pub.user.ID)).toBe(true);
    const filtered = (
      await pub.client.call('/domains/getDomainsForUser', {
        showInternal: true,
        Filters: [{ name: 'DomainName', op: 'contains', value: 'internal' }],
      })
    ).data as { DBData: DomainAnswer[] };
    expect(filtered.DBData.map((d) => d.ID)).toEqual([internal.ID]);
    const asStaff = (await manager.call('/domains/getDomainsForUser', { ID: pub2.user.ID })).data as {
      DBData: DomainAnswer[];
    };
    expect(asStaff.DBData.map((d) => d.ID)).toContain(theirs.ID);
    expect((await pub2.client.call('/domains/getDomainsForUser', { ID: pub.user.ID })).data).toBe(
      'FORBIDDEN',
    );
  });

  it('getInternalDomains lists internal domains only, with the DomainName filter', async () => {
    const answer = (
      await admin.call('/domains/getInternalDomains', {
        Filters: [{ name: 'DomainName', op: 'eq', value: 'http://internal.example' }],
      })
    ).data as { DBData: DomainAnswer[] };
    expect(answer.DBData.map((d) => d.ID)).toEqual([internal.ID]);
    const all = (await admin.call('/domains/getInternalDomains', {})).data as { DBData: DomainAnswer[] };
    expect(all.DBData.every((d) => d.isInternal)).toBe(true);
  });

  it('a publisher never reads, edits or deletes another’s or an internal domain; nothing changes', async () => {
    for (const target of [own, internal]) {
      expect((await pub2.client.call('/domains/getDomainByID', { ID: target.ID })).data).toBe('FORBIDDEN');
      expect(
        (await pub2.client.call('/domains/editDomain', { ID: target.ID, DomainName: 'stolen.example' })).data,
      ).toBe('FORBIDDEN');
      expect((await pub2.client.call('/domains/deleteDomain', { ID: target.ID })).data).toBe('FORBIDDEN');
    }
    expect(
      (
        await pub2.client.call('/domains/editDomain', {
          ID: theirs.ID,
          BoundUser: pub.user.ID,
          DomainName: 'x.example',
        })
      ).data,
    ).toBe('FORBIDDEN');
    const [row] = await api.db.select().from(domains).where(eq(domains.ID, own.ID));
    expect(row.DomainName).toBe('http://own.example');
    const [still] = await api.db.select().from(domains).where(eq(domains.ID, internal.ID));
    expect(still).toBeDefined();
    expect((await pub2.client.call('/domains/getDomainByID', { ID: 999_999 })).data).toBe('NOT_FOUND');
  });

  it('editDomain renames with "Please write your domain correctly 2" for bad input, for owners and admins', async () => {
    for (const client of [pub.client, admin]) {
      for (const typed of ['', 'nodot', 'https://own2.example', 'own2.example/x']) {
        const answer = await client.call('/domains/editDomain', { ID: own.ID, DomainName: typed });
        expect(answer.details, typed).toEqual({
          field: 'DomainName',
          message: MESSAGES.domainWriteCorrectly,
        });
      }
    }
    const renamed = await pub.client.call('/domains/editDomain', {
      ...own,
      BoundUser: pub.user.ID,
      DomainName: 'own2.example',
    });
    expect(renamed.data).toMatchObject({ ID: own.ID, DomainName: 'http://own2.example' });
    expect((await pub.client.call('/domains/getDomainByID', { ID: own.ID })).data).toMatchObject({
      DomainName: 'http://own2.example',
    });
    expect(
      (await admin.call('/domains/editDomain', { ID: internal.ID, DomainName: 'internal2.example' })).data,
    ).toMatchObject({
      DomainName: 'http://internal2.example',
      isInternal: true,
    });
  });

  it('refuses to delete a domain a live taken offer uses, then deletes it once the taken offer is deleted', async () => {
    const adv = await makeAdvertiser(api, 'domainadv');
    const offer = await makeOffer(api, adv);
    const used = (await pub.client.call('/domains/addDomain', { DomainName: 'used.example' }))
      .data as DomainAnswer;
    const [taken] = await api.db
      .insert(takenOffers)
      .values({
        BoundUser: pub.user.ID,
        BoundOffer: offer.ID,
        BoundDomain: used.ID,
        TrackingCode: 'domain-test-code-0123456789',
      })
      .returning();
    const refused = await pub.client.call('/domains/deleteDomain', { ID: used.ID });
    expect(refused).toMatchObject({
      data: 'CONFLICT',
      details: { message: 'This domain is used by 1 taken offer; delete it first' },
    });
    await api.db.update(takenOffers).set({ deletedAt: new Date() }).where(eq(takenOffers.ID, taken.ID));
    expect(
      (await pub.client.call('/domains/deleteDomain', { ID: used.ID, BoundUser: pub.user.ID })).status,
    ).toBe('ok');
    expect(await api.db.select().from(domains).where(eq(domains.ID, used.ID))).toHaveLength(0);
    expect((await admin.call('/domains/deleteDomain', { ID: internal.ID })).status).toBe('ok');
  });
});
