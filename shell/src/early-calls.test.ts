import { api } from '@leadmesh/api-client';
import { earlyKey } from '@leadmesh/api-client/early';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listLoader } from '../../mf-admin/src/lib/screen-data.ts';
import { firstScreenCalls } from './early-calls.ts';

const paths = (calls: { path: string }[]) => calls.map((c) => c.path);

afterEach(() => vi.restoreAllMocks());

describe('first screen calls (decision 0087)', () => {
  it('starts admin-leads’ first page with the session check, only with a session and no filters', () => {
    expect(paths(firstScreenCalls('/dashboard/admin-leads', true))).toEqual([
      '/auth/checkLogin',
      '/leads/getLeadsForAdmin',
    ]);
    expect(paths(firstScreenCalls('/dashboard/admin-leads/', true, '?'))).toContain(
      '/leads/getLeadsForAdmin',
    );
    // A visitor (no session hint) never sends it; filters in the address make another body.
    expect(paths(firstScreenCalls('/dashboard/admin-leads', false))).toEqual(['/auth/checkLogin']);
    expect(paths(firstScreenCalls('/dashboard/admin-leads', true, '?Status=3'))).toEqual([
      '/auth/checkLogin',
    ]);
    expect(paths(firstScreenCalls('/dashboard/admin-users', true))).toEqual(['/auth/checkLogin']);
  });

  it('sends the very body mf-admin’s list sends first, so the client takes the early answer', async () => {
    const early = firstScreenCalls('/dashboard/admin-leads', true).find(
      (c) => c.path === '/leads/getLeadsForAdmin',
    );
    const call = vi.spyOn(api, 'call').mockResolvedValue({ status: 'ok', data: { DBData: [] } } as never);
    await listLoader('/leads/getLeadsForAdmin')({ offset: 0, filters: [] });
    const [path, body] = call.mock.calls[0];
    expect(early && earlyKey(early.path, early.body)).toBe(earlyKey(path, body));
  });

  it('asks only when the check admits an admin', () => {
    const early = firstScreenCalls('/dashboard/admin-leads', true).find(
      (c) => c.path === '/leads/getLeadsForAdmin',
    );
    const flags = (isAdmin: boolean) => ({
      status: 'ok' as const,
      data: {
        UserInfo: {
          Flags: {
            isVerified: true,
            isPublisherHidden: false,
            isAdmin,
            isManager: false,
            isPublisherManager: false,
            isAdvertiserManager: false,
            isCRMInfoAllowed: false,
          },
        },
        AdvertiserInfo: null,
      },
    });
    expect(early?.admits?.({ status: 'error', data: 'NOT_LOGGED_IN' })).toBe(false);
    expect(early?.admits?.(flags(false))).toBe(false);
    expect(early?.admits?.(flags(true))).toBe(true);
  });
});
