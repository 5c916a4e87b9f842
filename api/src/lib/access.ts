import { type Caller, isStaff } from '@leadmesh/core';
import type { CallerKind, ErrorCode } from '@leadmesh/schema';

/** Whether one caller kind admits this caller. Pure, so it is unit-tested on its own. */
export function admits(kind: CallerKind, p: Caller | null): boolean {
  if (kind === 'anyone') return true;
  if (!p) return false;
  const u = p.user;
  switch (kind) {
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
 * Null when one of the kinds admits the caller, else the error code: NOT_LOGGED_IN without a
 * session, NOT_VERIFIED when verification alone is missing, FORBIDDEN otherwise.
 */
export function checkAccess(kinds: readonly CallerKind[], p: Caller | null): ErrorCode | null {
  if (kinds.some((k) => admits(k, p))) return null;
  if (!p) return 'NOT_LOGGED_IN';
  const verified: Caller = {
    user: { ...p.user, isVerified: true },
    advertiser: p.advertiser ? { ...p.advertiser, isVerified: true } : null,
  };
  return kinds.some((k) => admits(k, verified)) ? 'NOT_VERIFIED' : 'FORBIDDEN';
}
