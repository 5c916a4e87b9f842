import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contracts } from '../contracts/index.ts';
import { CALL_CALLERS } from './call-callers.ts';
import { admitsCaller, CALLER_KINDS, type CallerFlags, callRefusal } from './callers.ts';

/** call-callers.ts as the contracts declare it (regenerate with `UPDATE_CALLERS=1`). */
function callCallersSource(): string {
  const rows = Object.keys(contracts)
    .sort()
    .map((path) => `  '${path}': [${contracts[path].callers.map((k) => `'${k}'`).join(', ')}],`);
  return [
    "import type { CallerKind } from './callers.ts';",
    '',
    '/**',
    ' * Who may make each documented call, as its contract declares (`callers`): generated from the',
    ' * contracts by call-callers.test.ts (`UPDATE_CALLERS=1 npx vitest run',
    ' * packages/schema/src/constants/call-callers.test.ts`), which fails when the two differ. The',
    ' * browser reads it without the zod contracts: each screen is guarded by the callers of the calls it',
    ' * makes (packages/session routes, decision 0046).',
    ' */',
    'export const CALL_CALLERS: Readonly<Record<string, readonly CallerKind[]>> = {',
    ...rows,
    '};',
    '',
  ].join('\n');
}

describe('CALL_CALLERS', () => {
  it('is what the contracts declare, call by call', () => {
    const file = new URL('./call-callers.ts', import.meta.url);
    if (process.env.UPDATE_CALLERS === '1') writeFileSync(file, callCallersSource());
    expect(readFileSync(file, 'utf8')).toBe(callCallersSource());
    for (const [path, contract] of Object.entries(contracts))
      expect(CALL_CALLERS[path], path).toEqual(contract.callers);
  });
});

const user = (flags: Partial<CallerFlags['user']> = {}): CallerFlags['user'] => ({
  isVerified: true,
  isPublisherHidden: false,
  isAdmin: false,
  isManager: false,
  isPublisherManager: false,
  isAdvertiserManager: false,
  isCRMInfoAllowed: false,
  ...flags,
});

describe('the caller rule', () => {
  it('admits a signed-up advertiser by the advertiser profile’s flag, not the user’s', () => {
    const signedUp = {
      user: user({ isVerified: false, isPublisherHidden: true }),
      advertiser: { isVerified: true },
    };
    expect(admitsCaller('advertiser', signedUp)).toBe(true);
    expect(admitsCaller('verified', signedUp)).toBe(false);
    expect(callRefusal(['advertiser'], { ...signedUp, advertiser: { isVerified: false } })).toBe(
      'NOT_VERIFIED',
    );
    expect(callRefusal(['advertiser'], { ...signedUp, advertiser: null })).toBe('FORBIDDEN');
  });

  it('tells no session, missing verification and never apart', () => {
    expect(callRefusal(['anyone'], null)).toBeNull();
    expect(callRefusal(['session'], null)).toBe('NOT_LOGGED_IN');
    expect(callRefusal(['publisher'], { user: user({ isVerified: false }), advertiser: null })).toBe(
      'NOT_VERIFIED',
    );
    expect(callRefusal(['publisher'], { user: user({ isPublisherHidden: true }), advertiser: null })).toBe(
      'FORBIDDEN',
    );
    expect(callRefusal(['admin'], { user: user({ isManager: true }), advertiser: null })).toBe('FORBIDDEN');
  });

  it('gives staff the manager kinds, and each side manager only their side', () => {
    const manager = { user: user({ isManager: true }), advertiser: null };
    const pubManager = { user: user({ isPublisherManager: true }), advertiser: null };
    for (const kind of ['staff', 'publisherManager', 'advertiserManager', 'crmInfo'] as const)
      expect(admitsCaller(kind, manager), kind).toBe(true);
    expect(admitsCaller('publisherManager', pubManager)).toBe(true);
    expect(admitsCaller('advertiserManager', pubManager)).toBe(false);
    expect(admitsCaller('staff', pubManager)).toBe(false);
    expect(CALLER_KINDS).toHaveLength(12);
  });
});
