import { hashPassword } from '@leadmesh/db';
import * as t from '@leadmesh/schema/tables';
import type { SeedContext } from './context.ts';
import { DAY } from './context.ts';
import { DEMO_PASSWORDS, FIRST_NAMES, LAST_NAMES } from './demo-data.ts';

export type UserRow = typeof t.users.$inferSelect;

export interface People {
  admin: UserRow;
  manager: UserRow;
  publisher: UserRow;
  publisher2: UserRow;
  newbie: UserRow;
  advertiserUser: UserRow;
  advertiserUser2: UserRow;
}

/** Staff, publishers (one referred, one unverified) and the two advertisers' users. */
export async function seedPeople(ctx: SeedContext): Promise<People> {
  const { r, now, days } = ctx;
  const { db } = ctx.handle;
  const [adminHash, managerHash, publisherHash, advertiserHash] = await Promise.all([
    hashPassword(DEMO_PASSWORDS.admin),
    hashPassword(DEMO_PASSWORDS.manager),
    hashPassword(DEMO_PASSWORDS.publisher),
    hashPassword(DEMO_PASSWORDS.advertiser),
  ]);
  const longAgo = new Date(now - (days + 30) * DAY);
  const person = (username: string, hash: string, extra: Partial<typeof t.users.$inferInsert>) => ({
    Username: username,
    Email: `${username}@leadmesh.example`,
    PasswordHash: hash,
    FirstName: r.pick(FIRST_NAMES),
    LastName: r.pick(LAST_NAMES),
    Country: 'RS',
    ZIP: 11000,
    Experience: r.int(1, 8),
    RefCode: `${username}-ref`,
    isRefferalEnabled: true,
    createdAt: longAgo,
    ...extra,
  });
  const insert = async (values: typeof t.users.$inferInsert) =>
    (await db.insert(t.users).values(values).returning())[0];

  // Staff first, so publishers can be assigned to the manager.
  const admin = await insert(
    person('admin', adminHash, {
      FirstName: 'Ada',
      LastName: 'Admin',
      isAdmin: true,
      isVerified: true,
      isPublisherHidden: true,
      isCRMInfoAllowed: true,
    }),
  );
  const manager = await insert(
    person('manager', managerHash, {
      FirstName: 'Mila',
      LastName: 'Manager',
      isManager: true,
      isPublisherManager: true,
      isAdvertiserManager: true,
      isVerified: true,
      isPublisherHidden: true,
      ContactSkype: 'leadmesh.mila',
      ContactTelegram: '@leadmesh_mila',
      ContactWhatsapp: '+381 60 000 0001',
    }),
  );
  const publisher = await insert(
    person('publisher', publisherHash, {
      FirstName: 'Petar',
      LastName: 'Publisher',
      isVerified: true,
      AssignedManagerID: manager.ID,
      ContactTelegram: '@petar_pub',
      PaymentMethod: { type: 'Paypal', OwnerName: 'Petar Publisher', EMail: 'petar.pay@leadmesh.example' },
      AutoPayoutInterval: 14,
    }),
  );
  const publisher2 = await insert(
    person('publisher2', publisherHash, {
      FirstName: 'Sara',
      LastName: 'Savic',
      isVerified: true,
      AssignedManagerID: manager.ID,
      ReferredByID: publisher.ID,
    }),
  );
  const newbie = await insert(
    person('newbie', publisherHash, {
      FirstName: 'Nina',
      LastName: 'Novak',
      isVerified: false,
      createdAt: new Date(now - 2 * DAY),
    }),
  );
  const advertiserUser = await insert(
    person('advertiser', advertiserHash, {
      FirstName: 'Andrej',
      LastName: 'Advertiser',
      isVerified: true,
      isPublisherHidden: true,
      AssignedManagerID: manager.ID,
      ReferredByID: publisher.ID,
    }),
  );
  const advertiserUser2 = await insert(
    person('advertiser2', advertiserHash, {
      FirstName: 'Vesna',
      LastName: 'Voltix',
      isVerified: true,
      isPublisherHidden: true,
      AssignedManagerID: manager.ID,
    }),
  );
  ctx.log('users created');
  return { admin, manager, publisher, publisher2, newbie, advertiserUser, advertiserUser2 };
}
