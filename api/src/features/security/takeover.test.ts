/**
 * Issue 18 §1: a manager taking over a publisher's account through its e-mail, and what guards an
 * e-mail change now (decision 0030).
 */
import { emailChangeCodes, logs, mailOutbox, users } from '@leadmesh/schema/tables';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test/harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(async () => {
  await api.close();
});

const paypal = (EMail: string) => ({ type: 'Paypal', OwnerName: 'Some One', EMail });
const mailsTo = (to: string) =>
  api.db.select().from(mailOutbox).where(eq(mailOutbox.To, to)).orderBy(desc(mailOutbox.ID));

describe('the takeover of issue 18 §1', () => {
  it('a manager cannot move a publisher’s e-mail to their own, so the reset and the payout stay the publisher’s', async () => {
    const { user: publisher, client: publisherSession } = await api.loggedIn('takeoverpub', {
      isVerified: true,
    });
    await api.db
      .update(users)
      .set({ PaymentMethod: paypal('takeoverpub@example.com') })
      .where(eq(users.ID, publisher.ID));
    const { user: manager, client: managerSession } = await api.loggedIn('takeovermgr', {
      isManager: true,
      isVerified: true,
    });

    // 1. The manager sets the publisher's e-mail to an address of their own.
    const edit = await managerSession.call('/users/editUser', {
      id: publisher.ID,
      newEmail: 'takeover-mgr-inbox@example.com',
    });
    expect(edit).toMatchObject({
      httpStatus: 403,
      data: 'FORBIDDEN',
      details: { message: 'Only an admin may change the e-mail of another user.' },
    });
    const [unchanged] = await api.db.select().from(users).where(eq(users.ID, publisher.ID));
    expect(unchanged.Email).toBe('takeoverpub@example.com');
    expect(unchanged.PaymentHoldUntil).toBeNull();
    expect(await mailsTo('takeoverpub@example.com')).toHaveLength(0);

    // 2. Anyone asks for a reset code at that address: none is sent, and no code resets the password.
    expect(
      (await api.client().call('/auth/sendUniqueToken', { Email: 'takeover-mgr-inbox@example.com' })).status,
    ).toBe('ok');
    expect(await mailsTo('takeover-mgr-inbox@example.com')).toHaveLength(0);
    for (const Token of ['00000000', '12345678']) {
      const reset = await api.client().call('/auth/resetPassword', {
        Email: 'takeover-mgr-inbox@example.com',
        Token,
        NewPassword: 'managers-password',
      });
      expect(reset.data).toBe('INVALID_RESET_CODE');
    }
    expect(
      (await api.client().call('/auth/login', { username: 'takeoverpub', password: 'managers-password' }))
        .data,
    ).toBe('INVALID_CREDENTIALS');

    // 3. The publisher's own session and password still work, and the payout still goes to their method.
    expect((await publisherSession.call('/auth/checkLogin')).status).toBe('ok');
    expect(
      (await api.client().call('/auth/login', { username: 'takeoverpub', password: 'password123' })).status,
    ).toBe('ok');
    const [after] = await api.db.select().from(users).where(eq(users.ID, publisher.ID));
    expect(after.PaymentMethod).toEqual(paypal('takeoverpub@example.com'));
    // Nor may the manager set the method directly (decision 0020).
    expect(
      (
        await managerSession.call('/users/editUser', {
          id: publisher.ID,
          PaymentMethod: paypal('mgr@example.com'),
        })
      ).data,
    ).toBe('FORBIDDEN');
    expect(
      await api.db
        .select()
        .from(logs)
        .where(like(logs.Log, `User edited [user:${publisher.ID}] %[by:${manager.ID}]`)),
    ).toHaveLength(0);
  });

  it('publisher and advertiser managers are refused the same way, with the message the user dialog shows', async () => {
    const pub = await api.createUser('takeoverpub2', { isVerified: true });
    const adv = await api.createUser('takeoveradv2', { isVerified: true, isPublisherHidden: true });
    await api.createAdvertiser(adv.ID);
    const { client: pm } = await api.loggedIn('takeoverpm', { isPublisherManager: true, isVerified: true });
    const { client: am } = await api.loggedIn('takeoveram', { isAdvertiserManager: true, isVerified: true });
    for (const [client, target] of [
      [pm, pub],
      [am, adv],
    ] as const) {
      const answer = await client.call('/users/editUser', {
        id: target.ID,
        FirstName: 'Renamed',
        newEmail: 'elsewhere@example.com',
      });
      expect(answer.data).toBe('FORBIDDEN');
      expect(answer.details?.message).toBe('Only an admin may change the e-mail of another user.');
      const [row] = await api.db.select().from(users).where(eq(users.ID, target.ID));
      expect(row).toMatchObject({ Email: target.Email, FirstName: 'Test' });
    }
  });
});

describe('an admin’s change of another user’s e-mail', () => {
  it('is audited naming who, tells the old address with the time, and holds payment-method changes for 24 hours', async () => {
    const { user: publisher, client: publisherSession } = await api.loggedIn('heldpub', { isVerified: true });
    await api.db
      .update(users)
      .set({ PaymentMethod: paypal('heldpub@example.com') })
      .where(eq(users.ID, publisher.ID));
    const { user: admin, client: adminSession } = await api.loggedIn('holdadmin', {
      isAdmin: true,
      isVerified: true,
    });
    // A reset code the publisher asked for before the change stops working with it.
    await api.client().call('/auth/sendUniqueToken', { Email: 'heldpub@example.com' });
    const [resetMail] = await mailsTo('heldpub@example.com');
    const oldCode = /code is (\d+)/.exec(resetMail.Text)?.[1] ?? '';

    const before = Date.now();
    const answer = await adminSession.call('/users/editUser', {
      id: publisher.ID,
      newEmail: 'heldpub-new@example.com',
    });
    expect(answer.status).toBe('ok');
    const [row] = await api.db.select().from(users).where(eq(users.ID, publisher.ID));
    expect(row.Email).toBe('heldpub-new@example.com');
    const until = row.PaymentHoldUntil?.getTime() ?? 0;
    expect(until).toBeGreaterThanOrEqual(before + 24 * 3_600_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);

    const [notice] = (await mailsTo('heldpub@example.com')).filter((m) => m.Template === 'email-changed');
    expect(notice.Text).toMatch(
      /changed to heldpub-new@example\.com on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC by a Leadmesh staff member\. Payouts and payment-method changes are held until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/,
    );
    const [entry] = await api.db
      .select()
      .from(logs)
      .where(like(logs.Log, `User edited [user:${publisher.ID}] %[by:${admin.ID}]`));
    expect(entry.LogLevel).toBe(1);
    expect(entry.Log).toMatch(/oldEmail:heldpub@example\.com\] \[newEmail:heldpub-new@example\.com\]/);
    expect(entry.Log).toContain(`[paymentHoldUntil:${row.PaymentHoldUntil?.toISOString()}]`);

    expect(
      (
        await api.client().call('/auth/resetPassword', {
          Email: 'heldpub@example.com',
          Token: oldCode,
          NewPassword: 'another-password',
        })
      ).data,
    ).toBe('INVALID_RESET_CODE');

    // The owner (and anyone else) cannot point payouts elsewhere until the hold ends, and is told why.
    for (const client of [publisherSession, adminSession]) {
      const change = await client.call('/users/editUser', {
        id: publisher.ID,
        PaymentMethod: paypal('elsewhere@example.com'),
      });
      expect(change).toMatchObject({
        httpStatus: 409,
        data: 'CONFLICT',
        details: { field: 'PaymentMethod' },
      });
      expect(change.details?.message).toMatch(
        /^The payment method cannot change until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC: the account's e-mail was changed by a Leadmesh staff member on/,
      );
    }
    const seen = await publisherSession.call('/users/getSingleUser', { ID: publisher.ID, showPayment: true });
    expect((seen.data as { PaymentHold: unknown }).PaymentHold).toEqual({
      until: row.PaymentHoldUntil?.toISOString(),
      reason: row.PaymentHoldReason,
    });

    // Once the hold has passed, the method may change again.
    await api.db
      .update(users)
      .set({ PaymentHoldUntil: new Date(Date.now() - 1000) })
      .where(eq(users.ID, publisher.ID));
    expect(
      (
        await publisherSession.call('/users/editUser', {
          id: publisher.ID,
          PaymentMethod: paypal('later@example.com'),
        })
      ).status,
    ).toBe('ok');
  });
});

describe('changing one’s own e-mail', () => {
  it('waits for the code mailed to the new address, then tells the old address', async () => {
    const { user, client } = await api.loggedIn('selfchanger', { isVerified: true });
    const asked = await client.call('/users/editUser', {
      id: user.ID,
      newEmail: 'selfchanger-new@example.com',
    });
    expect(asked.status).toBe('ok');
    expect(asked.data).toMatchObject({
      Email: 'selfchanger@example.com',
      PendingEmail: 'selfchanger-new@example.com',
    });
    const [row] = await api.db.select().from(users).where(eq(users.ID, user.ID));
    expect(row.Email).toBe('selfchanger@example.com');
    const [codeMail] = await mailsTo('selfchanger-new@example.com');
    expect(codeMail.Template).toBe('email-change-code');
    const code = /is (\d{8})/.exec(codeMail.Text)?.[1] ?? '';
    expect(code).toHaveLength(8);

    const wrong = await client.call('/users/confirmEmailChange', {
      Code: code === '11111111' ? '22222222' : '11111111',
    });
    expect(wrong).toMatchObject({
      data: 'VALIDATION_ERROR',
      details: { field: 'Code', message: 'The code is wrong or has expired' },
    });
    // Someone else's session cannot use the code.
    const { client: other } = await api.loggedIn('selfchangerother', { isVerified: true });
    expect((await other.call('/users/confirmEmailChange', { Code: code })).data).toBe('VALIDATION_ERROR');

    const confirmed = await client.call('/users/confirmEmailChange', { Code: code });
    expect(confirmed).toMatchObject({ status: 'ok', data: { Email: 'selfchanger-new@example.com' } });
    const [notice] = (await mailsTo('selfchanger@example.com')).filter((m) => m.Template === 'email-changed');
    expect(notice.Text).toMatch(
      /changed to selfchanger-new@example\.com on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC by you/,
    );
    // Single use.
    expect((await client.call('/users/confirmEmailChange', { Code: code })).data).toBe('VALIDATION_ERROR');
    const open = await api.db
      .select()
      .from(emailChangeCodes)
      .where(and(eq(emailChangeCodes.UserID, user.ID)));
    expect(open.every((c) => c.usedAt !== null)).toBe(true);
  });

  it('burns the code after five wrong tries', async () => {
    const { user, client } = await api.loggedIn('selfguesser', { isVerified: true });
    await client.call('/users/editUser', { id: user.ID, newEmail: 'selfguesser-new@example.com' });
    const [codeMail] = await mailsTo('selfguesser-new@example.com');
    const code = /is (\d{8})/.exec(codeMail.Text)?.[1] ?? '';
    const wrongCode = code === '99999999' ? '99999998' : '99999999';
    for (let i = 0; i < 5; i++) await client.call('/users/confirmEmailChange', { Code: wrongCode });
    expect((await client.call('/users/confirmEmailChange', { Code: code })).data).toBe('VALIDATION_ERROR');
    const [row] = await api.db.select().from(users).where(eq(users.ID, user.ID));
    expect(row.Email).toBe('selfguesser@example.com');
  });
});
