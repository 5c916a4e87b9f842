import { describe, expect, it } from 'vitest';
import { sidebarGroups } from './access.ts';
import { DASHBOARD_ROUTES, findRoute, PUBLIC_ROUTES, routesOf, routeUrl } from './routes.ts';
import { fakeSession } from './test-fixtures.ts';

describe('the route table', () => {
  it('lists every dashboard route of the spec once (dashboards §2 Dashboard routing, admin §2)', () => {
    const paths = DASHBOARD_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      'domains',
      'postback',
      'registeradvertiser',
      'profile',
      'crm',
      'publisher-offers',
      'advertiser-offers',
      'article/:offerId',
      'publisher-leads',
      'advertiser-leads',
      'publisher',
      'advertiser',
      'payments-publisher',
      'payments-advertiser',
      'referral-overview',
      'referral-publisher',
      'referral-advertiser',
      'advertiser-statistic',
      'publisher-statistic',
      'manager-publishers',
      'manager-publisherStats',
      'manager-advertisers',
    ]) {
      expect(paths).toContain(path);
    }
    expect(paths.filter((p) => p.startsWith('admin-'))).toHaveLength(15);
  });

  it('gives each sidebar entry a unique key', () => {
    const keys = DASHBOARD_ROUTES.flatMap((r) => r.nav ?? []).map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lists the admin entries in the spec’s order (admin §2 Admin navigation)', () => {
    const admin = sidebarGroups(fakeSession({ isAdmin: true })).find((g) => g.key === 'admin');
    expect(admin?.items.map((i) => i.label)).toEqual([
      'Dashboard',
      'Publisher stats',
      'Lead stats',
      'API tokens',
      'Blocked leads',
      'Leads',
      'Offers',
      'Custom payouts',
      'Users',
      'Advertisers',
      'Domains',
      'Websites',
      'Payments',
      'Invoices',
      'Logs',
    ]);
  });

  it('labels every entry in words and titles its screen as the entry (issue 16)', () => {
    for (const route of DASHBOARD_ROUTES) {
      for (const entry of route.nav ?? []) {
        expect(entry.label, entry.key).not.toMatch(/[a-z][A-Z]|^[A-Z]{2,}[a-z]/);
        // The referral screens keep the spec's longer titles (Publisher referrals for Referrals › Publishers).
        const title =
          entry.group === 'referrals' ? route.title.replace(/^(\w+) referrals$/, '$1s') : route.title;
        expect(title, entry.key).toBe(entry.label);
      }
    }
  });

  it('finds routes with parameters and ignores a trailing slash', () => {
    expect(findRoute('/dashboard/article/42')?.path).toBe('article/:offerId');
    expect(findRoute('/dashboard/crm/')?.remote).toBe('mf_advertiser');
    expect(findRoute('/')?.remote).toBe('mf_public');
    expect(findRoute('/login')?.title).toBe('Log in');
    expect(findRoute('/nowhere')).toBeNull();
    expect(findRoute('/dashboard')).toBeNull();
  });

  it('gives each remote its own routes and every sidebar entry a URL of the table', () => {
    expect(routesOf('mf_public')).toEqual(PUBLIC_ROUTES);
    expect(routesOf('mf_admin').every((r) => /^(admin|manager)-/.test(r.path))).toBe(true);
    const urls = new Set(DASHBOARD_ROUTES.map(routeUrl));
    const all = sidebarGroups(
      fakeSession(
        { isAdmin: true, isManager: true },
        { RefferalInfo: { RefferalEarnings: 0, RefCode: 'x', ReferredCount: 0 } as never },
      ),
    );
    for (const item of all.flatMap((g) => g.items)) expect(urls.has(item.path)).toBe(true);
  });
});
