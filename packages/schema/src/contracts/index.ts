import type { z } from 'zod';
import { apiTokenCalls } from './api-tokens.ts';
import { authCalls } from './auth.ts';
import { customPayoutCalls } from './custom-payouts.ts';
import type { CallContract } from './define.ts';
import { domainCalls } from './domains.ts';
import { imageCalls } from './images.ts';
import { invoiceCalls } from './invoices.ts';
import { leadCalls } from './leads.ts';
import { logCalls } from './logs.ts';
import { offerCalls } from './offers.ts';
import { partnerCalls } from './partners.ts';
import { payoutCalls } from './payouts.ts';
import { postbackCalls } from './postbacks.ts';
import { referralCalls } from './referrals.ts';
import { reportCalls } from './reports.ts';
import { takenOfferCalls } from './taken-offers.ts';
import { userCalls } from './users.ts';
import { websiteCalls } from './websites.ts';

export * from './api-tokens.ts';
export * from './auth.ts';
export * from './custom-payouts.ts';
export * from './define.ts';
export * from './domains.ts';
export * from './endpoint-health.ts';
export * from './fields.ts';
export * from './images.ts';
export * from './invoices.ts';
export * from './leads.ts';
export * from './logs.ts';
export * from './offers.ts';
export * from './partners.ts';
export * from './payouts.ts';
export * from './postbacks.ts';
export * from './referrals.ts';
export * from './reports.ts';
export * from './taken-offers.ts';
export * from './users.ts';
export * from './websites.ts';

/** Every documented call, grouped by feature. */
export const callGroups = {
  auth: authCalls,
  users: userCalls,
  apiTokens: apiTokenCalls,
  customPayouts: customPayoutCalls,
  domains: domainCalls,
  images: imageCalls,
  invoices: invoiceCalls,
  leads: leadCalls,
  logs: logCalls,
  offers: offerCalls,
  partners: partnerCalls,
  payouts: payoutCalls,
  postbacks: postbackCalls,
  referrals: referralCalls,
  reports: reportCalls,
  takenOffers: takenOfferCalls,
  websites: websiteCalls,
} as const;

type Groups = typeof callGroups;
/** The union of every call contract. */
export type AnyCall = { [G in keyof Groups]: Groups[G][keyof Groups[G]] }[keyof Groups];
export type CallPath = AnyCall['path'];
export type ContractOf<P extends CallPath> = Extract<AnyCall, { path: P }>;
export type RequestOf<P extends CallPath> = z.input<ContractOf<P>['request']>;
export type ResponseOf<P extends CallPath> = z.output<ContractOf<P>['response']>;

/** Every documented call by its path. */
export const contracts: Record<string, CallContract> = Object.fromEntries(
  Object.values(callGroups).flatMap((group) =>
    Object.values(group).map((call) => [call.path, call as CallContract]),
  ),
);
