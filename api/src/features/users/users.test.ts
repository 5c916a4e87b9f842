import { logs, mailOutbox, users } from '@leadmesh/schema/tables';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test/harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(async () => {
  await api.close();
});

const signUp = (overrides: Record<string, unknown> = {}) => ({
  username: 'publisher1',
  password: 'password123',
  email: 'publisher1@example.com',
  FirstName: 'Ana',
  LastName: 'Petrovic',
  Country: 'RS',
  ZIP: '11000',
  Experience: '3',
  ContactWhatsApp: '',
  ContactSkype: 'ana.skype',
  ContactTelegram: '',
  refID: null,
  ...overrides,
});

describe('/users/createUser', () => {
  it('creates an unverified publisher who can then log in', async () => {
    const client = api.client();
    const answer = await client.call('/users/createUser', signUp());
    expect(answer.status).toBe('ok');
    const [row] = await api.db.select().from(users).where(eq(users.Username, 'publisher1'));
    expect(row).toMatchObject({
      isVerified: false,
      isPublisherHidden: false,
      isAdmin: false,
      ZIP: 11000,
      Experience: 3,
      ContactSkype: 'ana.skype',
      ContactWhatsapp: null,
    });
    expect(row.PasswordHash).toMatch(/^\$argon2id\$/);
    expect(
      (await client.call('/auth/login', { username: 'publisher1', password: 'password123' })).status,
    ).toBe('ok');
  });

  it('marks an advertiser sign-up as publisher-hidden and needs 8 characters of username', async () => {
    const short = await api
      .client()
      .call(
        '/users/createUser',
        signUp({ username: 'adv1234', email: 'a1@example.com', Flags: { isPublisherVisible: false } }),
      );
    expect(short).toMatchObject({
      data: 'VALIDATION_ERROR',
      details: { field: 'username', message: 'Username must have at least 8 characters' },
    });
    const ok = await api
      .client()
      .call(
        '/users/createUser',
        signUp({ username: 'advertiser1', email: 'a2@example.com', Flags: { isPublisherVisible: false } }),
      );
    expect(ok.status).toBe('ok');
    const [row] = await api.db.select().from(users).where(eq(users.Username, 'advertiser1'));
    expect(row.isPublisherHidden).toBe(true);
  });

  it('answers each rule with its code and message', async () => {
    const cases: [Record<string, unknown>, string, string | undefined, string | undefined][] = [
      [{ Country: '' }, 'VALIDATION_ERROR', 'Country', 'Please choose your country'],
      [{ username: 'abcd' }, 'VALIDATION_ERROR', 'username', 'Username must have at least 5 characters'],
      [{ username: 'bad name!' }, 'VALIDATION_ERROR', 'username', undefined],
      [{ password: 'short' }, 'VALIDATION_ERROR', 'password', 'Password must be between 8 and 64 characters'],
      [
        { password: 'x'.repeat(65) },
        'VALIDATION_ERROR',
        'password',
        'Password must be between 8 and 64 characters',
      ],
      [{ FirstName: '' }, 'FIRST_OR_LAST_NAME_EMPTY', 'FirstName', 'Please enter your first and last name'],
      [{ LastName: '  ' }, 'FIRST_OR_LAST_NAME_EMPTY', 'FirstName', 'Please enter your first and last name'],
      [{ FirstName: 'Ana2' }, 'VALIDATION_ERROR', 'FirstName', 'Please remove numbers from your name'],
      [{ email: 'not-an-email' }, 'VALIDATION_ERROR', 'email', 'Please enter correct e-mail'],
      [{ ZIP: 'abc' }, 'ZIP_EMPTY_OR_INVALID', 'ZIP', 'Please check your ZIP code'],
      [{ ZIP: '' }, 'ZIP_EMPTY_OR_INVALID', 'ZIP', 'Please check your ZIP code'],
      [{ Experience: 'ten' }, 'EXPERIENCE_EMPTY_OR_INVALID', 'Experience', 'Experience must be number'],
      [{ Experience: null }, 'EXPERIENCE_EMPTY_OR_INVALID', 'Experience', 'Experience must be number'],
    ];
    for (const [override, code, field, message] of cases) {
      const answer = await api
        .client()
        .call(
          '/users/createUser',
          signUp({ username: 'someone1', email: 'someone1@example.com', ...override }),
        );
      expect(answer.data, JSON.stringify(override)).toBe(code);
      expect(answer.details?.field, JSON.stringify(override)).toBe(field);
      if (message) expect(answer.details?.message).toBe(message);
      expect(answer.httpStatus).toBeLessThan(500);
    }
    expect(await api.db.select().from(users).where(eq(users.Username, 'someone1'))).toHaveLength(0);
  });

  it('refuses a taken username or e-mail with USER_ALREADY_EXISTS', async () => {
    await api
      .client()
      .call('/users/createUser', signUp({ username: 'takenname', email: 'taken@example.com' }));
    const sameName = await api
      .client()
      .call('/users/createUser', signUp({ username: 'takenname', email: 'other@example.com' }));
    const sameMail = await api
      .client()
      .call('/users/createUser', signUp({ username: 'othername', email: 'TAKEN@example.com' }));
    expect(sameName).toMatchObject({ httpStatus: 409, data: 'USER_ALREADY_EXISTS' });
    expect(sameMail.data).toBe('USER_ALREADY_EXISTS');
    expect(sameMail.details?.message).toBe(
      'The user with the entered email or username already exists please check your email or change username',
    );
  });

  it('records the referrer from refID and ignores unknown codes', async () => {
    const referrer = await api.createUser('referrer1');
    await api
      .client()
      .call(
        '/users/createUser',
        signUp({ username: 'referred1', email: 'referred1@example.com', refID: referrer.RefCode }),
      );
    await api
      .client()
      .call(
        '/users/createUser',
        signUp({ username: 'referred2', email: 'referred2@example.com', refID: 'no-such-code' }),
      );
    const [one] = await api.db.select().from(users).where(eq(users.Username, 'referred1'));
    const [two] = await api.db.select().from(users).where(eq(users.Username, 'referred2'));
    expect(one.ReferredByID).toBe(referrer.ID);
    expect(two.ReferredByID).toBeNull();
  });

  it('cannot be used to grant flags', async () => {
    await api
      .client()
      .call(
        '/users/createUser',
        signUp({ username: 'sneaky1', email: 'sneaky@example.com', isAdmin: true, Flags: { isAdmin: true } }),
      );
    const [row] = await api.db.select().from(users).where(eq(users.Username, 'sneaky1'));
    expect(row.isAdmin).toBe(false);
    expect(row.isVerified).toBe(false);
  });
});

describe('/users/setTheme, /users/changePassword', () => {
  it('saves the theme for the session user', async () => {
    const { user, client } = await api.loggedIn('themer1');
    expect((await client.call('/users/setTheme', { theme: 'light' })).status).toBe('ok');
    const check = await client.call('/auth/checkLogin', {});
    expect(check.data).toMatchObject({ UserInfo: { ID: user.ID, Flags: { theme: 'light' } } });
    expect((await client.call('/users/setTheme', { theme: 'blue' as 'dark' })).data).toBe('VALIDATION_ERROR');
  });

  it('changes the own password only with the old one, and ends other sessions', async () => {
    const { user, client } = await api.loggedIn('changer1');
    const elsewhere = api.client();
    await elsewhere.call('/auth/login', { username: 'changer1', password: 'password123' });
    const missing = await client.call('/users/changePassword', {
      oldPassword: '',
      newPassword: 'newpassword1',
    });
    expect(missing.details?.message).toBe('oldPassword: Old password not entered!');
    const tooShort = await client.call('/users/changePassword', {
      oldPassword: 'password123',
      newPassword: 'short',
    });
    expect(tooShort.details?.message).toBe('newPassword: New password must be between 8 and 64 characters!');
    const wrong = await client.call('/users/changePassword', {
      oldPassword: 'wrong-pass',
      newPassword: 'newpassword1',
    });
    expect(wrong).toMatchObject({
      data: 'OLD_PASSWORD_INCORRECT',
      details: { message: 'Old password was incorrect!' },
    });
    const other = await client.call('/users/changePassword', {
      id: user.ID + 1,
      oldPassword: 'password123',
      newPassword: 'newpassword1',
    });
    expect(other.data).toBe('FORBIDDEN');
    const ok = await client.call('/users/changePassword', {
      id: user.ID,
      oldPassword: 'password123',
      newPassword: 'newpassword1',
    });
    expect(ok.status).toBe('ok');
    expect((await client.call('/auth/checkLogin', {})).status).toBe('ok');
    expect((await elsewhere.call('/auth/checkLogin', {})).data).toBe('NOT_LOGGED_IN');
  });
});

describe('/users/getSingleUser and /users/editUser', () => {
  it('lets a user read and edit their own basic fields', async () => {
    const { user, client } = await api.loggedIn('selfedit1');
    const read = await client.call('/users/getSingleUser', { ID: user.ID });
    expect(read.data).toMatchObject({ ID: user.ID, Username: 'selfedit1', PaymentMethod: null });
    expect(JSON.stringify(read.data)).not.toContain('PasswordHash');
    const edited = await client.call('/users/editUser', {
      id: user.ID,
      FirstName: 'New',
      ContactTelegram: '@new',
      PaymentMethod: JSON.stringify({ type: 'Paypal', OwnerName: 'New Name', EMail: 'pay@example.com' }),
    });
    expect(edited.data).toMatchObject({
      FirstName: 'New',
      ContactTelegram: '@new',
      PaymentMethod: { type: 'Paypal' },
    });
    const withPayment = await client.call('/users/getSingleUser', { ID: user.ID, showPayment: true });
    expect(withPayment.data).toMatchObject({ PaymentMethod: { type: 'Paypal', EMail: 'pay@example.com' } });
  });

  it('refuses another user’s id to a non-staff user', async () => {
    const victim = await api.createUser('victim1');
    const { client } = await api.loggedIn('attacker1', { isVerified: true });
    expect((await client.call('/users/getSingleUser', { ID: victim.ID })).data).toBe('FORBIDDEN');
    expect((await client.call('/users/editUser', { id: victim.ID, FirstName: 'Hacked' })).data).toBe(
      'FORBIDDEN',
    );
    const [row] = await api.db.select().from(users).where(eq(users.ID, victim.ID));
    expect(row.FirstName).toBe('Test');
  });

  it('refuses admin-only fields to everyone but admins', async () => {
    const { user, client } = await api.loggedIn('climber1');
    const flags = await client.call('/users/editUser', {
      id: user.ID,
      newFlags: JSON.stringify({ isAdmin: true }),
    });
    expect(flags.data).toBe('FORBIDDEN');
    const interval = await client.call('/users/editUser', { id: user.ID, AutoPayoutInterval: 7 });
    expect(interval.data).toBe('FORBIDDEN');
    const [row] = await api.db.select().from(users).where(eq(users.ID, user.ID));
    expect(row.isAdmin).toBe(false);
    expect(row.AutoPayoutInterval).toBe(0);

    const { client: manager } = await api.loggedIn('manager1', { isManager: true });
    expect((await manager.call('/users/editUser', { id: user.ID, FirstName: 'Managed' })).status).toBe('ok');
    expect(
      (await manager.call('/users/editUser', { id: user.ID, newFlags: '{"isVerified":true}' })).data,
    ).toBe('FORBIDDEN');
    const admin = await api.createUser('boss1', { isAdmin: true });
    expect((await manager.call('/users/editUser', { id: admin.ID, newEmail: 'mine@example.com' })).data).toBe(
      'FORBIDDEN',
    );
  });

  it('lets an admin set flags and the auto-payout interval', async () => {
    const target = await api.createUser('promoted1');
    const { client } = await api.loggedIn('admin1', { isAdmin: true });
    const answer = await client.call('/users/editUser', {
      id: target.ID,
      newFlags: JSON.stringify({ isVerified: true, isCRMInfoAllowed: true }),
      AutoPayoutInterval: 14,
    });
    expect(answer.data).toMatchObject({
      Flags: { isVerified: true, isCRMInfoAllowed: true, isAdmin: false },
      AutoPayoutInterval: 14,
    });
    expect((await client.call('/users/editUser', { id: target.ID, newFlags: '{"isGod":true}' })).data).toBe(
      'VALIDATION_ERROR',
    );
    expect((await client.call('/users/editUser', { id: target.ID, AutoPayoutInterval: 5 as 7 })).data).toBe(
      'VALIDATION_ERROR',
    );
  });
});

describe('/users/editUser: a user’s payment method, by staff', () => {
  const wire = {
    type: 'Wire',
    BankName: 'Banca Intesa',
    AccountHolder: 'Pay Target',
    Country: 'rs',
    IBAN: 'rs35 2600 0560 1001 6113 79',
    SWIFT: 'dbdbrsbg',
  } as const;
  const rowOf = async (id: number) => (await api.db.select().from(users).where(eq(users.ID, id)))[0];
  const auditOf = (id: number) =>
    api.db
      .select()
      .from(logs)
      .where(and(eq(logs.Context, 'users/editUser')))
      .orderBy(desc(logs.ID))
      .then((rows) => rows.filter((r) => r.Log.includes(`[user:${id}]`)));

  it('lets an admin set it, normalised, with an audit line and a mail to the owner, in one write', async () => {
    const target = await api.createUser('paytarget1');
    const { user: admin, client } = await api.loggedIn('payadmin1', { isAdmin: true });
    const answer = await client.call('/users/editUser', { id: target.ID, PaymentMethod: wire });
    expect(answer.status).toBe('ok');
    const stored = {
      type: 'Wire',
      BankName: 'Banca Intesa',
      AccountHolder: 'Pay Target',
      Country: 'RS',
      IBAN: 'RS35260005601001611379',
      SWIFT: 'DBDBRSBG',
    };
    expect(answer.data).toMatchObject({ PaymentMethod: stored });
    expect((await rowOf(target.ID)).PaymentMethod).toEqual(stored);
    // Staff read it back with showPayment; without it the answer keeps it out.
    expect(
      (await client.call('/users/getSingleUser', { ID: target.ID, showPayment: true })).data,
    ).toMatchObject({ PaymentMethod: stored });
    expect((await client.call('/users/getSingleUser', { ID: target.ID })).data).toMatchObject({
      PaymentMethod: null,
    });

    const [line] = await auditOf(target.ID);
    expect(line).toMatchObject({ LogLevel: 1, User: admin.ID });
    expect(line.Log).toContain('fields:PaymentMethod');
    expect(line.Log).toContain('[oldPayment:none]');
    expect(line.Log).toContain('IBAN ending 1379');
    expect(line.Log).not.toContain('RS35260005601001611379');
    const mails = await api.db.select().from(mailOutbox).where(eq(mailOutbox.To, 'paytarget1@example.com'));
    expect(mails.map((m) => m.Template)).toEqual(['payment-method-changed']);
    expect(mails[0].Text).toContain('Wire Banca Intesa, IBAN ending 1379');

    // Switching to PayPal, then saving the same again: the second save changes and logs nothing.
    const paypal = { type: 'Paypal', OwnerName: 'Pay Target', EMail: 'paid@example.com' } as const;
    expect((await client.call('/users/editUser', { id: target.ID, PaymentMethod: paypal })).status).toBe(
      'ok',
    );
    expect((await client.call('/users/editUser', { id: target.ID, PaymentMethod: paypal })).status).toBe(
      'ok',
    );
    expect((await rowOf(target.ID)).PaymentMethod).toEqual(paypal);
    expect(await auditOf(target.ID)).toHaveLength(2);
    // null removes it (the payout check then refuses: 'User need to add payment method!').
    expect((await client.call('/users/editUser', { id: target.ID, PaymentMethod: null })).status).toBe('ok');
    expect((await rowOf(target.ID)).PaymentMethod).toBeNull();
  });

  it('answers each bad field with its message and writes nothing', async () => {
    const target = await api.createUser('paytarget2');
    const { client } = await api.loggedIn('payadmin2', { isAdmin: true });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...wire, BankName: ' ' }, 'PaymentMethod.BankName', "Bank name can't be empty"],
      [{ ...wire, IBAN: 'RS35 2600 0560 1001 6113 78' }, 'PaymentMethod.IBAN', 'IBAN is not valid'],
      [{ ...wire, IBAN: '12345' }, 'PaymentMethod.IBAN', 'IBAN is not valid'],
      [{ ...wire, SWIFT: 'DB1' }, 'PaymentMethod.SWIFT', 'SWIFT is not valid'],
      [{ ...wire, Country: 'XX' }, 'PaymentMethod.Country', 'Please choose a country'],
      [
        { type: 'Paypal', OwnerName: 'Pay Target', EMail: 'not-an-email' },
        'PaymentMethod.EMail',
        'Please enter correct e-mail',
      ],
      [
        { type: 'Paypal', OwnerName: '', EMail: 'a@example.com' },
        'PaymentMethod.OwnerName',
        "Owner name can't be empty",
      ],
    ];
    for (const [method, field, message] of cases) {
      const answer = await client.call('/users/editUser', { id: target.ID, PaymentMethod: method as never });
      expect(answer, JSON.stringify(method)).toMatchObject({ status: 'error', data: 'VALIDATION_ERROR' });
      expect(answer.details?.field).toBe(field);
      expect(answer.details?.message).toContain(message);
    }
    const bitcoin = await client.call('/users/editUser', {
      id: target.ID,
      PaymentMethod: { type: 'Bitcoin', Wallet: 'x' } as never,
    });
    expect(bitcoin.data).toBe('VALIDATION_ERROR');
    // A bad payment method fails the whole edit: the name sent beside it is not saved either.
    await client.call('/users/editUser', {
      id: target.ID,
      FirstName: 'Changed',
      PaymentMethod: { ...wire, IBAN: 'nope' } as never,
    });
    const row = await rowOf(target.ID);
    expect(row).toMatchObject({ PaymentMethod: null, FirstName: 'Test' });
    expect(await auditOf(target.ID)).toHaveLength(0);
  });

  it('is refused to managers for other users, who keep their own', async () => {
    const target = await api.createUser('paytarget3');
    const { client: manager } = await api.loggedIn('paymanager1', { isManager: true });
    const refused = await manager.call('/users/editUser', {
      id: target.ID,
      FirstName: 'Managed',
      PaymentMethod: wire,
    });
    expect(refused.data).toBe('FORBIDDEN');
    expect(await rowOf(target.ID)).toMatchObject({ PaymentMethod: null, FirstName: 'Test' });
    // Basic fields stay theirs to edit.
    expect((await manager.call('/users/editUser', { id: target.ID, FirstName: 'Managed' })).status).toBe(
      'ok',
    );
    const { user: self, client: publisher } = await api.loggedIn('payself1');
    expect((await publisher.call('/users/editUser', { id: self.ID, PaymentMethod: wire })).status).toBe('ok');
    expect(await auditOf(self.ID)).toHaveLength(0);
  });
});

describe('/users/getAllUsers', () => {
  it('pages by 20 with filters, for staff only', async () => {
    for (let i = 0; i < 25; i++)
      await api.createUser(`listed${String(i).padStart(2, '0')}`, { isVerified: i % 2 === 0 });
    const { client } = await api.loggedIn('lister1', { isManager: true });
    const first = await client.call('/users/getAllUsers', {
      paginationOffset: 0,
      Filters: [{ name: 'Username', op: 'startsWith', value: 'listed' }],
    });
    const rows = (first.data as { DBData: { Username: string }[] }).DBData;
    expect(rows).toHaveLength(20);
    const second = await client.call('/users/getAllUsers', {
      paginationOffset: 20,
      Filters: [{ name: 'Username', op: 'startsWith', value: 'listed' }],
    });
    expect((second.data as { DBData: unknown[] }).DBData).toHaveLength(5);
    const verified = await client.call('/users/getAllUsers', {
      paginationOffset: 0,
      Filters: [
        { name: 'Username', op: 'startsWith', value: 'listed' },
        { name: 'isVerified', op: 'eq', value: 'Yes' },
      ],
    });
    expect((verified.data as { DBData: unknown[] }).DBData).toHaveLength(13);

    const { client: publisher } = await api.loggedIn('lister2', { isVerified: true });
    expect((await publisher.call('/users/getAllUsers', { paginationOffset: 0, Filters: [] })).data).toBe(
      'FORBIDDEN',
    );
  });
});

describe('/users/getAllUsers staff filters', () => {
  it("finds publisher and advertiser managers (the user dialog's assigned-manager picker)", async () => {
    const pub = await api.createUser('pubmgr01', { isPublisherManager: true });
    const adv = await api.createUser('advmgr01', { isAdvertiserManager: true });
    const { client } = await api.loggedIn('mgrlister1', { isAdmin: true });
    const ids = async (name: string) => {
      const a = await client.call('/users/getAllUsers', {
        paginationOffset: 0,
        limit: 200,
        Filters: [{ name, op: 'eq', value: true }],
      });
      expect(a.status).toBe('ok');
      return (a.data as { DBData: { ID: number }[] }).DBData.map((u) => u.ID);
    };
    expect(await ids('isPublisherManager')).toEqual([pub.ID]);
    expect(await ids('isAdvertiserManager')).toEqual([adv.ID]);
  });
});

describe('/users/getAllUsers scroll', () => {
  it('reads broad filters in id order and continues where its last page ended when users sign up meanwhile', async () => {
    const inMontenegro = async (username: string) => {
      const user = await api.createUser(username);
      await api.db.update(users).set({ Country: 'ME' }).where(eq(users.ID, user.ID));
    };
    for (let i = 0; i < 45; i++) await inMontenegro(`scroller${String(i).padStart(2, '0')}`);
    const { client } = await api.loggedIn('scrolladmin', { isAdmin: true, isVerified: true });
    const page = async (offset: number) =>
      (
        (
          await client.call('/users/getAllUsers', {
            paginationOffset: offset,
            Filters: [{ name: 'Country', op: 'eq', value: 'ME' }],
          })
        ).data as { DBData: { ID: number; Username: string }[] }
      ).DBData;
    const first = await page(0);
    expect(first).toHaveLength(20);
    const ids = first.map((r) => r.ID);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // A newer sign-up during the scroll: the next page continues after the rows already shown.
    await inMontenegro('scrollerlate');
    const second = await page(20);
    expect(second).toHaveLength(20);
    expect(second[0].ID).toBeLessThan(ids.at(-1) ?? 0);
    const third = await page(40);
    expect(third.map((r) => r.Username)).toEqual([
      'scroller04',
      'scroller03',
      'scroller02',
      'scroller01',
      'scroller00',
    ]);
    // Asked cold (another caller, no remembered start): plain offsets, the newest sign-up counted.
    const { client: other } = await api.loggedIn('scrolladmin2', { isAdmin: true, isVerified: true });
    const cold = (
      (
        await other.call('/users/getAllUsers', {
          paginationOffset: 40,
          Filters: [{ name: 'Country', op: 'eq', value: 'ME' }],
        })
      ).data as { DBData: { Username: string }[] }
    ).DBData;
    expect(cold.map((r) => r.Username)).toEqual([
      'scroller05',
      'scroller04',
      'scroller03',
      'scroller02',
      'scroller01',
      'scroller00',
    ]);
  });
});

describe('/users/verifyPublisher', () => {
  it('lets staff verify a publisher, who then passes the verified guards', async () => {
    const { user, client: publisher } = await api.loggedIn('toverify1');
    expect((await publisher.call('/postback/getAllPostbacks', {})).data).toBe('NOT_VERIFIED');
    const { client: manager } = await api.loggedIn('verifier1', { isManager: true });
    const answer = await manager.call('/users/verifyPublisher', { ID: user.ID });
    expect(answer.data).toMatchObject({ ID: user.ID, Flags: { isVerified: true } });
    expect((await publisher.call('/auth/checkLogin', {})).data).toMatchObject({
      UserInfo: { Flags: { isVerified: true } },
    });
    expect((await publisher.call('/postback/getAllPostbacks', {})).data).not.toBe('NOT_VERIFIED');
    expect((await manager.call('/users/verifyPublisher', { ID: 999_999 })).data).toBe('NOT_FOUND');
  });

  it('is refused to publishers', async () => {
    const target = await api.createUser('toverify2');
    const { client } = await api.loggedIn('notstaff1', { isVerified: true });
    expect((await client.call('/users/verifyPublisher', { ID: target.ID })).data).toBe('FORBIDDEN');
    const [row] = await api.db.select().from(users).where(eq(users.ID, target.ID));
    expect(row.isVerified).toBe(false);
  });
});

describe('/users/deleteUser', () => {
  it('deletes an account without history, refuses one with leads or an advertiser profile, and never oneself', async () => {
    const { user: admin, client } = await api.loggedIn('deleteadmin', { isAdmin: true, isVerified: true });
    const empty = await api.createUser('deleteempty');
    expect((await client.call('/users/deleteUser', { ID: empty.ID })).status).toBe('ok');
    expect((await client.call('/users/getSingleUser', { ID: empty.ID })).data).toBe('NOT_FOUND');
    const advertiserUser = await api.createUser('deleteadv');
    await api.createAdvertiser(advertiserUser.ID);
    expect((await client.call('/users/deleteUser', { ID: advertiserUser.ID })).data).toBe('CONFLICT');
    expect((await client.call('/users/deleteUser', { ID: admin.ID })).data).toBe('FORBIDDEN');
    const { client: manager } = await api.loggedIn('deletemanager', { isManager: true, isVerified: true });
    const victim = await api.createUser('deletevictim');
    expect((await manager.call('/users/deleteUser', { ID: victim.ID })).data).toBe('FORBIDDEN');
  });
});
