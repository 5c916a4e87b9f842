import { describe, expect, it } from 'vitest';
import { CRM_FORMS, crmFieldMissingMessage } from './crm.ts';
import { formatMessage, MESSAGES } from './errors.ts';
import { FILTER_OPERATORS } from './filters.ts';
import { LEAD_STATUS_CODES, LEAD_STATUS_NAMES, leadStatusColour } from './lead-status.ts';
import {
  conversionRatioPercent,
  dollarsToCents,
  formatUsd,
  grossUpCents,
  isPlatformLosingMoney,
  platformShareCents,
  publisherShareCents,
} from './money.ts';

describe('money', () => {
  it('formats cents as dollars with 2 decimals', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(-50)).toBe('-$0.50');
  });

  it('reads typed dollars', () => {
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents('12,34')).toBe(1234);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents('abc')).toBeNull();
    expect(dollarsToCents('')).toBeNull();
  });

  it('splits a payout by the platform tax', () => {
    expect(platformShareCents(1000, 20)).toBe(200);
    expect(publisherShareCents(1000, 20)).toBe(800);
    expect(publisherShareCents(999, 15) + platformShareCents(999, 15)).toBe(999);
  });

  it('grosses up payout / (100 - tax) * 100', () => {
    expect(grossUpCents(800, 20)).toBe(1000);
    expect(grossUpCents(1000, 0)).toBe(1000);
    expect(() => grossUpCents(100, 100)).toThrow(RangeError);
  });

  it('warns when the publisher gets more than the advertiser pays', () => {
    expect(isPlatformLosingMoney(1000, 1001)).toBe(true);
    expect(isPlatformLosingMoney(1000, 1000)).toBe(false);
  });

  it('conversion ratio leaves waiting leads out', () => {
    expect(conversionRatioPercent(40, 100, 20)).toBe(50);
    expect(conversionRatioPercent(0, 5, 5)).toBeNull();
  });
});

describe('lead statuses', () => {
  it('has the nine codes with the spec names and colours', () => {
    expect(LEAD_STATUS_CODES).toEqual([-2, -1, 0, 1, 2, 3, 4, 5, 6]);
    expect(LEAD_STATUS_NAMES[2]).toBe('Lead confirmed');
    expect(LEAD_STATUS_NAMES[-2]).toBe('Retrying');
    expect([-2, -1].map(leadStatusColour)).toEqual(['yellow', 'yellow']);
    expect([0, 1, 6].map(leadStatusColour)).toEqual(['grey', 'grey', 'grey']);
    expect(leadStatusColour(2)).toBe('green');
    expect([3, 4, 5].map(leadStatusColour)).toEqual(['red', 'red', 'red']);
  });
});

describe('catalogues', () => {
  it('CRM types carry their required fields and messages', () => {
    const required = (type: keyof typeof CRM_FORMS, yes: boolean) =>
      CRM_FORMS[type].fields.filter((f) => f.required === yes).map((f) => f.name);
    expect(required('scalecrm', true)).toEqual(['inboundURL', 'apiToken', 'postbackSecret']);
    expect(required('leadvertex', false)).toEqual(['webmasterID']);
    expect(crmFieldMissingMessage('leadvertex', 'inboundURL')).toBe("API URL can't be empty");
    expect(crmFieldMissingMessage('bitrix24', 'outboundToken')).toBe("Outbound token can't be empty");
    expect(crmFieldMissingMessage('scalecrm', 'apiToken', true)).toBe("API token can't be empty");
  });

  it('date operators are the six of the spec', () => {
    expect(FILTER_OPERATORS.date).toEqual(['deq', 'dneq', 'dgt', 'dgeq', 'dlt', 'dleq']);
    expect(FILTER_OPERATORS.boolean).toEqual(['eq', 'neq']);
  });

  it('fills message placeholders', () => {
    expect(formatMessage(MESSAGES.invoiceCreated, { amount: '12.50' })).toBe(
      'Invoice created, amount: 12.50 $',
    );
    expect(formatMessage(MESSAGES.takeOfferSuccess, { product: 'Gel' })).toBe(
      'You have successfully taken offer "Gel"',
    );
  });
});

describe('call methods', () => {
  it('match the contracts', async () => {
    const { contracts } = await import('../contracts/index.ts');
    const { callMethod } = await import('./calls.ts');
    for (const contract of Object.values(contracts))
      expect(callMethod(contract.path), contract.path).toBe(contract.method);
  });
});
