import { describe, expect, it } from 'vitest';
import { LISTS, listFilterFields, PAYOUT_LINE_LIST, searchPlaceholder, USER_LIST } from './lists.ts';

describe('list declarations', () => {
  it('offer money filters in dollars, labelled so, while columns keep the plain label', () => {
    const amount = listFilterFields(PAYOUT_LINE_LIST).find((f) => f.name === 'Amount');
    expect(amount).toMatchObject({ friendlyName: 'Amount ($)', type: 'number', money: true });
    expect(PAYOUT_LINE_LIST.fields.Amount.label).toBe('Amount');
    expect(listFilterFields(PAYOUT_LINE_LIST).some((f) => f.name === 'ID')).toBe(false);
  });

  it('name what the search box looks in', () => {
    expect(searchPlaceholder(USER_LIST)).toBe('Search by ID, username, email, first name or last name');
  });

  it('search only declared text or number fields', () => {
    for (const [name, list] of Object.entries(LISTS)) {
      const fields = list.fields as Record<string, { type: string }>;
      for (const field of list.search ?? []) {
        expect(['string', 'number'], `${name}.${field}`).toContain(fields[field]?.type);
      }
    }
  });
});
