import type { UserFlag } from '@leadmesh/schema';
import { countryOptions } from '@leadmesh/ui';

/** Country codes for a filter's fixed choices (flag and name as the label). */
export function countryFilterOptions(): { value: string; label: string }[] {
  return countryOptions().map(({ value, label }) => ({ value: String(value), label: String(label) }));
}

/** What each user flag means, for people (the edit dialog's checkboxes and More info's tags). */
export const FLAG_LABELS: Record<UserFlag, string> = {
  isAdmin: 'Admin',
  isManager: 'Manager',
  isPublisherManager: 'Publisher manager',
  isAdvertiserManager: 'Advertiser manager',
  isVerified: 'Verified',
  isRefferalEnabled: 'Referrals enabled',
  isPublisherHidden: 'Publisher role hidden',
  isCRMInfoAllowed: 'CRM info allowed',
};

/** How often a user is paid out on their own (admin §6): every so many days, or None (0). */
export const autoPayoutLabel = (days: number): string => (days === 0 ? 'None' : `Every ${days} days`);
