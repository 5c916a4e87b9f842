/**
 * Marketing pages: / here; /publishers, /advertisers and /aboutus in their own files, added to the
 * `public` namespace when the page's chunk loads (`addPublicTexts`), so the landing carries only its own.
 *
 * The claims and figures are the spec's (public §1, §9). Values that live in `@leadmesh/schema`
 * arrive through interpolation: `{{conversionRate}}`, `{{typicalRate}}`, `{{paymentTerms}}`,
 * `{{supportHours}}`, `{{cookieDays}}` (CLAIMS, TRACKING_COOKIE_DAYS) and the conference city and
 * dates (CONFERENCES).
 */
/** The landing's texts: the only marketing texts in mf-public's first chunk. */
export const landingTexts = {
  marketingCta: {
    signUp: 'Sign up',
    logIn: 'Log in',
    or: 'Already registered?',
  },
  home: {
    title: 'Best CPA prices for publishers and advertisers',
    hero: {
      eyebrow: 'Cost-per-action network for cash-on-delivery offers',
      lead: 'Publishers send leads to proven cash-on-delivery offers. Advertisers pay only for the leads they confirm, straight from their credit balance. A dedicated affiliate manager looks after both sides.',
    },
    stats: {
      heading: 'Leadmesh in figures',
      conversion: {
        value: 'About {{conversionRate}}%',
        label: 'of leads confirmed on our offers, against about {{typicalRate}}% typical in the market',
      },
      payouts: {
        value: 'Net 30 or net 15',
        label: 'payout terms for publishers, agreed with your affiliate manager',
      },
      support: {
        value: '7 days a week',
        label: 'support from 08:00 to 22:00 local time',
      },
      cookie: {
        value: '{{cookieDays}} days',
        label: 'tracking cookie life, so buyers who come back later still count',
      },
    },
    why: {
      heading: 'Why partners choose Leadmesh',
      prices: {
        title: 'Best CPA prices',
        text: 'We negotiate directly with advertisers, so publishers get the highest payout we can find for each confirmed action.',
      },
      vetted: {
        title: 'Vetted publishers and advertisers',
        text: 'Every account is checked before it goes live. You work with real businesses and real traffic sources only.',
      },
      antifraud: {
        title: 'Anti-fraud monitoring',
        text: 'Every lead is screened for bots, duplicates and suspicious patterns before it reaches the advertiser.',
      },
      speed: {
        title: 'Fast lead processing',
        text: 'Leads go to the advertiser’s CRM as soon as they arrive, and status updates come back the same way.',
      },
      payouts: {
        title: 'Payouts {{paymentTerms}}',
        text: 'Clear payment terms, a balance you can follow in your dashboard, and no surprises on payday.',
      },
      manager: {
        title: 'A dedicated affiliate manager',
        text: 'One person who knows your account, suggests offers that suit your traffic and answers quickly.',
      },
    },
    how: {
      heading: 'How it works',
      steps: {
        join: {
          title: 'Create your account',
          text: 'Sign up as a publisher or an advertiser. We review new accounts and your manager gets in touch.',
        },
        connect: {
          title: 'Connect offers and traffic',
          text: 'Advertisers add their offers and connect their CRM. Publishers choose offers and get tracking links.',
        },
        leads: {
          title: 'Leads flow and get checked',
          text: 'Each lead is tracked, screened by anti-fraud and delivered to the advertiser for confirmation.',
        },
        paid: {
          title: 'Confirmed leads are paid',
          text: 'Advertisers pay per confirmed lead from their credit balance; publishers are paid {{paymentTerms}}.',
        },
      },
    },
    audiences: {
      heading: 'Find your side of the network',
      publishers: {
        title: 'For publishers',
        text: 'Turn your traffic into income with high-converting cash-on-delivery offers and payouts you can plan around.',
        link: 'What publishers get',
      },
      advertisers: {
        title: 'For advertisers',
        text: 'Buy leads from vetted publishers, pay only for confirmed ones, and keep control of volume with caps.',
        link: 'What advertisers get',
      },
    },
    support: {
      heading: 'People, not tickets',
      text: 'Our support team answers {{supportHours}} local time. Your affiliate manager is there for strategy, offers and anything that does not fit a form.',
    },
    cta: {
      heading: 'Ready to start?',
      text: 'Creating an account takes a few minutes and costs nothing.',
    },
  },
};
