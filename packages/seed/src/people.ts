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

type UserInsert = typeof t.users.$inferInsert;

interface DemoPerson {
  key: keyof People;
  username: string;
  password: keyof typeof DEMO_PASSWORDS;
  /** Its own fields; `earlier` holds the people inserted before it. */
  fields: (earlier: People, now: number) => Partial<UserInsert>;
}

/** The demo users in insert order: staff first, so publishers can be assigned to the manager. */
const DEMO_PEOPLE: DemoPerson[] = [
  {
    key: 'admin',
    username: 'admin',
    password: 'admin',
    fields: () => ({
      FirstName: 'Ada',
      LastName: 'Admin',
      isAdmin: true,
      isVerified: true,
      isPublisherHidden: true,
      isCRMInfoAllowed: true,
    }),
  },
  {
    key: 'manager',
    username: 'manager',
    password: 'manager',
    fields: () => ({
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
  },
  {
    key: 'publisher',
    username: 'publisher',
    password: 'publisher',
    fields: ({ manager }) => ({
      FirstName: 'Petar',
      LastName: 'Publisher',
      isVerified: true,
      AssignedManagerID: manager.ID,
      ContactTelegram: '@petar_pub',
      PaymentMethod: { type: 'Paypal', OwnerName: 'Petar Publisher', EMail: 'petar.pay@leadmesh.example' },
      AutoPayoutInterval: 14,
    }),
  },
  {
    key: 'publisher2',
    username: 'publisher2',
    password: 'publisher',
    fields: ({ manager, publisher }) => ({
      FirstName: 'Sara',
      LastName: 'Savic',
      isVerified: true,
      AssignedManagerID: manager.ID,
      ReferredByID: publisher.ID,
    }),
  },
  {
    key: 'newbie',
    username: 'newbie',
    password: 'publisher',
    fields: (_, now) => ({
      FirstName: 'Nina',
      LastName: 'Novak',
      isVerified: false,
      createdAt: new Date(now - 2 * DAY),
    }),
  },
  {
    key: 'advertiserUser',
    username: 'advertiser',
    password: 'advertiser',
    fields: ({ manager, publisher }) => ({
      FirstName: 'Andrej',
      LastName: 'Advertiser',
      isVerified: true,
      isPublisherHidden: true,
      AssignedManagerID: manager.ID,
      ReferredByID: publisher.ID,
    }),
  },
  {
    key: 'advertiserUser2',
    username: 'advertiser2',
    password: 'advertiser',
    fields: ({ manager }) => ({
      FirstName: 'Vesna',
      LastName: 'Voltix',
      isVerified: true,
      isPublisherHidden: true,
      AssignedManagerID: manager.ID,
    }),
  },
];

/** Staff, publishers (one referred, one unverified) and the two advertisers' users. */
export async function seedPeople(ctx: SeedContext): Promise<People> {
  const { r, now, days } = ctx;
  const { db } = ctx.handle;
  const roles = Object.keys(DEMO_PASSWORDS) as (keyof typeof DEMO_PASSWORDS)[];
  const hashes = new Map(
    await Promise.all(roles.map(async (role) => [role, await hashPassword(DEMO_PASSWORDS[role])] as const)),
  );
  const longAgo = new Date(now - (days + 30) * DAY);
  const people = {} as People;
  for (const { key, username, password, fields } of DEMO_PEOPLE) {
    const values: UserInsert = {
      Username: username,
      Email: `${username}@leadmesh.example`,
      PasswordHash: hashes.get(password) ?? '',
      FirstName: r.pick(FIRST_NAMES),
      LastName: r.pick(LAST_NAMES),
      Country: 'RS',
      ZIP: 11000,
      Experience: r.int(1, 8),
      RefCode: `${username}-ref`,
      isRefferalEnabled: true,
      createdAt: longAgo,
      ...fields(people, now),
    };
    [people[key]] = await db.insert(t.users).values(values).returning();
  }
  ctx.log('users created');
  return people;
}
