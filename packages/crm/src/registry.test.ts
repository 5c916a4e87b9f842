import { describe, expect, it } from 'vitest';
import {
  CRM_FORMS,
  CRM_INFO_TYPES,
  CRM_SECRET_FIELDS,
  CRM_TYPES,
  crmDataIssues,
  crmFieldLabel,
  crmLabel,
  isTestCrm,
  mapCrmStatus,
} from './registry.ts';
import { crmAdapter, integrationLines, parseCallback, sandboxLeadId } from './server.ts';

const raw = (query: Record<string, string>) => ({
  method: 'GET',
  query,
  headers: {},
  rawBody: '',
  fields: {},
});

describe('the CRM registry', () => {
  it('lists the four real CRMs and the sandbox, which alone is a test CRM', () => {
    expect(CRM_TYPES).toEqual(['bitrix24', 'leadvertex', 'scalecrm', 'kmacrm', 'sandbox']);
    expect(CRM_TYPES.filter(isTestCrm)).toEqual(['sandbox']);
    expect(crmLabel('sandbox')).toBe('Sandbox (test CRM)');
    expect(crmLabel('kmacrm')).toBe('Scale KMA');
    expect(crmLabel('unknown')).toBe('unknown');
    expect(isTestCrm(null)).toBe(false);
  });

  it('keeps the LeadVertex quirk in its form only: API URL and API token', () => {
    expect(crmFieldLabel('leadvertex', 'inboundURL')).toBe('API URL');
    expect(crmFieldLabel('leadvertex', 'outboundToken')).toBe('API token');
    expect(crmFieldLabel('kmacrm', 'inboundURL')).toBe('Inbound URL');
    expect(crmDataIssues('leadvertex', {})).toEqual([
      { field: 'inboundURL', message: "API URL can't be empty" },
      { field: 'outboundToken', message: "API Token can't be empty" },
    ]);
    expect(crmDataIssues('leadvertex', { inboundURL: 'ftp://x', outboundToken: 't' })).toEqual([
      { field: 'inboundURL', message: 'API URL must be an http(s) address' },
    ]);
  });

  it("gives each type's missing fields the spec's messages, on add and on edit", () => {
    expect(crmDataIssues('bitrix24', {}).map((i) => i.message)).toEqual([
      "Inbound URL can't be empty",
      "Outbound token can't be empty",
    ]);
    expect(crmDataIssues('scalecrm', {}, true).map((i) => i.message)).toEqual([
      "Inbound URL can't be empty",
      "API token can't be empty",
      "Postback secret can't be empty",
    ]);
    // On add a masked or "unchanged" secret is as good as nothing.
    expect(
      crmDataIssues('kmacrm', { inboundURL: 'https://kma.example/lead', outboundToken: 'unchanged' }),
    ).toEqual([{ field: 'outboundToken', message: "Outbound token can't be empty" }]);
    expect(crmDataIssues('kmacrm', { inboundURL: 'https://kma.example/lead', outboundToken: 'tok' })).toEqual(
      [],
    );
  });

  it('derives the secret fields and the CRM-info types from the forms', () => {
    expect(CRM_SECRET_FIELDS).toEqual({
      bitrix24: ['inboundURL', 'outboundToken'],
      leadvertex: ['outboundToken'],
      scalecrm: ['apiToken', 'postbackSecret'],
      kmacrm: ['outboundToken'],
      sandbox: [],
    });
    expect(CRM_INFO_TYPES).toEqual(['bitrix24', 'scalecrm', 'sandbox']);
  });

  it("maps each CRM's statuses, bitrix24's custom stages by their semantic", () => {
    expect(mapCrmStatus('leadvertex', ' Accepted ')).toBe(2);
    expect(mapCrmStatus('kmacrm', 'trash')).toBe(4);
    expect(mapCrmStatus('scalecrm', 'new')).toBeNull();
    expect(mapCrmStatus('scalecrm', 'whatever')).toBeUndefined();
    expect(mapCrmStatus('bitrix24', 'C12:CUSTOM', 'F')).toBe(3);
    expect(mapCrmStatus('leadvertex', 'C12:CUSTOM', 'F')).toBeUndefined();
    expect(['confirmed', 'rejected', 'bad', 'processing'].map((s) => mapCrmStatus('sandbox', s))).toEqual([
      2, 3, 4, 1,
    ]);
  });

  it('ends every integration text with its link', () => {
    const url = 'http://api.test/crm/1/callback/tok';
    for (const type of CRM_TYPES) {
      const lines = integrationLines(type, url);
      expect(lines.at(-1)?.startsWith(url), type).toBe(true);
      expect(lines[0].startsWith(CRM_FORMS[type].label), type).toBe(true);
    }
  });
});

describe('the Sandbox CRM', () => {
  const settings = (confirm: number, reject: number, bad: number, delay = 30) => ({
    delaySeconds: String(delay),
    confirmPercent: String(confirm),
    rejectPercent: String(reject),
    badPercent: String(bad),
  });

  it('checks its delay and that its shares add up to 100', () => {
    expect(crmDataIssues('sandbox', settings(60, 30, 10))).toEqual([]);
    expect(crmDataIssues('sandbox', settings(60, 30, 20))).toEqual([
      {
        field: 'confirmPercent',
        message: 'Confirmed, rejected and bad lead shares must add up to 100% (now 110%)',
      },
    ]);
    expect(crmDataIssues('sandbox', settings(60, 30, 10, 0))).toEqual([
      { field: 'delaySeconds', message: 'Decision after (seconds) must be a whole number from 1 to 86400' },
    ]);
    expect(crmDataIssues('sandbox', { ...settings(60, 30, 10), rejectPercent: '3.5' })[0].field).toBe(
      'rejectPercent',
    );
    expect(crmDataIssues('sandbox', {}).map((i) => i.message)).toContain("Bad lead (%) can't be empty");
  });

  it('takes every lead at once and decides each the same way every time, in the shares set', () => {
    const adapter = crmAdapter('sandbox');
    if (adapter.kind !== 'in-process') throw new Error('the sandbox runs in the worker');
    const lead = { id: 42 } as Parameters<typeof adapter.accept>[0];
    expect(adapter.accept(lead, {})).toEqual({ kind: 'delivered', crmLeadId: sandboxLeadId(42) });
    const data = settings(60, 30, 10, 45);
    const counts: Record<string, number> = {};
    for (let id = 1; id <= 2000; id++) {
      const decision = adapter.decide({ id, crmId: 7 }, data);
      expect(decision.delayMs).toBe(45_000);
      expect(adapter.decide({ id, crmId: 7 }, data)).toEqual(decision);
      counts[decision.status] = (counts[decision.status] ?? 0) + 1;
    }
    expect(counts.confirmed / 2000).toBeGreaterThan(0.55);
    expect(counts.confirmed / 2000).toBeLessThan(0.65);
    expect(counts.rejected / 2000).toBeGreaterThan(0.25);
    expect(counts.rejected / 2000).toBeLessThan(0.35);
    expect(counts.bad / 2000).toBeGreaterThan(0.07);
    expect(counts.bad / 2000).toBeLessThan(0.13);
    for (let id = 1; id <= 200; id++) {
      expect(adapter.decide({ id, crmId: 7 }, settings(0, 100, 0)).status).toBe('rejected');
    }
  });

  it('takes a status callback by hand: our lead id and a status', () => {
    expect(parseCallback('sandbox', raw({ leadId: '12', status: 'confirmed' }), {})).toMatchObject({
      kind: 'status',
      leadId: 12,
      status: 'confirmed',
    });
    expect(parseCallback('sandbox', raw({ status: 'confirmed' }), {})).toMatchObject({
      kind: 'refuse',
      httpStatus: 400,
    });
  });
});
