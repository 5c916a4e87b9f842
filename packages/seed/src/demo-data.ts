/** Fixed parts of the demo world: people, companies, offers, places. */

export const DEMO_PASSWORDS = {
  admin: 'admin12345',
  manager: 'manager12345',
  publisher: 'publisher12345',
  advertiser: 'advertiser12345',
} as const;

/** The demo logins, printed by `npm start` and listed in the README. */
export const DEMO_LOGINS = [
  { username: 'admin', password: DEMO_PASSWORDS.admin, role: 'admin' },
  { username: 'manager', password: DEMO_PASSWORDS.manager, role: 'manager' },
  { username: 'publisher', password: DEMO_PASSWORDS.publisher, role: 'verified publisher' },
  {
    username: 'publisher2',
    password: DEMO_PASSWORDS.publisher,
    role: 'verified publisher (referred by publisher)',
  },
  { username: 'newbie', password: DEMO_PASSWORDS.publisher, role: 'unverified publisher' },
  { username: 'advertiser', password: DEMO_PASSWORDS.advertiser, role: 'verified advertiser' },
  { username: 'advertiser2', password: DEMO_PASSWORDS.advertiser, role: 'verified advertiser' },
] as const;

/** Where the demo buyers are: each country's cities, with how often a lead comes from each. */
const CITY_WEIGHTS: Record<string, Record<string, number>> = {
  RS: { Belgrade: 30, 'Novi Sad': 12, Nis: 8 },
  BA: { Sarajevo: 10, 'Banja Luka': 6 },
  HR: { Zagreb: 10, Split: 5 },
  SI: { Ljubljana: 5 },
  MK: { Skopje: 5 },
  ME: { Podgorica: 4 },
  BG: { Sofia: 4 },
  RO: { Bucharest: 4 },
};

/** The demo places, a city each: its country, its name and its weight. */
export const PLACES = Object.entries(CITY_WEIGHTS).flatMap(([countryCode, cities]) =>
  Object.entries(cities).map(([city, weight]) => ({ countryCode, city, weight })),
);

export const FIRST_NAMES = [
  'Marko',
  'Ana',
  'Jovan',
  'Milica',
  'Nikola',
  'Ivana',
  'Stefan',
  'Jelena',
  'Luka',
  'Sara',
  'Petar',
  'Mina',
];
export const LAST_NAMES = [
  'Jovanovic',
  'Petrovic',
  'Nikolic',
  'Markovic',
  'Ilic',
  'Kovac',
  'Horvat',
  'Babic',
  'Popovic',
  'Savic',
];

export interface DemoOffer {
  name: string;
  product: string;
  brand: string;
  price: string;
  payoutCents: number;
  tax: number;
  type: 'CPA' | 'CPL';
  countries: string[];
  colour: string;
  promoted: boolean;
  description: string;
  /** The landing's headline and three selling points. */
  pitch: string;
  benefits: [string, string, string];
}

export const DEMO_OFFERS: { advertiser: 0 | 1; offer: DemoOffer }[] = [
  {
    advertiser: 0,
    offer: {
      name: 'FlexiJoint RS',
      product: 'FlexiJoint gel',
      brand: 'FlexiJoint',
      price: '3990 RSD',
      payoutCents: 1200,
      tax: 20,
      type: 'CPA',
      countries: ['RS', 'BA', 'ME'],
      colour: '#2f7bf5',
      promoted: true,
      pitch: 'Move freely again: cooling relief for knees, back and shoulders',
      benefits: [
        'Cools and soothes in minutes',
        'Natural menthol, arnica and glucosamine',
        'One tube lasts a whole month',
      ],
      description:
        '<h2>FlexiJoint gel</h2><p>Cooling gel for joints and muscles. Cash on delivery, delivered in 2-4 days.</p>',
    },
  },
  {
    advertiser: 0,
    offer: {
      name: 'SlimTea Balkans',
      product: 'SlimTea herbal blend',
      brand: 'SlimTea',
      price: '29,90 EUR',
      payoutCents: 950,
      tax: 20,
      type: 'CPA',
      countries: ['HR', 'SI', 'BA', 'RS'],
      colour: '#23a26d',
      promoted: false,
      pitch: 'A cup a day for a lighter, fresher you',
      benefits: ['Twelve herbs, no added sugar', 'A 30-day pack, two cups a day', 'Gentle on the stomach'],
      description:
        '<h2>SlimTea</h2><p>Herbal tea blend, 30-day pack. <strong>COD</strong> in the whole region.</p>',
    },
  },
  {
    advertiser: 0,
    offer: {
      name: 'HairGrow Pro',
      product: 'HairGrow serum',
      brand: 'HairGrow',
      price: '39,00 EUR',
      payoutCents: 1500,
      tax: 25,
      type: 'CPA',
      countries: ['HR', 'SI'],
      colour: '#a855f7',
      promoted: false,
      pitch: 'Thicker, stronger hair in eight weeks',
      benefits: ['Biotin, caffeine and rosemary oil', 'Visible results in 8 weeks', 'For women and men'],
      description: '<h2>HairGrow serum</h2><p>Serum for thicker hair, 60 ml.</p>',
    },
  },
  {
    advertiser: 1,
    offer: {
      name: 'SmartWatch X5',
      product: 'X5 smart watch',
      brand: 'Voltix',
      price: '5990 MKD',
      payoutCents: 1800,
      tax: 20,
      type: 'CPA',
      countries: ['MK', 'BG', 'RO'],
      colour: '#f59e0b',
      promoted: true,
      pitch: 'Your health and your messages on your wrist',
      benefits: [
        'Pulse, sleep and steps, day and night',
        'Seven days on one charge',
        'Calls and messages from your phone',
      ],
      description: '<h2>X5 smart watch</h2><p>Pulse, steps and notifications. One-year warranty.</p>',
    },
  },
  {
    advertiser: 1,
    offer: {
      name: 'Solar Lamp Duo',
      product: 'Solar garden lamp (2 pcs)',
      brand: 'Voltix',
      price: '24,99 EUR',
      payoutCents: 400,
      tax: 15,
      type: 'CPL',
      countries: ['RS', 'HR', 'BA', 'SI', 'ME'],
      colour: '#ef4444',
      promoted: false,
      pitch: 'Light up your garden for free, every night',
      benefits: [
        'Charges in the sun, lights up at dusk',
        'Motion sensor: bright when you pass',
        'No cables, set up in a minute',
      ],
      description: '<h2>Solar Lamp Duo</h2><p>Two solar lamps with motion sensor.</p>',
    },
  },
];

export const BLOCKED_REASONS = [
  'Duplicate phone number',
  'Blacklisted IP',
  'Daily offer limit reached',
  'Country not allowed',
];

export const LOG_SAMPLES = [
  { level: 0, context: 'leads/intake', text: 'Lead accepted [offer:{offer}] [publisher:{user}]' },
  { level: 0, context: 'crm/deliver', text: 'Lead delivered [lead:{lead}] [crm:bitrix24]' },
  { level: 1, context: 'crm/deliver', text: 'CRM answered slowly [lead:{lead}] [ms:{ms}]' },
  { level: 1, context: 'auth/login', text: 'Login failed [username:{user}] [ip:10.0.0.{n}]' },
  { level: 2, context: 'crm/deliver', text: 'CRM refused lead [lead:{lead}] [status:500]' },
  { level: 3, context: 'payouts/process', text: 'Payout run stopped [payout:{n}] [reason:database busy]' },
] as const;

/** The demo publisher's server-to-server API token (canSendLeads, canReadLeads). */
export const DEMO_API_TOKEN = 'lm_demo_publisher_token_0001';
