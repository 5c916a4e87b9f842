/**
 * Legal pages: /terms (general terms, Advertiser agreement, Publisher agreement) and /privacy.
 *
 * Shape of a document part: `{ heading, intro?, updated?, sections: { <id>: { heading, clauses } } }`.
 * A clause is a string, or `{ text, items }` for a clause with a list, or `{ text, link, to }` for
 * a clause followed by a link. The pages number parts, sections and clauses themselves and use the
 * section ids as anchors, so clauses can be added or reordered here without renumbering by hand.
 * The figures are the spec's contractual and legal constants (public §1, §5, §6, §9);
 * `{{cookieDays}}` comes from TRACKING_COOKIE_DAYS in `@leadmesh/schema`.
 */
export const legal = {
  legalUi: {
    contents: 'Contents',
    backToContents: 'Back to contents',
  },
  terms: {
    title: 'Terms',
    intro: [
      'These pages set out the rules for using Leadmesh. The General terms apply to everyone. Advertisers also accept the Advertiser agreement, and publishers the Publisher agreement.',
      'Please read the parts that apply to you before you create an account. If anything is unclear, your affiliate manager or our support team will explain it.',
    ],
    general: {
      heading: 'General terms',
      sections: {
        about: {
          heading: 'About these terms',
          clauses: [
            'These terms govern the use of the Leadmesh website, dashboards, tracking links and related services (together, the “Service”). They apply to every advertiser and every publisher, together with the agreement for their role.',
            'By creating an account or using the Service, you accept these terms and the agreement for your role. If you do not accept them, please do not use the Service.',
            'Where these General terms and a role agreement say different things on the same point, the role agreement applies.',
          ],
        },
        operator: {
          heading: 'Who we are',
          clauses: [
            'The Service is operated by Leadmesh, a limited company registered in Serbia (“Leadmesh”, the “Provider”, “we” or “us”).',
            'Leadmesh is an advertising network, not an agency. We connect advertisers with publishers, track the leads that publishers generate, and settle the payments for them. We do not act as the agent of any advertiser or publisher, and we do not make commitments on their behalf.',
          ],
        },
        definitions: {
          heading: 'Definitions',
          clauses: [
            {
              text: 'In these terms and in both agreements:',
              items: [
                '“Advertiser” means a company that places offers on the network and pays for confirmed leads.',
                '“Publisher” means a person or company that promotes offers and sends leads.',
                '“Partner” means any advertiser or publisher registered with the network.',
                '“Offer” means a product or service that an advertiser promotes through the network, together with its payout and conditions.',
                '“Lead” means an order or other action made by a visitor whom a publisher referred. A “confirmed lead” is a lead that the advertiser has approved.',
                '“Interface” means the website, dashboards, programming interfaces and tracking links of the Service.',
                '“Business day” means a day from Monday to Friday that is not a public holiday in Serbia.',
              ],
            },
          ],
        },
        accounts: {
          heading: 'Accounts and registration',
          clauses: [
            'You must give true, complete and current information when you register, and keep it up to date.',
            'We may accept or reject any registration at our discretion.',
            'You must keep your login details secret. You are responsible for everything done through your account.',
          ],
        },
        tracking: {
          heading: 'Tracking and statistics',
          clauses: [
            'We record referrals with a tracking cookie that lasts {{cookieDays}} days. A lead is credited to a publisher when the visitor followed that publisher’s tracking link within that period.',
            'The statistics recorded by the Service are the basis for all charges and payments, unless a discrepancy is reported and resolved as the agreements below describe.',
          ],
        },
        caps: {
          heading: 'Caps',
          clauses: [
            'An advertiser may limit the number of leads it accepts for an offer (a “cap”). Setting or changing a cap requires 2 business days’ notice to us, so that publishers can adjust their traffic.',
            'Leads received before a cap change takes effect are handled under the previous conditions.',
          ],
        },
        nonCircumvention: {
          heading: 'Non-circumvention',
          clauses: [
            'While it works with us, and for 2 years after that, an advertiser may not deal with the network’s partners directly or through anyone else, unless we agree in writing. “Dealing” includes buying traffic or leads from a publisher it met through the network.',
          ],
        },
        providerRights: {
          heading: 'Our rights',
          clauses: [
            {
              text: 'To keep the network safe and fair, we may:',
              items: [
                'accept or reject registrations;',
                'withhold balances while we check a suspected breach of these terms or an agreement;',
                'ban accounts that break these terms or an agreement;',
                'adjust balances.',
              ],
            },
            {
              text: 'We adjust a balance only for one of the following reasons, which we record on the account:',
              items: [
                'promotions and bonuses;',
                'technical reasons, such as correcting a tracking error;',
                'fraud;',
                'additional agreements made with the partner;',
                'advertiser complaints or refunds.',
              ],
            },
          ],
        },
        documents: {
          heading: 'Notices and documents',
          clauses: [
            'Notices under these terms and the agreements are given in writing, by e-mail or through the Interface. Documents are exchanged in electronic form.',
            'A party may ask for a paper copy of a document. We send paper copies within 20 business days of the request.',
          ],
        },
        privacy: {
          heading: 'Personal data',
          clauses: [
            {
              text: 'How we collect and use personal data is explained in our Privacy Policy.',
              link: 'Read the Privacy Policy',
              to: '/privacy',
            },
          ],
        },
        changes: {
          heading: 'Changes',
          clauses: [
            'We may update these terms and the agreements. We publish each new version on this page and announce important changes in the dashboard or by e-mail before they apply. If you keep using the Service after that, the new version applies to you.',
          ],
        },
      },
    },
    advertiser: {
      heading: 'Advertiser agreement',
      intro: [
        'This agreement applies between Leadmesh and each advertiser, in addition to the General terms. It covers prepayment, campaigns and cancellation, reporting disputes, liability and penalties, and data protection.',
      ],
      sections: {
        scope: {
          heading: 'Scope',
          clauses: [
            'The Advertiser places offers on the network. Leadmesh makes them available to vetted publishers, tracks the leads they generate and delivers those leads to the Advertiser.',
            'The Advertiser pays for each confirmed lead at the price agreed for the offer.',
          ],
        },
        prepayment: {
          heading: 'Prepayment and credit balance',
          clauses: [
            'Leads are paid from a prepaid credit balance. The Advertiser tops up the balance before a campaign starts and keeps enough credit on it while the campaign runs.',
            'The price of each confirmed lead is deducted from the balance. We may pause the Advertiser’s offers while the balance is too low to cover new leads.',
            'Any amount the Advertiser does not pay when it is due bears a late payment fine of 1% of the overdue amount per day of delay.',
          ],
        },
        campaigns: {
          heading: 'Campaigns, caps and cancellation',
          clauses: [
            'The Advertiser may set or change caps on its offers with 2 business days’ notice, as the General terms describe.',
            'The Advertiser may cancel a campaign by giving at least 48 hours’ written notice.',
            'If the Advertiser cancels less than 3 business days before the agreed start of a campaign, it pays a cancellation fee of 30% of the prepayment for that campaign.',
          ],
        },
        obligations: {
          heading: 'Advertiser obligations',
          clauses: [
            {
              text: 'The Advertiser must not:',
              items: [
                'misuse the Interface, for example by trying to reach data or functions that are not meant for it;',
                'use automated tools, such as scripts, scrapers or bots, to access the Interface.',
              ],
            },
            {
              text: 'The Advertiser must:',
              items: [
                'keep its servers able to handle the traffic its offers receive;',
                'keep its lead integration (the connection through which leads reach its CRM) available at all times;',
                'process the leads it receives and update their statuses promptly and truthfully.',
              ],
            },
            'For every hour in which its lead integration is unavailable, the Advertiser pays a penalty equal to its average daily lead cost divided by 24.',
          ],
        },
        reporting: {
          heading: 'Reporting and disputes',
          clauses: [
            'Our statistics are the basis for charging the Advertiser.',
            'If the Advertiser finds a discrepancy between its own records and our statistics, it must report it to us within 3 calendar days, with the details we need to check it.',
            'Any other claim about a billing period must reach us within 30 days of the end of that period. After that, the statistics and charges for the period are final.',
          ],
        },
        liability: {
          heading: 'Liability and penalties',
          clauses: [
            'Each party is liable for the damage it causes by breaching this agreement, within the limits this agreement and the law set.',
            'Leadmesh does not guarantee a number of leads or a level of sales. As an advertising network, we are not responsible for the content of the Advertiser’s offers or for its products.',
            'The late payment fine, the downtime penalty and the cancellation fee apply in addition to any other remedy the law allows.',
          ],
        },
        warranties: {
          heading: 'Warranties',
          clauses: [
            'The Advertiser warrants that it may lawfully sell the products in its offers, that the offers and creatives it supplies are lawful and accurate, and that it holds every licence it needs in the countries where its offers run.',
            'These warranties survive the end of this agreement for 1 year.',
          ],
        },
        dataProtection: {
          heading: 'Data protection',
          clauses: [
            'Leads contain personal data of buyers. Each party processes that data lawfully, only to handle the order it relates to, and keeps it secure.',
            'A party that becomes aware of a personal data breach affecting leads must notify the other party within 48 hours.',
            'If a data subject objects to the processing of their data, the party that receives the objection must notify the other party within 24 hours, so that both can stop the processing.',
            'Each party’s liability under this article is capped at EUR 1,000.',
          ],
        },
        documents: {
          heading: 'Identification documents',
          clauses: [
            'On our request, the Advertiser must provide documents that identify the company and its representatives within 5 business days. We may suspend the account until they arrive.',
          ],
        },
        end: {
          heading: 'End of the agreement',
          clauses: [
            'Either party may end this agreement by written notice. Amounts owed for confirmed leads, fines and penalties remain payable after the end.',
            'The non-circumvention rule of the General terms continues to apply for 2 years after the end.',
          ],
        },
      },
    },
    publisher: {
      heading: 'Publisher agreement',
      updated: 'Last updated: 25 December 2020',
      intro: [
        'This agreement applies between Leadmesh and each publisher, in addition to the General terms. It covers acceptance, eligible websites, e-mail campaigns, ad placement, earnings, payments, fraud and termination.',
      ],
      sections: {
        acceptance: {
          heading: 'Acceptance',
          clauses: [
            'You accept this agreement when you register as a publisher. You must be at least 18 years old to register.',
            'We may accept or reject your registration at our discretion.',
            'Each publisher may hold only one account. Holding more than one account needs our permission, asked for and given by e-mail.',
            'You may not transfer your account to anyone or share it with anyone.',
          ],
        },
        websites: {
          heading: 'Eligible websites',
          clauses: [
            {
              text: 'Every website you use to promote offers must be:',
              items: [
                'content-based: it offers real content of its own, not only advertising;',
                'fully functional: no broken pages and no pages under construction;',
                'legal: nothing unlawful, and nothing that promotes unlawful activity.',
              ],
            },
            'We may review your websites at any time and refuse any that do not meet these conditions.',
          ],
        },
        email: {
          heading: 'E-mail campaigns',
          clauses: [
            'You may send e-mail advertising only to recipients who have consented to receive it, and you must keep a record of each consent.',
            'If we ask for the consent record of a recipient, you must supply it within 1 business day.',
            'Every message must contain an unsubscribe link that keeps working for 30 days after the message is sent.',
            'You must honour every unsubscribe request within 10 business days.',
          ],
        },
        placement: {
          heading: 'Ad placement, links and creatives',
          clauses: [
            'Use only the tracking links and creatives we provide. You must not alter links or creatives, including their wording, images and claims. Adding the sub-ID parameters that your dashboard offers is allowed.',
            'You are responsible for where your ads appear. They must not suggest that the advertiser or Leadmesh endorses your website.',
          ],
        },
        fraud: {
          heading: 'Fraud',
          clauses: [
            {
              text: 'You must not generate leads by fraud. Fraud includes, among other things:',
              items: [
                'cloaking: showing reviewers different content from what visitors see;',
                'forced redirects: sending visitors to an offer without their own action;',
                'bots and any other automated or fake traffic;',
                'invisible frames that load offers or tracking links out of sight;',
                'auto-reloading pages.',
              ],
            },
            'For each breach of this agreement you pay us damages of at least US$1,000. We may also withhold your balance and ban your account.',
          ],
        },
        earnings: {
          heading: 'Earnings',
          clauses: [
            'You earn the payout of an offer for each lead that the advertiser confirms. Leads are tracked with a cookie that lasts {{cookieDays}} days.',
            'Leads that are rejected, duplicated or fraudulent earn nothing.',
            'If your records differ from our statistics, tell us within 3 days. After that window, the statistics stand.',
            'Any other claim about a transaction must reach us within 30 days of the transaction.',
          ],
        },
        payments: {
          heading: 'Payments',
          clauses: [
            'You can request a cash-out of your available balance from your dashboard. We pay about 15 days after your request, to the payment method on your account.',
            'Give us at least 14 days’ notice of any change to your payment details. Until the change takes effect, we pay to the details we hold.',
          ],
        },
        rights: {
          heading: 'Our rights over accounts and balances',
          clauses: [
            'As the General terms describe, we may withhold balances, ban accounts, and adjust balances for promotions and bonuses, technical reasons, fraud, additional agreements, or advertiser complaints or refunds.',
          ],
        },
        data: {
          heading: 'Your data',
          clauses: [
            {
              text: 'We handle your personal data as our Privacy Policy describes. We answer questions about your data within 10 business days.',
              link: 'Read the Privacy Policy',
              to: '/privacy',
            },
          ],
        },
        documents: {
          heading: 'Identification and paper copies',
          clauses: [
            'On our request, you must provide documents that confirm your identity, and your company’s if you publish as a company, within 15 business days. We may hold your payouts until they arrive.',
            'You may ask for a paper copy of this agreement. We send it within 20 business days of your request.',
          ],
        },
        termination: {
          heading: 'Termination',
          clauses: [
            'Either party may end this agreement at any time with 1 business day’s notice.',
            'When the agreement ends, you must stop using our links and creatives. Earnings for confirmed leads generated before the end are paid out, unless they are withheld under this agreement.',
          ],
        },
      },
    },
  },
  privacy: {
    title: 'Privacy Policy',
    effective: 'Effective from 1 June 2022',
    intro: [
      'This policy explains which personal data Leadmesh collects, why we collect it, and what rights you have over it. It applies to visitors of our website and to the publishers and advertisers who use our platform.',
    ],
    sections: {
      controller: {
        heading: 'Who we are',
        clauses: [
          'Leadmesh, a limited company registered in Serbia, is the controller of the personal data described in this policy.',
          'This policy applies from 1 June 2022.',
        ],
      },
      collected: {
        heading: 'Data we collect',
        clauses: [
          {
            text: 'When you register and use your account, we collect:',
            items: [
              'your name or username;',
              'your e-mail address;',
              'your messenger details, such as WhatsApp, Skype or Telegram;',
              'your professional background, such as your experience in affiliate marketing;',
              'your payment information, so that we can pay you or invoice you.',
            ],
          },
          'We also keep the records the Service creates while you use it, such as your login sessions and the statistics of your account.',
        ],
      },
      purposes: {
        heading: 'Why we use it',
        clauses: [
          {
            text: 'We use your data for:',
            items: [
              'registration: creating and running your account;',
              'KYC/AML: confirming who you are and preventing money laundering and fraud;',
              'marketing: telling you about offers, events and news of the network;',
              'legal compliance: meeting our accounting, tax and other legal duties.',
            ],
          },
        ],
      },
      grounds: {
        heading: 'Legal grounds',
        clauses: [
          {
            text: 'We process your data only when the law allows it:',
            items: [
              'to perform our contract with you, for registration and running your account;',
              'to meet a legal obligation, for KYC/AML checks and legal compliance;',
              'for our legitimate interests, such as preventing fraud and keeping the Service secure;',
              'with your consent, for marketing. You may withdraw your consent at any time.',
            ],
          },
        ],
      },
      sharing: {
        heading: 'Who we share it with',
        clauses: [
          'We share data only with service providers that help us run the Service, such as hosting and payment providers, under contracts that protect it, and with public authorities when the law requires it. We do not sell your data.',
        ],
      },
      rights: {
        heading: 'Your rights',
        clauses: [
          {
            text: 'You have the right to:',
            items: [
              'access the data we hold about you;',
              'have inaccurate data corrected;',
              'have your data erased when we no longer need to keep it;',
              'restrict or object to its processing, including for marketing;',
              'receive your data in a portable format;',
              'withdraw your consent at any time, without affecting processing that took place before;',
              'complain to a data protection authority.',
            ],
          },
        ],
      },
      requests: {
        heading: 'How we handle your requests',
        clauses: [
          'Send your request through the Get in touch form at the bottom of this page, or write to us from the e-mail address of your account.',
          'We answer requests within 14 days.',
          'If we need more information to handle your request, we tell you what is missing. You then have 5 days to complete your claim.',
          'If a request is complex, or we receive many at once, we may extend the time by at most 30 further days. We tell you about the extension and the reason within the first 14 days.',
        ],
      },
      cookies: {
        heading: 'Cookies',
        clauses: [
          'We use a session cookie to keep you logged in, and a tracking cookie that lasts {{cookieDays}} days to credit leads to the publisher who referred the visitor.',
          'When you follow a partner’s referral link, we keep its referral code in your browser’s local storage, so that your sign-up is credited to that partner.',
          'You can delete or block cookies in your browser settings. Without the session cookie you cannot stay logged in, and without the tracking cookie referrals cannot be credited.',
        ],
      },
      age: {
        heading: 'Minimum age',
        clauses: [
          'The Service is for people aged 18 or over. We do not knowingly collect data from anyone younger; if we learn that we have, we delete it.',
        ],
      },
      security: {
        heading: 'Retention and security',
        clauses: [
          'We keep your data only for as long as the purposes above need it or the law requires, and we protect it with technical and organisational measures.',
        ],
      },
      changes: {
        heading: 'Changes to this policy',
        clauses: [
          'We may update this policy. The date at the top of this page shows when the current version took effect, and we announce important changes by e-mail or in the dashboard.',
        ],
      },
    },
  },
};
