import { LOG_LEVELS, SELECTABLE_OFFER_TYPES, WEBSITE_TYPES } from './catalogue.ts';
import type { FilterFieldSpec, FilterValueType } from './filters.ts';
import { BLOCKED_REASONS, LEAD_STATUS_CODES, LEAD_STATUS_NAMES } from './lead-status.ts';

/**
 * How a list cell shows its value (as ProTable's `valueType`): the kit's formatters turn each into
 * the product's one date or money format (decision 0055).
 */
export type ListValueType =
  | 'text'
  | 'number'
  | 'money'
  | 'date'
  | 'dateTime'
  | 'dateTimeUtc'
  | 'yesNo'
  | 'leadStatus'
  | 'percent';

/** One field of a list: what people call it, its filter value type and how a cell shows it. */
export interface ListFieldDecl {
  label: string;
  type: FilterValueType;
  /** Fixed choices of the filter; `'country'` is the kit's country list (names drawn in the browser). */
  options?: FilterFieldSpec['options'] | 'country';
  /** How a cell shows it; by default from `type` (date: date and time, boolean: Yes/No). */
  valueType?: ListValueType;
  /** The server reads it but the filter bar does not offer it (an alias, a field no screen filters by). */
  offered?: false;
}

/**
 * One list, declared once for both sides: the screen's filter bar, search box and column titles
 * come from it (`listFilterFields`), and the API builds its whitelist from it with a column per
 * field (core `listWhitelist`), so the compiler names every field the server must read.
 */
export interface ListDecl<F extends string = string> {
  fields: { readonly [K in F]: ListFieldDecl };
  /**
   * Fields the search box looks in: text fields by "contains", number fields (an ID) by equality
   * when the text is a whole number. Empty or absent: the list has no search box.
   */
  search?: readonly F[];
}

/** Declares a list (keeps the field names as a type, for the server's column map). */
export function defineList<const Fields extends Record<string, ListFieldDecl>>(decl: {
  fields: Fields;
  search?: readonly (keyof Fields & string)[];
}): ListDecl<keyof Fields & string> {
  return decl as ListDecl<keyof Fields & string>;
}

/** The filter name the search box sends (`{ name: 'Search', op: 'contains', value }`); the engine ORs it over `search`. */
export const SEARCH_FILTER = 'Search';

/**
 * The filter bar's fields of a list: every offered field, with its label and fixed choices.
 * `countries` fills fields whose options are `'country'` (the kit passes its country list).
 */
export function listFilterFields(
  list: ListDecl,
  countries: FilterFieldSpec['options'] = [],
): FilterFieldSpec[] {
  return Object.entries<ListFieldDecl>(list.fields)
    .filter(([, f]) => f.offered !== false)
    .map(([name, f]) => ({
      name,
      // A money filter is typed in dollars: its label says so.
      friendlyName: f.valueType === 'money' ? `${f.label} ($)` : f.label,
      type: f.type,
      ...(f.valueType === 'money' ? { money: true } : {}),
      ...(f.options ? { options: f.options === 'country' ? countries : f.options } : {}),
    }));
}

/** The search box's placeholder: "Search by username, email or ID". */
export function searchPlaceholder(list: ListDecl): string | null {
  const names = (list.search ?? []).map((name) => {
    const label = (list.fields as Record<string, ListFieldDecl>)[name]?.label ?? name;
    return /^[A-Z]{2,}/.test(label) ? label : label.toLowerCase();
  });
  if (names.length === 0) return null;
  const last = names.pop();
  return `Search by ${names.length ? `${names.join(', ')} or ${last}` : last}`;
}

const STATUS_OPTIONS = LEAD_STATUS_CODES.map((code) => ({ value: code, label: LEAD_STATUS_NAMES[code] }));
const BLOCKED_OPTIONS = Object.entries(BLOCKED_REASONS).map(([value, label]) => ({ value, label }));
const OFFER_TYPE_OPTIONS = SELECTABLE_OFFER_TYPES.map((t) => ({ value: t, label: t }));
const yes = (label: string): ListFieldDecl => ({ label, type: 'boolean' });
const id = (label = 'ID'): ListFieldDecl => ({ label, type: 'number' });
const text = (label: string): ListFieldDecl => ({ label, type: 'string' });
const num = (label: string): ListFieldDecl => ({ label, type: 'number' });
const created = (label = 'Date'): ListFieldDecl => ({ label, type: 'date', valueType: 'dateTime' });
/** Money: typed in dollars in the filter bar, sent in cents (the wire's unit); cells show $ with 2 decimals. */
const cents = (label: string): ListFieldDecl => ({
  label,
  type: 'number',
  valueType: 'money',
});

// ---------------------------------------------------------------------------------------------
// Leads

const publisherLeadFields = {
  ID: id(),
  Status: { label: 'Status', type: 'number', options: STATUS_OPTIONS, valueType: 'leadStatus' },
  createdAt: created(),
  Date: { ...created(), offered: false },
  OfferName: text('Offer name'),
  ProductName: text('Product name'),
  BoundOffer: id('Offer ID'),
  PurchaseDomain: text('Domain'),
  CountryCode: { label: 'Country', type: 'string', options: 'country' },
  City: text('City'),
  PurchaseIsPhone: yes('From a phone'),
  PurchaseLeadType: text('Lead type'),
  LeadMoneyWithdrawn: yes('Money withdrawn'),
  PublisherPaid: yes('Publisher paid'),
  FriendlyName: text('Taken offer'),
  BlockedReason: { label: 'Blocked reason', type: 'string', options: BLOCKED_OPTIONS },
} as const satisfies Record<string, ListFieldDecl>;
const leadSearch = ['ID', 'ProductName', 'OfferName'] as const;

/** publisher-leads: `ID` is what the `?ID=` link sets; `Date` is another name for `createdAt`. */
export const PUBLISHER_LEAD_LIST = defineList({ fields: publisherLeadFields, search: leadSearch });

const {
  LeadMoneyWithdrawn: _w,
  PublisherPaid: _p,
  FriendlyName: _f,
  BlockedReason: _b,
  ...advertiserLeadBase
} = publisherLeadFields;

/** advertiser-leads: never the publisher's side of the money; blocked leads never reach them. */
export const ADVERTISER_LEAD_LIST = defineList({
  fields: { ...advertiserLeadBase, AdvertiserPaid: yes('Paid') },
  search: leadSearch,
});

/** admin-leads and admin-blockedLeads. */
export const ADMIN_LEAD_LIST = defineList({
  fields: {
    ...publisherLeadFields,
    BoundUser: id('Publisher ID'),
    BoundAdvertiser: id('Advertiser ID'),
    PurchaseIP: text('IP'),
    CRMType: text('CRM'),
    BoundCRM: id('CRM ID'),
    AdvertiserPaid: yes('Advertiser paid'),
  },
  search: [...leadSearch, 'PurchaseIP'],
});

// ---------------------------------------------------------------------------------------------
// People and partners

/** admin-users and manager-publishers (admin §2). */
export const USER_LIST = defineList({
  fields: {
    ID: id(),
    Username: text('Username'),
    Email: text('Email'),
    FirstName: text('First name'),
    LastName: text('Last name'),
    Country: { label: 'Country', type: 'string', options: 'country' },
    ZIP: num('ZIP'),
    Experience: num('Experience'),
    isAdmin: yes('Is admin'),
    isManager: yes('Is manager'),
    // The user dialog's assigned-manager picker lists every kind of staff (issue 16 item 3).
    isPublisherManager: yes('Is publisher manager'),
    isAdvertiserManager: yes('Is advertiser manager'),
    isVerified: yes('Verified'),
    isCRMInfoAllowed: yes('CRM info allowed'),
    isAdvertiser: yes('Is advertiser'),
    // The lead report's publisher picker: users whose publisher role shows.
    isPublisherHidden: yes('Publisher role hidden'),
    createdAt: created('Signed up'),
  },
  search: ['ID', 'Username', 'Email', 'FirstName', 'LastName'],
});

/** admin-advertisers and manager-advertisers (admin §2). */
export const ADVERTISER_LIST = defineList({
  fields: {
    ID: id(),
    CompanyName: text('Company name'),
    Username: text('Username'),
    CompanyAddress: text('Company address'),
    CompanyCity: text('Company city'),
    CompanyZipCode: num('Company ZIP'),
    TaxVatNumber: text('TAX/VAT number'),
    isInfiniteCredits: yes('Infinite credits'),
    creditBalance: cents('Credit balance'),
    minBalance: cents('Min balance'),
    isVerified: yes('Verified'),
    createdAt: created('Created'),
  },
  search: ['ID', 'CompanyName', 'Username'],
});

/** admin-apitokens (public §2). */
export const API_TOKEN_LIST = defineList({
  fields: { ID: id(), Name: text('Name'), UserID: id('User ID'), createdAt: created('Date added') },
  search: ['ID', 'Name'],
});

// ---------------------------------------------------------------------------------------------
// Offers, domains, websites

const offerFields = {
  ID: id(),
  BoundAdvertiser: id('Advertiser ID'),
  OfferName: text('Offer name'),
  OfferProductName: text('Product name'),
  OfferProductBrand: text('Product brand'),
  OfferCountry: { label: 'Country', type: 'string', options: 'country' },
  OfferType: { label: 'Offer type', type: 'string', options: OFFER_TYPE_OPTIONS },
  OfferPayout: cents('Payout'),
  OfferLimit: num('Limit'),
  OfferProductPrice: text('Product price'),
  OfferMonthlyConversionRatio: { label: 'Approve rate (%)', type: 'number', valueType: 'percent' },
  OfferActive: yes('Active'),
  PlatformTax: { label: 'Platform tax (%)', type: 'number', valueType: 'percent' },
  isPromoted: yes('Promoted'),
  createdAt: created('Created'),
} as const satisfies Record<string, ListFieldDecl>;
const offerSearch = ['ID', 'OfferName', 'OfferProductName', 'OfferProductBrand'] as const;

/** admin-offers (admin §2) plus isPromoted; OfferCountry eq / in matches any of the offer's countries. */
export const OFFER_LIST = defineList({ fields: offerFields, search: offerSearch });

const { BoundAdvertiser: _a, PlatformTax: _t, ...advertiserOfferFields } = offerFields;

/** advertiser-offers: their own offers. */
export const ADVERTISER_OFFER_LIST = defineList({ fields: advertiserOfferFields, search: offerSearch });

/** The publisher catalogue (offers of type CPA and CPL only, dashboards §5). */
export const CATALOGUE_LIST = defineList({
  fields: {
    ID: offerFields.ID,
    OfferName: offerFields.OfferName,
    OfferProductName: offerFields.OfferProductName,
    OfferProductBrand: offerFields.OfferProductBrand,
    OfferCountry: offerFields.OfferCountry,
    OfferType: offerFields.OfferType,
    OfferLimit: num('Limit per day'),
    OfferMonthlyConversionRatio: offerFields.OfferMonthlyConversionRatio,
    isNew: yes('New'),
    createdAt: offerFields.createdAt,
  },
  search: offerSearch,
});

/** The domain lists (admin §2 Admin internal domains; the publisher's domains). */
export const DOMAIN_LIST = defineList({
  fields: { ID: id(), DomainName: text('Domain name') },
  search: ['ID', 'DomainName'],
});

/** The website types as people read them (the stored values are the spec's `Landing`, `PreLanding`). */
export const WEBSITE_TYPE_LABELS: Record<(typeof WEBSITE_TYPES)[number], string> = {
  Landing: 'Landing',
  PreLanding: 'Prelanding',
};

/** admin-websites (public §2). */
export const WEBSITE_LIST = defineList({
  fields: {
    ID: id(),
    WebsiteName: text('Website name'),
    BoundOffer: id('Offer ID'),
    OfferName: text('Offer'),
    WebsiteType: {
      label: 'Type',
      type: 'string',
      options: WEBSITE_TYPES.map((t) => ({ value: t, label: WEBSITE_TYPE_LABELS[t] })),
    },
    EntryFile: text('Entry file'),
    createdAt: created('Uploaded'),
  },
  search: ['ID', 'WebsiteName', 'OfferName'],
});

/** The publisher's taken offers (dashboards §2). `TakenOfferName` is the spec's name of the offer's name. */
export const TAKEN_OFFER_LIST = defineList({
  fields: {
    ID: id(),
    FriendlyName: text('Custom name'),
    OfferName: text('Offer name'),
    TakenOfferName: { ...text('Offer name'), offered: false },
    BoundOffer: id('Offer ID'),
    BoundDomain: { ...id('Domain ID'), offered: false },
    createdAt: created('Date taken'),
  },
  search: ['ID', 'FriendlyName', 'OfferName'],
});

// ---------------------------------------------------------------------------------------------
// Money

/** admin-customPayouts (public §2). */
export const CUSTOM_PAYOUT_LIST = defineList({
  fields: {
    ID: id(),
    UserID: id('User ID'),
    Username: text('Username'),
    OfferID: id('Offer ID'),
    OfferName: text('Offer name'),
    Payout: cents('Payout'),
    createdAt: created('Created'),
  },
  search: ['ID', 'Username', 'OfferName'],
});

/** admin-invoices (public §2). */
export const INVOICE_LIST = defineList({
  fields: {
    ID: id(),
    InvoiceID: text('Invoice ID'),
    BoundAdvertiser: id('Advertiser ID'),
    Advertiser: text('Advertiser'),
    Amount: cents('Amount'),
    isPaid: yes('Paid'),
    createdAt: created(),
  },
  search: ['ID', 'InvoiceID', 'Advertiser'],
});

/** admin-payments: platform payouts (public §2); dates in UTC (public §9). */
export const PLATFORM_PAYOUT_LIST = defineList({
  fields: {
    ID: id(),
    BoundUser: id('User ID'),
    TotalPaidOut: cents('Total paid out'),
    Processed: yes('Processed'),
    createdAt: { ...created('Created'), valueType: 'dateTimeUtc' },
  },
  search: ['ID', 'BoundUser'],
});

/** Payment histories (payments-publisher, payments-advertiser); payout dates in UTC (dashboards §9). */
export const PAYOUT_LINE_LIST = defineList({
  fields: {
    ID: { ...id(), offered: false },
    Date: { label: 'Date', type: 'date', valueType: 'dateTimeUtc' },
    Amount: cents('Amount'),
    Description: text('Description'),
    Comment: text('Comment'),
  },
  search: ['Description', 'Comment'],
});

/** referral-publisher (dashboards §2). */
export const PUBLISHER_REFERRAL_LIST = defineList({
  fields: { Date: { label: 'Date', type: 'date', valueType: 'date' }, Username: text('Username') },
  search: ['Username'],
});

/** referral-advertiser (dashboards §2). */
export const ADVERTISER_REFERRAL_LIST = defineList({
  fields: { Username: text('Username'), Date: { label: 'Last earned', type: 'date' } },
  search: ['Username'],
});

// ---------------------------------------------------------------------------------------------
// Logs

/** admin-logs (public §2). */
export const LOG_LIST = defineList({
  fields: {
    ID: id(),
    LogLevel: {
      label: 'Level',
      type: 'number',
      options: LOG_LEVELS.map((l) => ({ value: l.level, label: l.name })),
    },
    Log: text('Text'),
    Context: text('Context'),
    User: id('User ID'),
    createdAt: created(),
  },
  search: ['ID', 'Log', 'Context'],
});

/** Every declared list by name (the API test checks each against its server whitelist). */
export const LISTS = {
  publisherLeads: PUBLISHER_LEAD_LIST,
  advertiserLeads: ADVERTISER_LEAD_LIST,
  adminLeads: ADMIN_LEAD_LIST,
  users: USER_LIST,
  advertisers: ADVERTISER_LIST,
  apiTokens: API_TOKEN_LIST,
  offers: OFFER_LIST,
  advertiserOffers: ADVERTISER_OFFER_LIST,
  catalogue: CATALOGUE_LIST,
  domains: DOMAIN_LIST,
  websites: WEBSITE_LIST,
  takenOffers: TAKEN_OFFER_LIST,
  customPayouts: CUSTOM_PAYOUT_LIST,
  invoices: INVOICE_LIST,
  platformPayouts: PLATFORM_PAYOUT_LIST,
  payoutLines: PAYOUT_LINE_LIST,
  publisherReferrals: PUBLISHER_REFERRAL_LIST,
  advertiserReferrals: ADVERTISER_REFERRAL_LIST,
  logs: LOG_LIST,
} as const;
export type ListName = keyof typeof LISTS;
