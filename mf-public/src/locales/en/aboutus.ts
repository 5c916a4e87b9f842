/** Texts of /aboutus (Our culture) (the spec's claims and figures, as in marketing.ts), loaded with its page. */
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
