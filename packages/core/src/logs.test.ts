import { describe, expect, it } from 'vitest';
import type { Caller } from './caller.ts';
import { AUDIT_EVENTS, auditText } from './logs.ts';

describe('auditText', () => {
  it('writes the summary, each fact in brackets and the actor last', () => {
    expect(auditText('offer.added', { offer: 7, name: 'Tea', advertiser: 3 }, 12)).toBe(
      'Offer added [offer:7] [name:Tea] [advertiser:3] [by:12]',
    );
    expect(auditText('payout.deleted', { payout: 4 }, 'auto-payout')).toBe(
      'Payout deleted [payout:4] [by:auto-payout]',
    );
  });

  it("names a session's caller by their user's id", () => {
    const caller = { user: { ID: 12 }, advertiser: null } as unknown as Caller;
    expect(auditText('offer.added', { offer: 7 }, caller)).toBe(auditText('offer.added', { offer: 7 }, 12));
  });

  it('escapes text a user controls, joins lists, shows times in ISO, leaves out undefined facts', () => {
    const line = auditText(
      'user.edited',
      {
        user: 1,
        fields: ['Email', 'password'],
        until: new Date(Date.UTC(2026, 0, 2)),
        hold: undefined,
        name: 'a]\n[b',
      },
      null,
    );
    expect(line).toBe(
      'User edited [user:1] [fields:Email,password] [until:2026-01-02T00:00:00.000Z] [name:a\\u005d\\u000a\\u005bb]',
    );
  });

  it('gives every event a context and a level the Logs screen knows', () => {
    for (const { context, level } of Object.values(AUDIT_EVENTS)) {
      expect(context).toMatch(/^[a-zA-Z]+(\/[a-zA-Z]+)?$/);
      expect([0, 1, 2, 3]).toContain(level);
    }
  });
});
