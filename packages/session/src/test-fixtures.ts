import type { SessionData, UserFlags } from '@leadmesh/schema';

/** A session answer for tests, with flags and parts overridable. */
export function fakeSession(
  flags: Partial<UserFlags> = {},
  parts: Partial<Omit<SessionData, 'UserInfo'>> = {},
): SessionData {
  return {
    UserInfo: {
      ID: 7,
      Username: 'publisher',
      Email: 'p@example.com',
      FirstName: 'Pat',
      LastName: 'Lee',
      Country: 'RS',
      ZIP: 11000,
      Experience: 2,
      ContactWhatsapp: null,
      ContactSkype: null,
      ContactTelegram: null,
      AssignedManagerID: null,
      AdvertiserID: null,
      ReferralPercentEarnings: 0,
      AutoPayoutInterval: 0,
      RefCode: 'abc',
      createdAt: new Date('2024-01-01T00:00:00Z'),
      PaymentMethod: null,
      LastKnownLocation: null,
      EstimatedEarnings: 1234,
      Flags: {
        isAdmin: false,
        isManager: false,
        isPublisherManager: false,
        isAdvertiserManager: false,
        isVerified: true,
        isRefferalEnabled: false,
        isPublisherHidden: false,
        isCRMInfoAllowed: false,
        theme: 'dark',
        ...flags,
      },
    } as unknown as SessionData['UserInfo'],
    AssignedManager: null,
    RefferalInfo: null,
    AdvertiserInfo: null,
    ...parts,
  };
}
