/** Enumerations of the spec that are not statuses or CRMs. */

export const POSTBACK_TRIGGERS = [
  'Any',
  'AnyPublisher',
  'AnyAdvertiser',
  'OnCreate',
  'OnCreatePublisher',
  'OnCreateAdvertiser',
  'OnApproved',
  'OnApprovedPublisher',
  'OnApprovedAdvertiser',
  'OnDeclined',
  'OnDeclinedPublisher',
  'OnDeclinedAdvertiser',
] as const;
export type PostbackTrigger = (typeof POSTBACK_TRIGGERS)[number];
export const POSTBACK_TYPES = ['default'] as const;
/**
 * How a postback is sent (decision 0042): `get`, its values in the URL (the spec's only kind), or
 * `post-json`, POST to the URL with the values as a JSON body, which the Standard Webhooks
 * libraries verify as they are.
 */
export const POSTBACK_DELIVERY_MODES = ['get', 'post-json'] as const;
export type PostbackDeliveryMode = (typeof POSTBACK_DELIVERY_MODES)[number];
/** How a request's signature checked out against its receiver's secrets (the postback inspector). */
export const SIGNATURE_CHECKS = ['valid', 'invalid', 'expired', 'missing'] as const;
export type SignatureCheck = (typeof SIGNATURE_CHECKS)[number];
/**
 * The postback inspector's bounds (decision 0041): requests kept per user, characters of a body and
 * of a header value kept, headers kept, and the largest body taken at all (413 beyond).
 */
export const INSPECTOR_LIMITS = {
  requests: 100,
  bodyChars: 8192,
  headerChars: 1000,
  headers: 60,
  maxBodyBytes: 65_536,
} as const;

/** Placeholders a postback URL may carry; `{product}` is the product key prefix (dashboards §3). */
export const POSTBACK_PLACEHOLDERS = [
  '{lead_id}',
  '{lead_status}',
  '{lead_price}',
  '{offer_id}',
  '{offer_name}',
  '{product_name}',
  '{domain}',
  '{lead_type}',
  '{is_phone}',
  '{leadmesh-name}',
  '{leadmesh-phone}',
  '{leadmesh-quantity}',
  '{leadmesh-uid}',
  '{leadmesh-c1}',
  '{leadmesh-c2}',
  '{leadmesh-c3}',
  '{leadmesh-c4}',
  '{leadmesh-c5}',
  '{leadmesh-c6}',
  '{leadmesh-stclickid}',
] as const;

export const OFFER_TYPES = ['CPA', 'CPM', 'CPL'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];
/** Offer filters and the add-offer form offer only these two. */
export const SELECTABLE_OFFER_TYPES = ['CPA', 'CPL'] as const;
export const LEAD_TYPES = ['CPA', 'CPL'] as const;

export const WEBSITE_TYPES = ['Landing', 'PreLanding'] as const;
export type WebsiteType = (typeof WEBSITE_TYPES)[number];

export const LOG_LEVELS = [
  { level: 0, name: 'info', colour: '#1677ff' },
  { level: 1, name: 'warning', colour: '#faad14' },
  { level: 2, name: 'error', colour: '#ff4d4f' },
  { level: 3, name: 'critical', colour: '#a8071a' },
] as const;
export type LogLevel = 0 | 1 | 2 | 3;

export const AUTO_PAYOUT_INTERVALS = [0, 7, 14, 30] as const;
export type AutoPayoutInterval = (typeof AUTO_PAYOUT_INTERVALS)[number];

export const PAYMENT_METHOD_TYPES = ['Wire', 'Paypal'] as const;

/** How people read each payment method type (the spec's `Paypal` is the stored value, not the brand). */
export const PAYMENT_METHOD_LABELS: Record<(typeof PAYMENT_METHOD_TYPES)[number], string> = {
  Wire: 'Wire transfer',
  Paypal: 'PayPal',
};
export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

/** User flags as the spec names them (admin §3). `theme` is a flag too, kept in its own column. */
export const USER_FLAGS = [
  'isAdmin',
  'isManager',
  'isPublisherManager',
  'isAdvertiserManager',
  'isVerified',
  'isRefferalEnabled',
  'isPublisherHidden',
  'isCRMInfoAllowed',
] as const;
export type UserFlag = (typeof USER_FLAGS)[number];

/** Conferences of the public pages (public §9). */
export const CONFERENCES = {
  barcelona: {
    city: 'Barcelona',
    dates: '6-7 July 2022',
    start: '2022-07-06',
    end: '2022-07-07',
    meetings: true,
  },
  bangkok: {
    city: 'Bangkok',
    dates: '30 Nov-1 Dec 2022',
    start: '2022-11-30',
    end: '2022-12-01',
    meetings: true,
  },
  dubai: {
    city: 'Dubai',
    dates: '28 Feb-1 Mar 2022',
    start: '2022-02-28',
    end: '2022-03-01',
    meetings: false,
  },
  moscow: { city: 'Moscow', dates: '5-6 Oct 2021', start: '2021-10-05', end: '2021-10-06', meetings: false },
} as const;
export type ConferenceCity = keyof typeof CONFERENCES;

/** The product key prefix of lead details (`leadmesh-name`, `leadmesh-phone`, ...). */
export const PRODUCT_KEY = 'leadmesh';
/** Local-storage key of the referral id read from `?ref=` (public §3). */
export const REF_ID_STORAGE_KEY = `${PRODUCT_KEY}RefID`;

/** What an API token may do (admin-apitokens shows the catalogue with its friendly names). */
export const API_TOKEN_FLAGS = [
  { name: 'canSendLeads', friendlyName: 'Send leads (server-to-server intake)' },
  { name: 'canReadLeads', friendlyName: 'Read its own leads' },
] as const;
export type ApiTokenFlag = (typeof API_TOKEN_FLAGS)[number]['name'];
