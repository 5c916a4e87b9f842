import type { Caller, ErrorCode } from '@leadmesh/schema';
import type { AdvertiserRow, UserRow } from '@leadmesh/schema/tables';

/** Who is calling: the session's user and, when they have one, their advertiser profile. */
export interface Principal {
  user: UserRow;
  advertiser: AdvertiserRow | null;
}

const isStaff = (u: UserRow) => u.isAdmin || u.isManager;

/** Whether one caller kind admits this principal. Pure, so it is unit-tested on its own. */
export function admits(caller: Caller, p: Principal | null): boolean {
  if (caller === 'anyone') return true;
  if (!p) return false;
  const u = p.user;
  switch (caller) {
    case 'session':
      return true;
    case 'verified':
      return u.isVerified;
    case 'publisher':
      return u.isVerified && !u.isPublisherHidden;
    case 'advertiser':
      return p.advertiser?.isVerified === true;
    case 'advertiserOwner':
      return p.advertiser !== null;
    case 'noAdvertiser':
      return p.advertiser === null;
    case 'staff':
      return isStaff(u);
    case 'publisherManager':
      return isStaff(u) || u.isPublisherManager;
    case 'advertiserManager':
      return isStaff(u) || u.isAdvertiserManager;
    case 'crmInfo':
      return isStaff(u) || u.isCRMInfoAllowed;
    case 'admin':
      return u.isAdmin;
  }
}

/**
 * Null when one of the callers admits the principal, else the error code: NOT_LOGGED_IN
 * without a session, NOT_VERIFIED when verification alone is missing, FORBIDDEN otherwise.
 */
export function checkAccess(callers: readonly Caller[], p: Principal | null): ErrorCode | null {
  if (callers.some((c) => admits(c, p))) return null;
  if (!p) return 'NOT_LOGGED_IN';
  const verified: Principal = {
    user: { ...p.user, isVerified: true },
    advertiser: p.advertiser ? { ...p.advertiser, isVerified: true } : null,
  };
  return callers.some((c) => admits(c, verified)) ? 'NOT_VERIFIED' : 'FORBIDDEN';
}

export const isStaffUser = isStaff;
