/** Texts of /publishers (the spec's claims and figures, as in marketing.ts), loaded with its page. */
export const publishersTexts = {
  publishers: {
    title: 'For publishers',
    hero: {
      eyebrow: 'Monetise your traffic',
      lead: 'Promote cash-on-delivery offers from vetted advertisers, earn the best CPA prices for every confirmed lead, and get paid {{paymentTerms}}.',
    },
    benefits: {
      heading: 'What you get',
      prices: {
        title: 'Best CPA prices',
        text: 'High payouts on proven offers. Your manager can also agree custom payouts once your traffic proves itself.',
      },
      conversion: {
        title: 'About {{conversionRate}}% confirmation',
        text: 'Leads on our offers are confirmed at about {{conversionRate}}%, against about {{typicalRate}}% typical elsewhere, so more of your work is paid.',
      },
      payouts: {
        title: 'Payouts {{paymentTerms}}',
        text: 'Follow your balance in the dashboard and request a cash-out whenever you are ready.',
      },
      cookie: {
        title: '{{cookieDays}}-day tracking cookie',
        text: 'A visitor who buys up to {{cookieDays}} days after clicking your link still counts as your lead.',
      },
      manager: {
        title: 'A dedicated affiliate manager',
        text: 'Advice on offers, landing pages and geos from someone who knows your account.',
      },
      advertisers: {
        title: 'Vetted advertisers',
        text: 'Every advertiser is checked and pays from a prepaid credit balance, so confirmed leads are covered.',
      },
    },
    how: {
      heading: 'Start in four steps',
      steps: {
        account: {
          title: 'Sign up',
          text: 'Create one publisher account. You need to be at least 18 years old.',
        },
        offer: {
          title: 'Choose an offer',
          text: 'Browse the offers, check payouts and geos, and take the ones that fit your audience.',
        },
        traffic: {
          title: 'Send traffic',
          text: 'Use your tracking links and the landing pages we provide. We track every lead in real time.',
        },
        paid: {
          title: 'Get paid',
          text: 'Confirmed leads add to your balance. Request a cash-out and we pay it out {{paymentTerms}}.',
        },
      },
    },
    rules: {
      heading: 'Traffic we welcome, and traffic we refuse',
      accepted: {
        title: 'Welcome',
        items: {
          websites: 'Content-based websites that are fully functional and legal',
          email: 'E-mail campaigns to people who gave recorded consent, with a working unsubscribe link',
          social: 'Honest advertising that uses our links and creatives as supplied',
        },
      },
      refused: {
        title: 'Refused',
        items: {
          cloaking: 'Cloaking, forced redirects and invisible frames',
          bots: 'Bots, auto-reloading pages and any other fake traffic',
          altering: 'Altered tracking links or creatives',
          sharing: 'Shared, transferred or duplicate accounts',
        },
      },
      note: 'The full rules are in the Publisher agreement.',
      link: 'Read the Publisher agreement',
    },
    cta: {
      heading: 'Start earning with Leadmesh',
      text: 'Sign up, meet your affiliate manager and send your first leads today.',
    },
  },
};
