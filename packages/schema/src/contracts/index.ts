import type { z } from 'zod';
import { authCalls } from './auth.ts';
import type { CallContract } from './define.ts';
import { userCalls } from './users.ts';

export * from './auth.ts';
export * from './define.ts';
export * from './users.ts';

/** Every documented call, grouped by feature. */
export const callGroups = {
  auth: authCalls,
  users: userCalls,
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
