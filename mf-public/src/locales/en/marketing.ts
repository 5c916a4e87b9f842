/**
 * Marketing pages: /, /publishers, /advertisers, /aboutus. Each page's texts are a separate object,
 * added to the `public` namespace when the page's chunk loads, so the landing carries only its own.
 *
 * The claims and figures are the spec's (public §1, §9). Values that live in `@leadmesh/schema`
 * arrive through interpolation: `{{conversionRate}}`, `{{typicalRate}}`, `{{paymentTerms}}`,
 * `{{supportHours}}`, `{{cookieDays}}` (CLAIMS, TRACKING_COOKIE_DAYS) and the conference city and
 * dates (CONFERENCES).
 */
/** The landing's texts: the only ones in mf-public's first chunk. */
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

/** Added to the `public` namespace with the page's own chunk (`addPublicTexts`). */
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

export const advertisersTexts = {
  advertisers: {
    title: 'For advertisers',
    hero: {
      eyebrow: 'Pay for results, not for clicks',
      lead: 'Get leads for your cash-on-delivery offers from vetted publishers. You pay only for confirmed leads, from a credit balance you control.',
    },
    benefits: {
      heading: 'Why advertise with Leadmesh',
      publishers: {
        title: 'Vetted publishers',
        text: 'Publishers are reviewed before they can take your offer, and their traffic stays under watch afterwards.',
      },
      antifraud: {
        title: 'Anti-fraud monitoring',
        text: 'Bots, duplicates and suspicious patterns are filtered out before a lead reaches your call centre.',
      },
      speed: {
        title: 'Fast lead processing',
        text: 'Leads arrive in your CRM within moments, so your operators call while the buyer is still interested.',
      },
      conversion: {
        title: 'About {{conversionRate}}% confirmation',
        text: 'Clean traffic converts: about {{conversionRate}}% of leads are confirmed, against about {{typicalRate}}% typical.',
      },
      prices: {
        title: 'Best CPA prices',
        text: 'Competitive prices per confirmed action. Leads that are not confirmed cost you nothing.',
      },
      manager: {
        title: 'A dedicated affiliate manager',
        text: 'One contact who tunes caps, payouts and publishers with you, 7 days a week.',
      },
    },
    how: {
      heading: 'How it works for advertisers',
      steps: {
        account: {
          title: 'Register your company',
          text: 'Sign up with your user and company details. We verify new advertisers before launch.',
        },
        balance: {
          title: 'Top up your credit balance',
          text: 'Leads are paid from a prepaid balance, so you always know what you spend.',
        },
        crm: {
          title: 'Connect your CRM',
          text: 'Leads go straight to your CRM, and lead statuses come back automatically.',
        },
        control: {
          title: 'Control the volume',
          text: 'Set caps per offer; cap changes take effect with 2 business days’ notice.',
        },
      },
    },
    quality: {
      heading: 'Quality you can check',
      text: 'Every lead in your dashboard shows its current status, and the statistics are the same ones your manager sees. If your figures and ours differ, report it within 3 calendar days and we will sort it out with you.',
      link: 'Read the Advertiser agreement',
    },
    cta: {
      heading: 'Launch your offer',
      text: 'Create an advertiser account and your affiliate manager will help you set up your first campaign.',
    },
  },
};

export const aboutUsTexts = {
  aboutus: {
    title: 'Our culture',
    hero: {
      eyebrow: 'About Leadmesh',
      lead: 'We are an advertising network that brings publishers and advertisers of cash-on-delivery offers together. We believe a lead is only worth something when a real buyer stands behind it, and we build every part of our work around that.',
    },
    values: {
      heading: 'What we stand for',
      honesty: {
        title: 'Honest numbers',
        text: 'Publishers and advertisers see the same lead statuses. When figures differ, we explain why.',
      },
      quality: {
        title: 'Quality over volume',
        text: 'We would rather send ten confirmed leads than a hundred that waste a call centre’s day.',
      },
      people: {
        title: 'People first',
        text: 'Every partner has a named affiliate manager, and our support works {{supportHours}} local time.',
      },
      speed: {
        title: 'Speed matters',
        text: 'Fast lead processing and quick answers, because interest in an offer does not wait.',
      },
    },
    conferences: {
      heading: 'Meet us at conferences',
      text: 'We travel to the main affiliate marketing events to meet partners in person.',
      dates: 'Dates: {{dates}}',
      meeting: 'Book a meeting in {{city}}',
      details: 'About the {{city}} event',
    },
    team: {
      heading: 'Meet the team',
      text: 'The people behind your account.',
      carousel: 'Team members',
      previous: 'Previous team members',
      next: 'Next team members',
      keyboardHint: 'Once one of these buttons has focus, the left and right arrow keys move the list too.',
      showing: 'Now showing: {{names}}',
      members: {
        ana: {
          name: 'Ana Petrović',
          role: 'Co-founder and managing director',
          bio: 'Ran media buying for ten years before starting Leadmesh to make lead quality measurable.',
        },
        marko: {
          name: 'Marko Ilić',
          role: 'Head of affiliate management',
          bio: 'Leads the managers who look after every publisher and advertiser account.',
        },
        sofia: {
          name: 'Sofía Marín',
          role: 'Affiliate manager, publishers',
          bio: 'Helps publishers pick offers and landing pages that suit their audience.',
        },
        daniel: {
          name: 'Daniel Okafor',
          role: 'Affiliate manager, advertisers',
          bio: 'Sets up new offers, caps and CRM connections with advertisers.',
        },
        jelena: {
          name: 'Jelena Kovač',
          role: 'Anti-fraud lead',
          bio: 'Watches traffic patterns every day and stops bad leads before anyone pays for them.',
        },
        lucas: {
          name: 'Lucas Ferreira',
          role: 'Head of support',
          bio: 'Runs the support desk that answers 7 days a week.',
        },
        nina: {
          name: 'Nina Horvat',
          role: 'Payments and compliance',
          bio: 'Makes sure payouts leave on time and every account meets the rules.',
        },
      },
    },
    cta: {
      heading: 'Work with us',
      text: 'Join as a publisher or an advertiser and get to know the team in person.',
    },
  },
};
