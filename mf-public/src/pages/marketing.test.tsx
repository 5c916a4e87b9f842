import { CONFERENCES } from '@leadmesh/schema';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupI18n } from '../i18n.ts';
import { AboutUsPage } from './aboutus/aboutus.tsx';
import { initialsOf } from './aboutus/team-carousel.tsx';
import { AdvertisersPage } from './advertisers/advertisers.tsx';
import { HomePage } from './home/home.tsx';
import { PrivacyPage } from './privacy/privacy.tsx';
import { PublishersPage } from './publishers/publishers.tsx';
import { TermsPage } from './terms/terms.tsx';

beforeAll(() => {
  setupI18n();
});

function renderPage(page: ReactElement, path = '/') {
  return render(<MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>);
}

/** The page's text with typographic apostrophes and spaces normalised. */
function pageText(name: string): string {
  return (screen.getByTestId(`page-${name}`).textContent ?? '').replace(/\s+/g, ' ');
}

const PAGES: [string, () => ReactElement][] = [
  ['home', () => <HomePage />],
  ['publishers', () => <PublishersPage />],
  ['advertisers', () => <AdvertisersPage />],
  ['aboutus', () => <AboutUsPage />],
  ['terms', () => <TermsPage />],
  ['privacy', () => <PrivacyPage />],
];

describe.each(PAGES)('%s page', (name, page) => {
  it('has its test id, one h1 (the page title) and headings that never skip a level', () => {
    renderPage(page());
    const root = screen.getByTestId(`page-${name}`);
    const headings = [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')];
    const h1s = headings.filter((h) => h.tagName === 'H1');
    expect(h1s).toHaveLength(1);
    expect(h1s[0].getAttribute('data-testid')).toBe('page-title');
    expect(headings[0].tagName).toBe('H1');
    let previous = 1;
    for (const heading of headings) {
      const level = Number(heading.tagName[1]);
      expect(level, heading.textContent ?? '').toBeLessThanOrEqual(previous + 1);
      previous = level;
    }
  });

  it('shows no raw translation key and no unfilled placeholder', () => {
    renderPage(page());
    const text = pageText(name);
    expect(text).not.toMatch(
      /\b(home|publishers|advertisers|aboutus|terms|privacy|legalUi|marketingCta)\.[a-z]+[A-Za-z]*\./,
    );
    expect(text).not.toContain('{{');
  });

  it('decorative SVGs are hidden from assistive technology', () => {
    renderPage(page());
    for (const svg of screen.getByTestId(`page-${name}`).querySelectorAll('svg')) {
      const hidden = svg.closest('[aria-hidden="true"]');
      expect(hidden).not.toBeNull();
    }
  });

  it('every in-page link points at an element of the page', () => {
    renderPage(page());
    const root = screen.getByTestId(`page-${name}`);
    for (const link of root.querySelectorAll('a[href^="#"]')) {
      const id = link.getAttribute('href')!.slice(1);
      expect(root.querySelector(`[id="${id}"]`), id).not.toBeNull();
    }
  });
});

describe.each(PAGES.filter(([name]) => !['terms', 'privacy'].includes(name)))(
  '%s calls to action',
  (name, page) => {
    it('Sign up goes to /register and Log in to /login', () => {
      renderPage(page());
      const root = screen.getByTestId(`page-${name}`);
      const signUps = within(root).getAllByRole('link', { name: 'Sign up' });
      const logIns = within(root).getAllByRole('link', { name: 'Log in' });
      expect(signUps.length).toBeGreaterThan(0);
      for (const link of signUps) expect(link.getAttribute('href')).toBe('/register');
      for (const link of logIns) expect(link.getAttribute('href')).toBe('/login');
    });
  },
);

describe('marketing claims (public §1)', () => {
  it('the landing page carries every claim', () => {
    renderPage(<HomePage />);
    const text = pageText('home');
    for (const claim of [
      'Best CPA prices',
      'Vetted publishers and advertisers',
      'Anti-fraud monitoring',
      'Fast lead processing',
      'net 30 or net 15',
      'dedicated affiliate manager',
      'About 80%',
      'about 60% typical',
      '7 days a week',
      '08:00 to 22:00 local time',
      '45 days',
    ]) {
      expect(text, claim).toContain(claim);
    }
  });
});

describe('about us (public §2, §9)', () => {
  it('links each of the four conferences with its dates', () => {
    renderPage(<AboutUsPage />);
    for (const [city, conference] of Object.entries(CONFERENCES)) {
      const card = screen.getByTestId(`conference-${city}`);
      expect(card.textContent).toContain(conference.city);
      expect(card.textContent).toContain(conference.dates);
      expect(screen.getByTestId(`conference-link-${city}`).getAttribute('href')).toBe(
        `/conference?city=${city}`,
      );
    }
    const text = pageText('aboutus');
    for (const dates of ['6-7 July 2022', '30 Nov-1 Dec 2022', '28 Feb-1 Mar 2022', '5-6 Oct 2021']) {
      expect(text).toContain(dates);
    }
  });

  it('the team carousel has named previous/next buttons, answers the arrow keys and announces the change', async () => {
    renderPage(<AboutUsPage />);
    const carousel = screen.getByTestId('team-carousel');
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const next = screen.getByRole('button', { name: 'Next team members' });
    screen.getByRole('button', { name: 'Previous team members' });
    expect(screen.getByTestId('team-live').textContent).toBe('');
    await act(async () => {
      fireEvent.click(next);
    });
    await waitFor(() => expect(screen.getByTestId('team-live').textContent).toMatch(/^Now showing: /), {
      timeout: 3000,
    });
    await act(async () => {
      fireEvent.keyDown(next, { key: 'ArrowLeft' });
    });
    await waitFor(() => expect(screen.getByTestId('team-live').textContent).toContain('Ana Petrović'), {
      timeout: 3000,
    });
  });

  it('avatars use initials', () => {
    expect(initialsOf('Sofía Marín')).toBe('SM');
    expect(initialsOf('Ana  Petrović')).toBe('AP');
  });
});

describe('terms (public §5, §6, §9 contractual constants)', () => {
  it('holds both agreements and the general terms, with a table of contents', () => {
    renderPage(<TermsPage />);
    for (const id of ['general-terms', 'advertiser-agreement', 'publisher-agreement']) {
      expect(screen.getByTestId(`toc-${id}`).getAttribute('href')).toBe(`#${id}`);
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Advertiser agreement' }).id).toBe(
      'advertiser-agreement',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Publisher agreement' }).id).toBe(
      'publisher-agreement',
    );
    expect(screen.getByRole('navigation', { name: 'Contents' })).toBeTruthy();
  });

  it('carries every contractual constant', () => {
    renderPage(<TermsPage />);
    const text = pageText('terms');
    const general = screen.getByTestId('legal-general-terms').textContent ?? '';
    const advertiser = screen.getByTestId('legal-advertiser-agreement').textContent ?? '';
    const publisher = screen.getByTestId('legal-publisher-agreement').textContent ?? '';
    // General terms
    for (const phrase of [
      'tracking cookie that lasts 45 days',
      'a limited company registered in Serbia',
      'an advertising network, not an agency',
      'for 2 years after that, an advertiser may not deal with the network’s partners',
      '2 business days’ notice',
      'paper copies within 20 business days',
      'accept or reject any registration',
      'withhold balances',
      'ban accounts',
      'adjust balances',
      'promotions and bonuses',
      'technical reasons',
      'fraud',
      'additional agreements',
      'advertiser complaints or refunds',
    ]) {
      expect(general, phrase).toContain(phrase);
    }
    // Advertiser agreement
    for (const phrase of [
      'prepaid credit balance',
      'at least 48 hours’ written notice',
      'less than 3 business days before the agreed start',
      '30% of the prepayment',
      'late payment fine of 1% of the overdue amount per day',
      'average daily lead cost divided by 24',
      'within 3 calendar days',
      'within 30 days of the end of that period',
      'capped at EUR 1,000',
      'within 48 hours',
      'within 24 hours',
      'within 5 business days',
      'survive the end of this agreement for 1 year',
      'misuse the Interface',
      'use automated tools',
      'keep its servers able to handle the traffic',
      'keep its lead integration',
    ]) {
      expect(advertiser, phrase).toContain(phrase);
    }
    // Publisher agreement
    for (const phrase of [
      'Last updated: 25 December 2020',
      'at least 18 years old',
      'only one account',
      'needs our permission, asked for and given by e-mail',
      'content-based',
      'fully functional',
      'legal: nothing unlawful',
      'consented',
      'supply it within 1 business day',
      'unsubscribe link that keeps working for 30 days',
      'unsubscribe request within 10 business days',
      'must not alter links or creatives',
      'transfer your account',
      'share it',
      'cloaking',
      'forced redirects',
      'bots',
      'invisible frames',
      'auto-reloading pages',
      'damages of at least US$1,000',
      'cookie that lasts 45 days',
      'within 3 days',
      'within 30 days of the transaction',
      'about 15 days after your request',
      'at least 14 days’ notice of any change to your payment details',
      'within 10 business days',
      'within 15 business days',
      'within 20 business days',
      '1 business day’s notice',
      'withhold balances, ban accounts, and adjust balances',
    ]) {
      expect(publisher, phrase).toContain(phrase);
    }
    expect(text).toContain('Privacy Policy');
  });

  it('numbers sections and clauses per agreement', () => {
    renderPage(<TermsPage />);
    const advertiser = screen.getByTestId('legal-advertiser-agreement');
    expect(within(advertiser).getByRole('heading', { level: 3, name: '1. Scope' })).toBeTruthy();
    expect(advertiser.querySelector('.lm-clause-no')?.textContent).toBe('1.1');
  });
});

describe('privacy (public §9)', () => {
  it('carries every constant of the Privacy Policy', () => {
    renderPage(<PrivacyPage />);
    const text = pageText('privacy');
    for (const phrase of [
      'Effective from 1 June 2022',
      'name or username',
      'e-mail address',
      'messenger details',
      'professional background',
      'payment information',
      'registration:',
      'KYC/AML',
      'marketing:',
      'legal compliance:',
      'Legal grounds',
      'Your rights',
      'Cookies',
      'aged 18 or over',
      'within 14 days',
      '5 days to complete your claim',
      'at most 30 further days',
      'limited company registered in Serbia',
      '45 days',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
  });
});
