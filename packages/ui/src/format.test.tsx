import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDateTimeUtc,
  formatDay,
  formatDayShort,
  formatMoney,
  formatPercent,
} from './format.ts';
import { LeadStatusTag } from './LeadStatusTag.tsx';
import { MONEY_COLOURS, MONEY_COLOURS_DARK, Money } from './Money.tsx';
import { AppTheme } from './theme.tsx';

describe('the one date format (decision 0055)', () => {
  it('shows days as DD-MM-YYYY and moments as DD-MM-YYYY hh:mm in the reader’s time', () => {
    expect(formatDate(new Date(2024, 0, 5, 12))).toBe('05-01-2024');
    expect(formatDate(new Date(2023, 11, 31, 23, 59))).toBe('31-12-2023');
    expect(formatDateTime(new Date(2023, 11, 31, 23, 9))).toBe('31-12-2023 23:09');
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('shows payout dates in UTC and says so', () => {
    expect(formatDateTimeUtc('2024-01-05T13:07:00Z')).toBe('05-01-2024 13:07 UTC');
    expect(formatDateTimeUtc('2024-03-09T23:30:00-02:00')).toBe('10-03-2024 01:30 UTC');
    expect(formatDateTimeUtc(undefined)).toBe('');
  });

  it('shows a server day (DD.MM.YYYY or YYYY-MM-DD) as DD-MM-YYYY', () => {
    expect(formatDay('27.11.2026')).toBe('27-11-2026');
    expect(formatDay('2026-11-27')).toBe('27-11-2026');
    expect(formatDayShort('27.11.2026')).toBe('27-11');
    expect(formatDayShort('2026-11-27')).toBe('27-11');
    expect(formatDayShort('week 3')).toBe('week 3');
    expect(formatDay('')).toBe('');
  });
});

describe('the one money format', () => {
  it('is $ with thousands separators and 2 decimals, from cents', () => {
    expect(formatMoney(120000)).toBe('$1,200.00');
    expect(formatMoney(-5)).toBe('-$0.05');
  });

  it('shows percentages with up to the asked decimals, ? for an unknown ratio', () => {
    expect(formatPercent(42.567)).toBe('42.57%');
    expect(formatPercent(40, 0)).toBe('40%');
    expect(formatPercent(-1)).toBe('?');
  });
});

describe('Money', () => {
  it('shows $ with 2 decimals from cents', () => {
    render(<Money cents={123456} />);
    expect(screen.getByTestId('money').textContent).toBe('$1,234.56');
  });

  it.each([
    [0, MONEY_COLOURS.zero, '$0.00'],
    [250, MONEY_COLOURS.positive, '$2.50'],
    [-75, MONEY_COLOURS.negative, '-$0.75'],
  ])('%i cents is drawn grey / green / red', (cents, colour, text) => {
    render(<Money cents={cents} coloured />);
    const node = screen.getByTestId('money');
    expect(node.textContent).toBe(text);
    expect(node.style.color).toBe(colour);
  });

  it('uses the dark theme shades inside a dark antd theme', () => {
    render(
      <AppTheme dark>
        <Money cents={250} coloured />
      </AppTheme>,
    );
    expect(screen.getByTestId('money').style.color).toBe(MONEY_COLOURS_DARK.positive);
  });
});

describe('LeadStatusTag', () => {
  it.each([
    [-2, 'Retrying', 'yellow'],
    [-1, 'Lead processing', 'yellow'],
    [0, 'Waiting', 'grey'],
    [1, 'Lead in progress', 'grey'],
    [6, 'Processing lead', 'grey'],
    [2, 'Lead confirmed', 'green'],
    [3, 'Lead rejected', 'red'],
    [4, 'Bad lead', 'red'],
    [5, 'Unknown CRM error', 'red'],
  ])('status %i is "%s" in %s', (status, name, colour) => {
    render(<LeadStatusTag status={status} />);
    const tag = screen.getByTestId('lead-status');
    expect(tag.textContent).toBe(name);
    expect(tag.getAttribute('data-colour')).toBe(colour);
  });
});
