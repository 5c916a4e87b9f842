import { describe, expect, it } from 'vitest';
import { dashboardHome, homeRedirect, isBlockedForUnverified, sidebarGroups } from './access.ts';
import { remoteForPath, sectionTitle } from './routes.ts';
import { fakeSession } from './test-fixtures.ts';

const advertiserInfo = {
  ID: 3,
  CompanyName: 'Acme',
  CompanyAddress: 'Main 1',
  CompanyCity: 'Novi Sad',
  CompanyZipCode: 21000,
  TaxVatNumber: 'Tax: 1, VAT: 2',
  isInfiniteCredits: false,
  Credits: 1050,
  Flags: { isVerified: true },
} as never;

describe('sidebar groups', () => {
  it('shows publisher and advertiser Register for a plain publisher', () => {
    const groups = sidebarGroups(fakeSession());
    expect(groups.map((g) => g.key)).toEqual(['publisher', 'advertiser']);
    expect(groups[0].items.map((i) => i.label)).toEqual([
      'Dashboard',
      'Domains',
      'Offers',
      'Postback',
      'Leads',
      'Statistic',
      'Payments',
    ]);
    expect(groups[1].items.map((i) => i.label)).toEqual(['Register']);
  });

  it('hides the publisher group when the publisher role is hidden; full advertiser group with a profile', () => {
    const groups = sidebarGroups(
      fakeSession({ isPublisherHidden: true }, { AdvertiserInfo: advertiserInfo }),
    );
    expect(groups.map((g) => g.key)).toEqual(['advertiser']);
    expect(groups[0].items.map((i) => i.label)).toEqual([
      'Dashboard',
      'Offers',
      'Postback',
      'Leads',
      'Statistic',
      'CRM',
      'Payments',
    ]);
  });

  it('adds referrals with referral info and the staff groups by flag', () => {
    const refs = { RefferalInfo: { RefferalEarnings: 0, RefCode: 'x', ReferredCount: 0 } };
    expect(sidebarGroups(fakeSession({}, refs)).map((g) => g.key)).toContain('referrals');
    // Staff without an advertiser profile are offered no advertiser sign-up.
    expect(sidebarGroups(fakeSession({ isManager: true }, refs)).map((g) => g.key)).toEqual([
      'publisher',
      'referrals',
      'publishersManager',
      'advertisersManager',
    ]);
    // Referrals are a publisher's or an advertiser's: not for staff who are neither.
    expect(
      sidebarGroups(fakeSession({ isAdmin: true, isPublisherHidden: true }, refs)).map((g) => g.key),
    ).toEqual(['admin']);
    expect(sidebarGroups(fakeSession({ isPublisherManager: true })).map((g) => g.key)).toContain(
      'publishersManager',
    );
    expect(sidebarGroups(fakeSession({ isPublisherManager: true })).map((g) => g.key)).not.toContain(
      'advertisersManager',
    );
    const admin = sidebarGroups(fakeSession({ isAdmin: true }));
    expect(admin.at(-1)?.key).toBe('admin');
    expect(admin.at(-1)?.items).toHaveLength(15);
    expect(sidebarGroups(null)).toEqual([]);
  });

  it('leads each staff group with the network overview, once for a manager of both sides', () => {
    const first = (flags: object, group: string) =>
      sidebarGroups(fakeSession(flags))
        .find((g) => g.key === group)
        ?.items.filter((i) => i.path === '/dashboard/admin-dashboard')
        .map((i) => i.label);
    expect(first({ isAdmin: true }, 'admin')).toEqual(['Dashboard']);
    expect(first({ isPublisherManager: true }, 'publishersManager')).toEqual(['Dashboard']);
    expect(first({ isAdvertiserManager: true }, 'advertisersManager')).toEqual(['Dashboard']);
    expect(first({ isManager: true }, 'publishersManager')).toEqual(['Dashboard']);
    expect(first({ isManager: true }, 'advertisersManager')).toEqual([]);
    const [lead] =
      sidebarGroups(fakeSession({ isAdvertiserManager: true })).find((g) => g.key === 'advertisersManager')
        ?.items ?? [];
    expect(lead?.key).toBe('advertiser-manager-overview');
  });
});

describe('section title', () => {
  it.each([
    ['/dashboard/publisher-offers', 'Offers'],
    ['/dashboard/article/5', 'Offers'],
    ['/dashboard/domains', 'Domains'],
    ['/dashboard/publisher-leads', 'Leads'],
    ['/dashboard/payments-publisher', 'Payments'],
    ['/dashboard/crm', 'CRM'],
    ['/dashboard/profile', 'Settings'],
    ['/dashboard/postback', 'Postback'],
    ['/dashboard/referral-overview', 'Overview'],
    ['/dashboard/referral-publisher', 'Publisher referrals'],
    ['/dashboard/referral-advertiser', 'Advertiser referrals'],
    ['/dashboard/publisher', 'Dashboard'],
    ['/dashboard/publisher-statistic', 'Statistic'],
    ['/dashboard/advertiser-offers', 'Offers'],
    ['/dashboard/advertiser-leads', 'Leads'],
    ['/dashboard/payments-advertiser', 'Payments'],
    ['/dashboard/registeradvertiser', 'Register'],
    ['/dashboard/domains/', 'Domains'],
    ['/dashboard/admin-users', 'Users'],
    ['/dashboard/admin-offers', 'Offers'],
    ['/dashboard/no-such-screen', 'Page not found'],
    ['/dashboard/article', 'Page not found'],
  ])('%s → %s', (path, title) => {
    expect(sectionTitle(path)).toBe(title);
  });
});

describe('routing rules', () => {
  it('gives each role its home: publisher, advertiser (or its sign-up), the overview for staff', () => {
    const advertiser = { AdvertiserInfo: advertiserInfo as never };
    expect(dashboardHome(fakeSession())).toBe('/dashboard/publisher');
    expect(dashboardHome(fakeSession({ isPublisherHidden: true }, advertiser))).toBe('/dashboard/advertiser');
    expect(dashboardHome(fakeSession({ isPublisherHidden: true }))).toBe('/dashboard/registeradvertiser');
    expect(dashboardHome(fakeSession({}, advertiser))).toBe('/dashboard/publisher');
    for (const flag of ['isAdmin', 'isManager', 'isPublisherManager', 'isAdvertiserManager'] as const) {
      expect(dashboardHome(fakeSession({ [flag]: true, isPublisherHidden: true }))).toBe(
        '/dashboard/admin-dashboard',
      );
      expect(dashboardHome(fakeSession({ [flag]: true }))).toBe('/dashboard/admin-dashboard');
    }
  });

  it('leads bare /dashboard home, and the publisher dashboard home when the publisher menu is hidden', () => {
    const advertiser = fakeSession({ isPublisherHidden: true }, { AdvertiserInfo: advertiserInfo as never });
    const admin = fakeSession({ isAdmin: true, isPublisherHidden: true });
    expect(homeRedirect('/dashboard/', advertiser)).toBe('/dashboard/advertiser');
    expect(homeRedirect('/dashboard/publisher', advertiser)).toBe('/dashboard/advertiser');
    expect(homeRedirect('/dashboard/publisher', admin)).toBe('/dashboard/admin-dashboard');
    expect(homeRedirect('/dashboard', admin)).toBe('/dashboard/admin-dashboard');
    // Staff who keep the publisher menu may open the publisher dashboard from it.
    expect(homeRedirect('/dashboard/publisher', fakeSession({ isManager: true }))).toBeNull();
    expect(homeRedirect('/dashboard/publisher', fakeSession())).toBeNull();
    expect(homeRedirect('/dashboard/crm', advertiser)).toBeNull();
    const withProfile = fakeSession({}, { AdvertiserInfo: advertiserInfo as never });
    withProfile.UserInfo.AdvertiserID = 3;
    expect(homeRedirect('/dashboard/registeradvertiser', withProfile)).toBe('/dashboard/advertiser');
  });

  it('walls the data screens for unverified users only', () => {
    const unverified = fakeSession({ isVerified: false });
    for (const path of [
      'payments-publisher',
      'publisher-leads',
      'publisher-statistic',
      'referral-overview',
    ]) {
      expect(isBlockedForUnverified(`/dashboard/${path}`, unverified)).toBe(true);
    }
    for (const path of ['publisher-offers', 'postback', 'domains', 'article/3']) {
      expect(isBlockedForUnverified(`/dashboard/${path}`, unverified)).toBe(true);
    }
    // The dashboard's own call needs a verified publisher too: the wall, not "Can't fetch data".
    expect(isBlockedForUnverified('/dashboard/publisher', unverified)).toBe(true);
    expect(isBlockedForUnverified('/dashboard/profile', unverified)).toBe(false);
    expect(isBlockedForUnverified('/dashboard/publisher-leads', fakeSession())).toBe(false);
    const unverifiedAdvertiser = fakeSession(
      {},
      { AdvertiserInfo: { ...(advertiserInfo as object), Flags: { isVerified: false } } as never },
    );
    expect(isBlockedForUnverified('/dashboard/crm', unverifiedAdvertiser)).toBe(true);
    expect(isBlockedForUnverified('/dashboard/publisher-leads', unverifiedAdvertiser)).toBe(false);
  });

  it('opens the advertiser screens to a signed-up advertiser verified with "Verify advertiser"', () => {
    // Sign-up leaves the user unverified with the publisher role hidden; verifyAdvertiser sets the advertiser's flag.
    const signedUp = fakeSession(
      { isVerified: false, isPublisherHidden: true },
      { AdvertiserInfo: { ...(advertiserInfo as object), Flags: { isVerified: true } } as never },
    );
    for (const path of [
      'advertiser-offers',
      'advertiser-leads',
      'advertiser-statistic',
      'crm',
      'payments-advertiser',
      'postback',
    ]) {
      expect(isBlockedForUnverified(`/dashboard/${path}`, signedUp), path).toBe(false);
    }
  });

  it('routes each dashboard path to its remote', () => {
    expect(remoteForPath('/dashboard/publisher')).toBe('mf_publisher');
    expect(remoteForPath('/dashboard/profile')).toBe('mf_publisher');
    expect(remoteForPath('/dashboard/advertiser')).toBe('mf_advertiser');
    expect(remoteForPath('/dashboard/crm')).toBe('mf_advertiser');
    expect(remoteForPath('/dashboard/registeradvertiser')).toBe('mf_publisher');
    expect(remoteForPath('/dashboard/admin-users')).toBe('mf_admin');
    expect(remoteForPath('/dashboard/manager-publishers')).toBe('mf_admin');
    expect(remoteForPath('/dashboard/article/12')).toBe('mf_publisher');
    expect(remoteForPath('/dashboard/referral-advertiser')).toBe('mf_publisher');
    // No page has these paths: the shell shows its not-found page and loads no remote.
    expect(remoteForPath('/dashboard/admin-nothing')).toBeNull();
    expect(remoteForPath('/dashboard/publisher/extra')).toBeNull();
    expect(remoteForPath('/login')).toBeNull();
  });
});
