/**
 * Who may make a call, and the one rule that admits a caller (decision 0046). Kept here, free of
 * zod, so the API (every call's check) and the browser (every screen's guard, packages/session)
 * decide with the same function on the same declarations (`CALL_CALLERS`).
 *
 * - anyone: no session needed
 * - session: any logged-in user, verified or not
 * - verified: logged in with Flags.isVerified
 * - publisher: verified, publisher role not hidden
 * - advertiser: has an advertiser profile that is verified (decision 0045)
 * - advertiserOwner: has an advertiser profile, verified or not
 * - noAdvertiser: logged in and has no advertiser profile yet
 * - staff: isAdmin or isManager
 * - publisherManager: staff or isPublisherManager
 * - advertiserManager: staff or isAdvertiserManager
 * - crmInfo: isAdmin, isManager or isCRMInfoAllowed
 * - admin: isAdmin
 */
export const CALLER_KINDS = [
  'anyone',
  'session',
  'verified',
  'publisher',
  'advertiser',
  'advertiserOwner',
  'noAdvertiser',
  'staff',
  'publisherManager',
  'advertiserManager',
  'crmInfo',
  'admin',
] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

/** What the rule reads of a caller: the user's flags and whether an advertiser profile exists and is verified. */
export interface CallerFlags {
  user: {
    isVerified: boolean;
    isPublisherHidden: boolean;
    isAdmin: boolean;
    isManager: boolean;
    isPublisherManager: boolean;
    isAdvertiserManager: boolean;
    isCRMInfoAllowed: boolean;
  };
  advertiser: { isVerified: boolean } | null;
}

/** The part of a session (`/auth/checkLogin`'s answer) the rule reads; its full type is SessionData. */
export interface SessionFlags {
  UserInfo: { Flags: CallerFlags['user'] };
  AdvertiserInfo?: { Flags: { isVerified: boolean } } | null;
}

/** What the rule reads of a session (the flags the server reads of the same user). */
export function callerOf(session: SessionFlags | null): CallerFlags | null {
  if (!session) return null;
  const flags = session.UserInfo.Flags;
  return {
    user: {
      isVerified: flags.isVerified,
      isPublisherHidden: flags.isPublisherHidden,
      isAdmin: flags.isAdmin,
      isManager: flags.isManager,
      isPublisherManager: flags.isPublisherManager,
      isAdvertiserManager: flags.isAdvertiserManager,
      isCRMInfoAllowed: flags.isCRMInfoAllowed,
    },
    advertiser: session.AdvertiserInfo ? { isVerified: session.AdvertiserInfo.Flags.isVerified } : null,
  };
}

/** Why a call refuses a caller: no session, verification alone is missing, or never for this caller. */
export type CallRefusal = 'NOT_LOGGED_IN' | 'NOT_VERIFIED' | 'FORBIDDEN';

const staff = (u: CallerFlags['user']) => u.isAdmin || u.isManager;

/** Whether one caller kind admits this caller (null: no session). */
export function admitsCaller(kind: CallerKind, caller: CallerFlags | null): boolean {
  if (kind === 'anyone') return true;
  if (!caller) return false;
  const u = caller.user;
  switch (kind) {
    case 'session':
      return true;
    case 'verified':
      return u.isVerified;
    case 'publisher':
      return u.isVerified && !u.isPublisherHidden;
    case 'advertiser':
      return caller.advertiser?.isVerified === true;
    case 'advertiserOwner':
      return caller.advertiser !== null;
    case 'noAdvertiser':
      return caller.advertiser === null;
    case 'staff':
      return staff(u);
    case 'publisherManager':
      return staff(u) || u.isPublisherManager;
    case 'advertiserManager':
      return staff(u) || u.isAdvertiserManager;
    case 'crmInfo':
      return staff(u) || u.isCRMInfoAllowed;
    case 'admin':
      return u.isAdmin;
  }
}

/**
 * Null when one of the kinds admits the caller, else why not: NOT_LOGGED_IN without a session,
 * NOT_VERIFIED when verification alone is missing (the user's or the advertiser's), FORBIDDEN otherwise.
 */
export function callRefusal(kinds: readonly CallerKind[], caller: CallerFlags | null): CallRefusal | null {
  if (kinds.some((kind) => admitsCaller(kind, caller))) return null;
  if (!caller) return 'NOT_LOGGED_IN';
  const verified: CallerFlags = {
    user: { ...caller.user, isVerified: true },
    advertiser: caller.advertiser ? { isVerified: true } : null,
  };
  return kinds.some((kind) => admitsCaller(kind, verified)) ? 'NOT_VERIFIED' : 'FORBIDDEN';
}
