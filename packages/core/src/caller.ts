import type { AdvertiserRow, UserRow } from '@leadmesh/schema/tables';

/**
 * Who is acting: a session's user and, when they have one, their advertiser profile. Services
 * take it as their second argument, so the API and the worker (acting for an admin) share them.
 */
export interface Caller {
  user: UserRow;
  advertiser: AdvertiserRow | null;
}

/** Admins and managers (the spec's "staff"). */
export const isStaff = (u: UserRow): boolean => u.isAdmin || u.isManager;

/** Any staff role, including the side managers: accounts only an admin may act on. */
export const isStaffAccount = (
  u: Pick<UserRow, 'isAdmin' | 'isManager' | 'isPublisherManager' | 'isAdvertiserManager'>,
): boolean => u.isAdmin || u.isManager || u.isPublisherManager || u.isAdvertiserManager;

type SideFlags = Pick<
  UserRow,
  | 'isAdmin'
  | 'isManager'
  | 'isPublisherManager'
  | 'isAdvertiserManager'
  | 'isPublisherHidden'
  | 'AdvertiserID'
>;

/**
 * Whether a staff member may act on another user's account: admins on anyone; otherwise never on
 * a staff account (a manager able to change an admin's e-mail could take the account over), and
 * only on their side: publisher managers on publishers, advertiser managers on advertisers'
 * users, managers (isManager) on both.
 */
export function mayManage(actor: SideFlags, target: SideFlags): boolean {
  if (actor.isAdmin) return true;
  if (isStaffAccount(target)) return false;
  if (actor.isManager) return true;
  const publisherSide = target.AdvertiserID == null || !target.isPublisherHidden;
  const advertiserSide = target.AdvertiserID != null;
  return (actor.isPublisherManager && publisherSide) || (actor.isAdvertiserManager && advertiserSide);
}
