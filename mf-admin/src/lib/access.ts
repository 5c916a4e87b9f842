import type { CallerFlags } from '@leadmesh/schema';
import { screenAccessOf } from '@leadmesh/session';

/**
 * Whether a user with these flags may open the mf-admin screen at `path`: the route table's calls
 * of that screen and their contracts' callers, the rule the shell's guard and the server use
 * (decision 0046). No mf-admin screen's call depends on an advertiser profile, so none is given.
 */
export function canOpenScreen(path: string, flags: CallerFlags['user'] | null | undefined): boolean {
  return screenAccessOf(`/dashboard/${path}`, flags ? { user: flags, advertiser: null } : null) === 'open';
}
