import type { UserFlags } from '@leadmesh/schema';

/** Who may open a screen, by the callers of the calls it makes (docs endpoints.md). */
export type ScreenAudience = 'admin' | 'staff' | 'publisherManager' | 'advertiserManager' | 'anyManager';

/** The audience of each mf-admin route: the server enforces the same through the calls' callers. */
export const SCREEN_AUDIENCE: Record<string, ScreenAudience> = {
  // The overview (each side manager sees their side); ?p= asks the publisher calls, which refuse others.
  'admin-dashboard': 'anyManager',
  'admin-publisherStats': 'publisherManager',
  'manager-publisherStats': 'publisherManager',
  'admin-leadStats': 'publisherManager',
  'admin-users': 'staff',
  'manager-publishers': 'publisherManager',
  'admin-advertisers': 'advertiserManager',
  'manager-advertisers': 'advertiserManager',
  'admin-offers': 'admin',
  'admin-apitokens': 'admin',
  'admin-blockedLeads': 'admin',
  'admin-leads': 'admin',
  'admin-customPayouts': 'admin',
  'admin-domains': 'admin',
  'admin-websites': 'admin',
  'admin-payments': 'admin',
  'admin-invoices': 'admin',
  'admin-logs': 'admin',
};

type Flags = Pick<UserFlags, 'isAdmin' | 'isManager' | 'isPublisherManager' | 'isAdvertiserManager'>;

/** Whether flags belong to the audience (staff = admin or manager; side managers include staff). */
export function inAudience(audience: ScreenAudience, flags: Flags | null | undefined): boolean {
  if (!flags) return false;
  const staff = flags.isAdmin || flags.isManager;
  switch (audience) {
    case 'admin':
      return flags.isAdmin;
    case 'staff':
      return staff;
    case 'publisherManager':
      return staff || flags.isPublisherManager;
    case 'advertiserManager':
      return staff || flags.isAdvertiserManager;
    case 'anyManager':
      return staff || flags.isPublisherManager || flags.isAdvertiserManager;
  }
}

/** Whether a user with these flags may open the screen at `path` (unknown paths: admins only). */
export function canOpenScreen(path: string, flags: Flags | null | undefined): boolean {
  return inAudience(SCREEN_AUDIENCE[path] ?? 'admin', flags);
}
