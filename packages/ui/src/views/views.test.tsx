import type { DashboardData } from '@leadmesh/schema';
import { POSTBACK_PLACEHOLDERS } from '@leadmesh/schema/constants';
import { sessionStore } from '@leadmesh/session';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession } from '../../../session/src/test-fixtures.ts';

const call = vi.fn();
vi.mock('@leadmesh/api-client', () => ({ api: { call: (...args: unknown[]) => call(...args) } }));
// The dashboard's antd chunk arrives only when a test opens the gate: the first screen must not wait for it.
const restGate = vi.hoisted(() => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
});
vi.mock('./dashboard-rest.tsx', async (importOriginal) => {
  await restGate.opened;
  return importOriginal();
});

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

// Taken before the tests fake the clock: loading a chunk's modules takes real time.
const realTimeout = globalThis.setTimeout;

/** Lets the timers and the lazy chunks settle until `ready` holds. */
async function settle(ready: () => boolean) {
  for (let i = 0; i < 200 && !ready(); i++) {
    await act(async () => {
      await new Promise((resolve) => realTimeout(resolve, 25));
      await vi.advanceTimersByTimeAsync(10);
    });
  }
  expect(ready()).toBe(true);
}
const shown = (testId: string) => () => screen.queryByTestId(testId) !== null;

describe('the dashboard screen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    call.mockReset();
    sessionStore.setState({ theme: 'dark' });
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

  // Runs first: the antd chunk is still held back here (decision 0064).
  it('draws its tiles, toolbar and chart places in plain markup before antd has loaded', async () => {
    call.mockResolvedValue({
      status: 'ok',
      data: { ...empty, totalLeadCount: 12, totalConvertedLeadsCount: 3 },
    });
    const { container } = mount();
    expect(screen.getByTestId('dashboard-loading').querySelectorAll('.lm-tile')).toHaveLength(8);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(screen.getByTestId('kpi-total').getAttribute('data-value')).toBe('12');
    expect(screen.getByTestId('kpi-converted-value').textContent).toBe('3');
    expect(screen.getByTestId('filter-bar-pending')).toBeTruthy();
    expect(screen.getByTestId('charts-loading')).toBeTruthy();
    expect(container.querySelector('[class*="ant-"]')?.outerHTML ?? null).toBeNull();
    expect(container.querySelector('.lm-first')?.getAttribute('data-lm-theme')).toBe('dark');
    // The plain Refresh already works.
    await act(async () => {
      fireEvent.click(screen.getByTestId('dashboard-refresh'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(call).toHaveBeenCalledTimes(2);
    restGate.open();
    await settle(shown('filter-bar'));
    await settle(shown('dashboard-breakdowns'));
    expect(screen.queryByTestId('filter-bar-pending')).toBeNull();
    expect(screen.getByTestId('dashboard-refresh').className).toContain('ant-btn');
    // The tiles stayed the same elements: nothing above the antd parts was drawn again.
    expect(screen.getByTestId('kpi-total').getAttribute('data-value')).toBe('12');
  });

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
    await settle(shown('dashboard-empty'));
  });

  it('follows the session theme and gives an advertiser its credit tile from the first frame', async () => {
    sessionStore.setState({
      theme: 'light',
      userData: fakeSession(
        {},
        { AdvertiserInfo: { isInfiniteCredits: false, Credits: 5000, Flags: { isVerified: true } } as never },
      ),
    });
    call.mockResolvedValue({ status: 'ok', data: empty });
    const { container } = render(
      <MemoryRouter>
        <LeadDashboard audience="advertiser" path="advertiser" />
      </MemoryRouter>,
    );
    expect(container.querySelector('.lm-first')?.getAttribute('data-lm-theme')).toBe('light');
    expect(screen.getByTestId('dashboard-loading').querySelectorAll('.lm-tile')).toHaveLength(9);
    await settle(shown('kpi-credits'));
    expect(screen.getByTestId('kpi-credits-value').textContent).toBe('$50.00');
    expect(screen.getByTestId('kpi-money').textContent).toContain('Total spent');
    sessionStore.setState({ userData: null });
  });

  it("shows 'Can't fetch data. Try again later.' and Retry asks again", async () => {
    call.mockResolvedValueOnce({ status: 'error', data: 'SERVER_ERROR' });
    mount();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    await settle(shown('dashboard-error'));
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
    await settle(shown('not-verified'));
    expect(screen.getByTestId('not-verified').textContent).toContain('Your account has not been verified');
  });

  it('draws the tiles the tab kept for this user at once, then the fresh ones (decision 0086)', async () => {
    sessionStorage.clear();
    sessionStore.getState().setSession(fakeSession());
    call.mockResolvedValue({ status: 'ok', data: { ...empty, totalLeadCount: 12 } });
    const first = mount();
    expect(screen.queryByTestId('dashboard-kpis-kept')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(screen.getByTestId('kpi-total').getAttribute('data-value')).toBe('12');
    first.unmount();

    // The return visit: the kept figures before any call, marked as updating.
    call.mockResolvedValue({ status: 'ok', data: { ...empty, totalLeadCount: 15 } });
    mount();
    expect(call).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('dashboard-loading')).toBeNull();
    expect(screen.queryByTestId('dashboard-kpis')).toBeNull();
    expect(screen.getByTestId('dashboard-kpis-kept').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('kept-kpi-total').getAttribute('data-value')).toBe('12');
    expect(screen.getByTestId('dashboard-updating').textContent).toBe('Updating…');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(screen.queryByTestId('dashboard-kpis-kept')).toBeNull();
    expect(screen.queryByTestId('dashboard-updating')).toBeNull();
    expect(screen.getByTestId('kpi-total').getAttribute('data-value')).toBe('15');
    expect(screen.getByTestId('dashboard-updated')).toBeTruthy();
    sessionStore.setState({ userData: null });
  });

  it('shows no kept tiles to another user, nor in a staff view of a publisher', async () => {
    sessionStorage.clear();
    sessionStore.getState().setSession(fakeSession());
    call.mockResolvedValue({ status: 'ok', data: { ...empty, totalLeadCount: 12 } });
    const first = mount();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    first.unmount();
    const staff = render(
      <MemoryRouter>
        <LeadDashboard audience="publisher" path="admin-dashboard" boundUser={7} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('dashboard-kpis-kept')).toBeNull();
    staff.unmount();
    const other = fakeSession();
    other.UserInfo.ID = 8;
    sessionStore.getState().setSession(other);
    mount();
    expect(screen.queryByTestId('dashboard-kpis-kept')).toBeNull();
    expect(screen.getByTestId('dashboard-loading')).toBeTruthy();
    sessionStore.setState({ userData: null });
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
