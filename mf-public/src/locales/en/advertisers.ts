/** Texts of /advertisers (the spec's claims and figures, as in marketing.ts), loaded with its page. */
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
