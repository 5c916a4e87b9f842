import { FIRST_ACTION_KEY } from '@leadmesh/federation/first-interaction';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setupI18n } from '../i18n.ts';
import { PublicLayout } from './PublicLayout.tsx';

setupI18n();

const scope = globalThis as typeof globalThis & { [FIRST_ACTION_KEY]?: { click?: string; focus?: string } };

function drawLayout() {
  return render(
    <MemoryRouter>
      <PublicLayout>
        <p>page</p>
      </PublicLayout>
    </MemoryRouter>,
  );
}

describe('PublicLayout after a prerendered page (decision 0085)', () => {
  afterEach(() => {
    scope[FIRST_ACTION_KEY] = undefined;
  });

  it('opens the menu the visitor pressed before the page was live, once', () => {
    scope[FIRST_ACTION_KEY] = { click: 'nav-menu' };
    drawLayout();
    expect(screen.getByTestId('nav-menu').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('nav-home-menu')).toBeTruthy();
    expect(scope[FIRST_ACTION_KEY]).toBeUndefined();
    // The menu still toggles as usual afterwards.
    fireEvent.click(screen.getByTestId('nav-menu'));
    expect(screen.getByTestId('nav-menu').getAttribute('aria-expanded')).toBe('false');
  });

  it('gives the focus to the contact field the visitor tapped while it was disabled; the form is live at once', () => {
    scope[FIRST_ACTION_KEY] = { focus: 'contact-email' };
    drawLayout();
    const email = screen.getByTestId('contact-email') as HTMLInputElement;
    expect(email.disabled).toBe(false);
    expect(document.activeElement).toBe(email);
    expect(screen.getByTestId('nav-menu').getAttribute('aria-expanded')).toBe('false');
  });

  it('does nothing on a page that was live from the start', () => {
    drawLayout();
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByTestId('nav-menu').getAttribute('aria-expanded')).toBe('false');
  });
});
