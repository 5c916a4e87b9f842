import { sessionStore } from '@leadmesh/session';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession } from '../../../packages/session/src/test-fixtures.ts';
import { setupI18n } from '../i18n.ts';
import DashboardLayout from './DashboardLayout.tsx';

setupI18n();

// The remotes are Module Federation builds served by the browser tests; here the layout only has to
// name the remote that draws a path.
vi.mock('../remote-loader.tsx', () => ({
  RemoteApp: ({ name }: { name: string }) => <div data-testid="remote">{name}</div>,
}));

/** The window is wide (a desktop) or narrow (≤ 1024 px, the drawer). */
function screenWidth(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/dashboard/*"
          element={
            <>
              <DashboardLayout />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const toggleTheme = vi.fn(async () => {
  sessionStore.setState({ theme: sessionStore.getState().theme === 'dark' ? 'light' : 'dark' });
});

beforeEach(() => {
  toggleTheme.mockClear();
  sessionStore.setState({ userData: fakeSession(), isLoggedIn: true, theme: 'light', toggleTheme });
});

afterEach(() => vi.unstubAllGlobals());

describe('DashboardLayout (plain markup, no antd)', () => {
  it('lists the route table groups as links, marks the current page, and draws no antd', () => {
    screenWidth(false);
    const { container } = renderAt('/dashboard/no-such-screen');
    expect(screen.getByTestId('sidebar-group-publisher').textContent).toBe('Publisher');
    const leads = screen.getByTestId('sidebar-item-publisher-leads');
    expect(leads.tagName).toBe('A');
    expect(leads.getAttribute('href')).toBe('/dashboard/publisher-leads');
    expect(leads.getAttribute('aria-current')).toBeNull();
    expect(screen.getByTestId('not-found')).toBeTruthy();
    expect(screen.getByTestId('section-title').textContent).toBe('Page not found');
    expect(screen.queryByTestId('sidebar-open')).toBeNull();
    expect(container.querySelector('[class*="ant-"]')).toBeNull();

    fireEvent.click(leads);
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/publisher-leads');
    expect(screen.getByTestId('sidebar-item-publisher-leads').getAttribute('aria-current')).toBe('page');
    // Wide: the sidebar stays after a navigation.
    expect(screen.getByTestId('sidebar')).toBeTruthy();
  });

  it('the theme switch is a named switch that says its state', async () => {
    screenWidth(false);
    renderAt('/dashboard/no-such-screen');
    const toggle = screen.getByRole('switch', { name: 'Dark theme' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await act(async () => fireEvent.click(toggle));
    expect(toggleTheme).toHaveBeenCalledTimes(1);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('the user menu opens under its button, closes on Escape (focus back), outside presses and links', () => {
    screenWidth(false);
    sessionStore.setState({
      userData: fakeSession({}, { AdvertiserInfo: { Credits: 5000, Flags: { isVerified: true } } as never }),
    });
    renderAt('/dashboard/no-such-screen');
    const button = screen.getByTestId('user-menu');
    expect(screen.getByRole('button', { name: 'Pat Lee' })).toBe(button);
    expect(screen.getByTestId('user-initials').textContent).toBe('PL');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('user-menu-content')).toBeNull();

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByTestId('user-menu-content');
    expect(button.getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.getByTestId('header-earnings').textContent).toBe('Earnings: $12.34');
    expect(screen.getByTestId('header-credits').textContent).toBe('Credits: $50.00');
    expect(screen.getByTestId('manager-contacts').textContent).toBe('No manager assigned');

    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByTestId('user-menu-content')).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByTestId('section-title'));
    expect(screen.queryByTestId('user-menu-content')).toBeNull();

    fireEvent.click(button);
    fireEvent.click(screen.getByTestId('header-settings'));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/profile');
    expect(screen.queryByTestId('user-menu-content')).toBeNull();
  });

  it('on a narrow screen the sidebar is a drawer: named toggle, focus inside, Escape and navigation close it', () => {
    screenWidth(true);
    renderAt('/dashboard/no-such-screen');
    expect(screen.queryByTestId('sidebar')).toBeNull();
    const toggle = screen.getByTestId('sidebar-open');
    expect(toggle.getAttribute('aria-label')).toBe('Open the menu');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Close the menu');
    expect(screen.getByTestId('sidebar').contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByTestId('sidebar')).toBeNull();
    expect(document.activeElement).toBe(toggle);

    fireEvent.click(toggle);
    fireEvent.click(screen.getByTestId('sidebar-mask'));
    expect(screen.queryByTestId('sidebar')).toBeNull();

    fireEvent.click(toggle);
    fireEvent.click(screen.getByTestId('sidebar-item-publisher-offers'));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/publisher-offers');
    expect(screen.queryByTestId('sidebar')).toBeNull();
  });

  it('walls an unverified account with the plain not-verified notice, and tells a publisher to add a payment method', () => {
    screenWidth(false);
    sessionStore.setState({ userData: fakeSession({ isVerified: false }) });
    renderAt('/dashboard/publisher-leads');
    expect(screen.getByTestId('not-verified').textContent).toMatch(/Your account has not been verified/);
    expect(screen.queryByTestId('payment-notice')).toBeNull();
  });

  it('shows the payment-method notice on the publisher dashboard without a payment method', () => {
    screenWidth(false);
    renderAt('/dashboard/publisher');
    const notice = screen.getByTestId('payment-notice');
    expect(notice.textContent).toBe('You have not added a payment method yet. Add now');
    expect(notice.querySelector('a')?.getAttribute('href')).toBe('/dashboard/profile');
    expect(screen.getByTestId('remote').textContent).toBe('mf_publisher');
  });
});
