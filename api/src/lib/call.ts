import { ApiError, type Caller, mayManage } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import { runUnitOfWork } from '@leadmesh/jobs';
import type { CallContract, CallerKind } from '@leadmesh/schema';
import { users } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { AppDeps, AppEnv } from '../context.ts';
import { admits, checkAccess } from './access.ts';
import { readJsonCapped } from './body.ts';
import { checkCsrf } from './csrf.ts';
import { hitRateLimit, type RateLimitRule, refundRateLimit } from './rate-limit.ts';
import { loadSession } from './session.ts';

/** What a handler gets besides its validated input. */
export interface CallContext {
  c: Context<AppEnv>;
  deps: AppDeps;
  db: Db;
  caller: Caller | null;
  ip: string;
}

type Input<C extends CallContract> = z.output<C['request']>;

/** A handler of one contract: typed by the contract's request and response. */
export type CallHandler<C extends CallContract> = (
  input: Input<C>,
  ctx: CallContext,
) => Promise<z.input<C['response']>>;

/** A rate limit hit before the handler runs, counted per client address or per a key from the input. */
export interface RateLimitUse<I> {
  rule: RateLimitRule;
  by: 'ip' | ((input: I) => string);
  /**
   * Count only the calls that fail (a success gives its hit back), e.g. logins per address: an
   * office behind one address logs in all morning, a guesser fails (issue 18 §3, OWASP ASVS V2.2).
   */
  failuresOnly?: boolean;
}

/**
 * Who may name what the input names ("own" in endpoints.md). Callers admitted by `bypass`
 * (staff of that side) may name anyone's; everybody else only their own.
 * - `user`: the field holds a user id; absent or null means the caller.
 * - `account`: the field holds a user id; staff may name the accounts of their side only.
 * - `advertiser`: the field holds an advertiser id; absent or null means the caller's.
 * - `record`: `load` finds the owner of the record the input names (null: no such record).
 */
export type Ownership<I> =
  | { user: keyof I & string; bypass: readonly CallerKind[] }
  /** The field names a user account (absent: the caller's): the caller's own, or one on the side a staff caller manages (core `mayManage`). */
  | { account: keyof I & string }
  | { advertiser: keyof I & string; bypass: readonly CallerKind[] }
  | {
      record: (db: Db, input: I) => Promise<{ userId?: number | null; advertiserId?: number | null } | null>;
      bypass: readonly CallerKind[];
    };

export interface CallPolicy<I> {
  limits?: readonly RateLimitUse<I>[];
  owns?: readonly Ownership<I>[];
}

export interface BoundCall {
  contract: CallContract;
  handler: (input: unknown, ctx: CallContext) => Promise<unknown>;
  policy: CallPolicy<unknown>;
}

/** Pairs a contract with its handler and its policy (rate limits, ownership); mounted by `mountCalls`. */
export function bind<C extends CallContract>(
  contract: C,
  handler: CallHandler<C>,
  policy: CallPolicy<Input<C>> = {},
): BoundCall {
  return { contract, handler: handler as BoundCall['handler'], policy: policy as CallPolicy<unknown> };
}

/** A handler that has a caller (for calls whose callers exclude 'anyone'). */
export function requireCaller(ctx: CallContext): Caller {
  if (!ctx.caller) throw new ApiError('NOT_LOGGED_IN', { message: 'Please log in' });
  return ctx.caller;
}

async function readInput(c: Context<AppEnv>, contract: CallContract): Promise<unknown> {
  if (contract.method === 'GET') return c.req.query();
  if (contract.multipart) {
    const type = c.req.header('content-type') ?? '';
    if (!type.includes('multipart/form-data')) {
      throw new ApiError('VALIDATION_ERROR', { message: 'This call takes multipart/form-data' });
    }
    try {
      return await c.req.parseBody();
    } catch {
      // A form cut short or without its boundary is the sender's mistake, not ours.
      throw new ApiError('VALIDATION_ERROR', { message: 'The form data is malformed' });
    }
  }
  return readJsonCapped(c);
}

function validationFailure(error: z.ZodError): ApiError {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const first = issues[0];
  return new ApiError('VALIDATION_ERROR', {
    field: first?.path || undefined,
    message: first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid input',
    issues,
  });
}

const notYours = () => new ApiError('FORBIDDEN', { message: 'That belongs to another account' });

async function checkOwnership(
  db: Db,
  rules: readonly Ownership<unknown>[],
  input: unknown,
  caller: Caller | null,
) {
  for (const rule of rules) {
    if (!caller) throw new ApiError('NOT_LOGGED_IN', { message: 'Please log in' });
    const fields = input as Record<string, unknown>;
    if ('account' in rule) {
      const named = fields[rule.account];
      // Absent means the caller's own, as for `user`.
      if (named == null) continue;
      const id = Number(named);
      if (id === caller.user.ID) continue;
      const [target] = await db.select().from(users).where(eq(users.ID, id)).limit(1);
      if (!target) throw new ApiError('NOT_FOUND', { message: 'User not found' });
      if (!mayManage(caller.user, target))
        throw new ApiError('FORBIDDEN', { message: 'You may not act on this account' });
      continue;
    }
    if (rule.bypass.some((kind) => admits(kind, caller))) continue;
    if ('user' in rule) {
      const named = fields[rule.user];
      if (named != null && Number(named) !== caller.user.ID) throw notYours();
    } else if ('advertiser' in rule) {
      const named = fields[rule.advertiser];
      if (named != null && Number(named) !== caller.advertiser?.ID) throw notYours();
    } else {
      const owner = await rule.record(db, input);
      if (!owner) throw new ApiError('NOT_FOUND', { message: 'Not found' });
      const mine =
        (owner.userId != null && owner.userId === caller.user.ID) ||
        (owner.advertiserId != null && owner.advertiserId === caller.advertiser?.ID);
      if (!mine) throw notYours();
    }
  }
}

/**
 * Mounts each bound call at its spec path. In order: the session, CSRF, access (so an anonymous
 * caller learns nothing about the payload), validation, the declared rate limits and ownership,
 * then the handler inside a unit of work (jobs it asks for are enqueued after it returns). The
 * answer is `{status:'ok', data}`; outside production it is checked against the contract too.
 */
export function mountCalls(app: Hono<AppEnv>, calls: readonly BoundCall[], deps: AppDeps): void {
  const checkAnswers = deps.env.NODE_ENV !== 'production';
  for (const { contract, handler, policy } of calls) {
    app.on(contract.method, contract.path, async (c) => {
      const caller = await loadSession(c);
      if (contract.method !== 'GET' && contract.path !== '/api/csrf') await checkCsrf(c);
      const denied = checkAccess(contract.callers, caller);
      if (denied) throw new ApiError(denied);
      const parsed = contract.request.safeParse(await readInput(c, contract));
      if (!parsed.success) throw validationFailure(parsed.error);
      const ip = c.get('clientIp');
      const refunds: (() => Promise<void>)[] = [];
      for (const limit of policy.limits ?? []) {
        const subject = limit.by === 'ip' ? ip : limit.by(parsed.data);
        await hitRateLimit(deps.redis, limit.rule, subject, deps.env.RATE_LIMIT_DISABLED);
        if (limit.failuresOnly && !deps.env.RATE_LIMIT_DISABLED) {
          refunds.push(() => refundRateLimit(deps.redis, limit.rule, subject));
        }
      }
      if (policy.owns) await checkOwnership(deps.db, policy.owns, parsed.data, caller);
      const data = await runUnitOfWork(deps.jobs, deps.db, (db) =>
        handler(parsed.data, { c, deps, db, caller, ip }),
      );
      for (const refund of refunds) await refund();
      if (checkAnswers) {
        const checked = contract.response.safeParse(data);
        if (!checked.success) {
          throw new Error(`Answer of ${contract.path} breaks its contract: ${checked.error.message}`);
        }
      }
      return c.json({ status: 'ok', data: data ?? null });
    });
  }
}

/** Documented calls without a handler yet answer NOT_IMPLEMENTED (after the access check). */
export function mountNotImplemented(app: Hono<AppEnv>, contracts: readonly CallContract[]): void {
  for (const contract of contracts) {
    app.on(contract.method, contract.path, async (c) => {
      const denied = checkAccess(contract.callers, await loadSession(c));
      if (denied) throw new ApiError(denied);
      throw new ApiError('NOT_IMPLEMENTED', { message: `${contract.path} is not built yet` });
    });
  }
}
