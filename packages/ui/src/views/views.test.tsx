import type { DashboardData } from '@leadmesh/schema';
import { POSTBACK_PLACEHOLDERS } from '@leadmesh/schema/constants';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('@leadmesh/api-client', () => ({ api: { call: (...args: unknown[]) => call(...args) } }));

const { approveRateText } = await import('./dashboard-logic.ts');
const { LeadDashboard } = await import('./LeadDashboard.tsx');
const { canSeeCrmInfo, formatDuration, idFilterFromSearch, purchaseItems } = await import('./LeadsView.tsx');
const { placeholderHelp } = await import('./PostbackView.tsx');

const empty: DashboardData = {
  leads: [],
  totalEarned: 123456,
  totalLeadCount: 0,
  totalConvertedLeadsCount: 0,
  totalFailedLeadsCount: 0,
  totalWaitingLeadsCount: 0,
  totalPhoneCount: 0,
  activeOffers: 2,
  totalLeadOfferNames: [],
  uniqueDomains: [],
  uniqueCities: [],
  uniqueCountryCodes: [],
};

describe('the dashboard screen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    call.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const mount = () =>
    render(
      <MemoryRouter>
        <LeadDashboard audience="publisher" path="publisher" />
      </MemoryRouter>,
    );

  it('asks for its data 300 ms after it opens, then shows the tiles', async () => {
    call.mockResolvedValue({ status: 'ok', data: empty });
    mount();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(299);
    });
    expect(call).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(call).toHaveBeenCalledWith('/leads/getLeadsForPublisherDashboard', { Filters: [] });
    expect(screen.getByTestId('kpi-money-value').textContent).toBe('$1,234.56');
    expect(screen.getByTestId('kpi-ratio-value').textContent).toBe('—');
    expect(screen.getByTestId('kpi-active-offers-value').textContent).toBe('2');
    expect(screen.getByTestId('dashboard-empty')).toBeTruthy();
  });

  it("shows 'Can't fetch data. Try again later.' and Retry asks again", async () => {
    call.mockResolvedValueOnce({ status: 'error', data: 'SERVER_ERROR' });
    mount();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(screen.getByTestId('dashboard-error').textContent).toContain("Can't fetch data. Try again later.");
    call.mockResolvedValueOnce({ status: 'ok', data: empty });
    await act(async () => {
      fireEvent.click(screen.getByTestId('dashboard-error-retry'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(call).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('dashboard-error')).toBeNull();
    expect(screen.getByTestId('kpi-total-value').textContent).toBe('0');
  });

  it('refreshes 60 s after the last user activity, not before', async () => {
    call.mockResolvedValue({ status: 'ok', data: empty });
    mount();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(call).toHaveBeenCalledTimes(1);
    await act(async () => {
      window.dispatchEvent(new Event('keydown'));
      await vi.advanceTimersByTimeAsync(59_000);
      window.dispatchEvent(new Event('pointerdown'));
      await vi.advanceTimersByTimeAsync(59_000);
    });
    expect(call).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('an unverified account sees the spec notice', async () => {
    call.mockResolvedValue({ status: 'error', data: 'NOT_VERIFIED' });
    mount();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(screen.getByTestId('not-verified').textContent).toContain('Your account has not been verified');
  });
});

describe('lead helpers', () => {
  it('?ID= gives a lead-ID filter only for a whole number', () => {
    expect(idFilterFromSearch(new URLSearchParams('ID=42'))).toEqual({ name: 'ID', op: 'eq', value: 42 });
    expect(idFilterFromSearch(new URLSearchParams('ID=4x2'))).toBeNull();
    expect(idFilterFromSearch(new URLSearchParams(''))).toBeNull();
  });
  it('Get CRM info shows for admins, managers and isCRMInfoAllowed only', () => {
    expect(canSeeCrmInfo({ isAdmin: true })).toBe(true);
    expect(canSeeCrmInfo({ isManager: true })).toBe(true);
    expect(canSeeCrmInfo({ isCRMInfoAllowed: true })).toBe(true);
    expect(canSeeCrmInfo({ isAdmin: false, isManager: false, isCRMInfoAllowed: false })).toBe(false);
  });
  it('audio durations read as h/m/s', () => {
    expect(formatDuration(3723)).toBe('1h 2m 3s');
    expect(formatDuration(65)).toBe('1m 5s');
    expect(formatDuration(9)).toBe('9s');
  });
  it('purchase details lose the product prefix and empty values', () => {
    expect(
      purchaseItems({ 'leadmesh-name': 'Ana', 'leadmesh-c2': 'fb', 'leadmesh-uid': '', GenericData: {} }),
    ).toEqual([
      ['Name', 'Ana'],
      ['Custom 2', 'fb'],
    ]);
  });
  it("an unknown approve rate is '?'", () => {
    expect(approveRateText(-1)).toBe('?');
    expect(approveRateText(53.24)).toBe('53.2%');
    expect(approveRateText(60)).toBe('60%');
  });
  it('every postback macro of the schema has its own help line', () => {
    const lines = POSTBACK_PLACEHOLDERS.map(placeholderHelp);
    expect(lines.every((l) => l !== 'A value of the lead')).toBe(true);
    expect(placeholderHelp('{leadmesh-c4}')).toContain('Custom value 4');
  });
});
