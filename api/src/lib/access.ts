import type { Caller } from '@leadmesh/core';
import {
  admitsCaller,
  type CallerFlags,
  type CallerKind,
  callRefusal,
  type ErrorCode,
} from '@leadmesh/schema';

/** What the shared caller rule reads of a caller (packages/schema constants/callers.ts, decision 0046). */
export function callerFlags(p: Caller | null): CallerFlags | null {
  if (!p) return null;
  const u = p.user;
  return {
    user: {
      isVerified: u.isVerified,
      isPublisherHidden: u.isPublisherHidden,
      isAdmin: u.isAdmin,
      isManager: u.isManager,
      isPublisherManager: u.isPublisherManager,
      isAdvertiserManager: u.isAdvertiserManager,
      isCRMInfoAllowed: u.isCRMInfoAllowed,
    },
    advertiser: p.advertiser ? { isVerified: p.advertiser.isVerified } : null,
  };
}

/** Whether one caller kind admits this caller: the rule the screens' guards use too. */
export function admits(kind: CallerKind, p: Caller | null): boolean {
  return admitsCaller(kind, callerFlags(p));
}

/**
 * Null when one of the kinds admits the caller, else the error code: NOT_LOGGED_IN without a
 * session, NOT_VERIFIED when verification alone is missing, FORBIDDEN otherwise.
 */
export function checkAccess(kinds: readonly CallerKind[], p: Caller | null): ErrorCode | null {
  return callRefusal(kinds, callerFlags(p));
}
