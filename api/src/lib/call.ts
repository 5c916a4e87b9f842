import { ApiError, type Caller, mayManage } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import { runUnitOfWork } from '@leadmesh/jobs';
import {
  type BodyKind,
  bodyKinds,
  type CallContract,
  type CallerKind,
  type Credential,
} from '@leadmesh/schema';
import { users } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { AppDeps, AppEnv } from '../context.ts';
import { admits, checkAccess } from './access.ts';
import { bodyTooLarge, JSON_BODY_LIMIT, readTextCapped } from './body.ts';
import { apiTokenProof, crmTokenProof, type ProofOf } from './credentials.ts';
import { checkCsrf } from './csrf.ts';
import { hitRateLimit, type RateLimitRule, refundRateLimit } from './rate-limit.ts';
import { loadSession } from './session.ts';

/** What a handler gets besides its validated input. */
export interface CallContext<P = unknown> {
  c: Context<AppEnv>;
  deps: AppDeps;
  db: Db;
  /** The session's caller (null without a session, and on machine routes). */
  caller: Caller | null;
  /** What the contract's credential proved: the session's caller, the API token's user, the CRM. */
  proof: P;
  ip: string;
  /** The body as it came, before validation (a signature covers these bytes); '' for GET. */
  rawBody: string;
  /** The body's fields as read, before validation and without the path's parameters ({} for GET). */
  bodyFields: Record<string, unknown>;
}

type Input<C extends CallContract> = z.output<C['request']>;
type CredentialOf<C extends CallContract> =
  C extends CallContract<z.ZodType, z.ZodType, string, infer K> ? K : 'session';

/**
 * A handler of one contract: typed by the contract's request and response. A `Response` is sent as
 * it is (files, and the plain answers some CRMs expect), past the answer check.
 */
export type CallHandler<C extends CallContract> = (
  input: Input<C>,
  ctx: CallContext<ProofOf<CredentialOf<C>>>,
) => Promise<z.input<C['response']> | Response>;

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
      /** The owner of the record the input names; null: no such record; undefined: the input names none. */
      record: (
        db: Db,
        input: I,
        deps: AppDeps,
      ) => Promise<{ userId?: number | null; advertiserId?: number | null } | null | undefined>;
      bypass: readonly CallerKind[];
      /** The refusal when the record is not there (default: NOT_FOUND "Not found"). */
      missing?: string;
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

/** A feature's group of contracts (`offerCalls`, `partnerCalls`...), by call name. */
type CallGroup = Record<string, CallContract>;

/** Handlers of some of a group's calls, each named as its call and typed by its contract. */
export type HandlersOf<G extends CallGroup> = { [K in keyof G]?: CallHandler<G[K]> };

/**
 * Binds each call of `calls` that `handlers` has a handler of the same name for, with the policy
 * named after it, in the group's order. A group may be handled by several features (each binds
 * the calls it has handlers for); a handler named after no call of the group is not bound, which
 * the access test finds (the call answers NOT_IMPLEMENTED), as it finds a call bound twice.
 */
export function bindEach<G extends CallGroup, H extends HandlersOf<G>>(
  calls: G,
  handlers: H,
  policies: { [K in keyof G & keyof H]?: CallPolicy<Input<G[K]>> } = {},
): BoundCall[] {
  const byName = policies as Partial<Record<string, CallPolicy<unknown>>>;
  const handlerOf = handlers as Partial<Record<string, CallHandler<CallContract>>>;
  return Object.entries(calls).flatMap(([name, contract]) => {
    const handler = handlerOf[name];
    return handler ? [bind(contract, handler, byName[name])] : [];
  });
}

/** A handler that has a caller (for calls whose callers exclude 'anyone'). */
export function requireCaller(ctx: CallContext): Caller {
  if (!ctx.caller) throw new ApiError('NOT_LOGGED_IN', { message: 'Please log in' });
  return ctx.caller;
}

const BODY_TYPES: Record<BodyKind, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
};

/**
 * Which of the contract's body kinds this body is: the one its Content-Type names; without a type
 * it knows, JSON when the call reads only JSON or the text looks like JSON, else a form.
 */
function bodyKindOf(type: string, contract: CallContract, text: string): BodyKind {
  const kinds = bodyKinds(contract);
  const named = kinds.find((kind) => type.includes(kind === 'json' ? 'json' : BODY_TYPES[kind]));
  if (named) return named;
  if (contract.strictContentType && type !== '') throw wrongContentType(kinds);
  if (kinds.includes('json') && (kinds.length === 1 || /^\s*[{[]/.test(text))) return 'json';
  if (kinds.includes('form')) return 'form';
  throw wrongContentType(kinds);
}

const wrongContentType = (kinds: readonly BodyKind[]) =>
  new ApiError(
    'VALIDATION_ERROR',
    { message: `This call takes ${kinds.map((kind) => BODY_TYPES[kind]).join(' or ')}` },
    415,
  );

export interface ReadInput {
  input: Record<string, unknown>;
  /** The body's text ('' for GET and multipart). */
  raw: string;
  /** The body's fields as read, before the path's parameters join them ({} for GET). */
  fields: Record<string, unknown>;
}

/** The request's input: the query for GET, else its body as the contract reads it. */
async function readInput(c: Context<AppEnv>, contract: CallContract): Promise<ReadInput> {
  if (contract.method === 'GET') return { input: c.req.query(), raw: '', fields: {} };
  const kinds = bodyKinds(contract);
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (kinds.includes('multipart') && (kinds.length === 1 || type.includes(BODY_TYPES.multipart))) {
    if (!type.includes(BODY_TYPES.multipart)) throw wrongContentType(['multipart']);
    try {
      const form = await c.req.parseBody();
      return { input: form, raw: '', fields: form };
    } catch (error) {
      // A body past the contract's limit (multipartLimit) is too large; one cut short or without
      // its boundary is the sender's mistake, not ours.
      if ((error as Error).name === 'BodyLimitError') throw bodyTooLarge();
      throw new ApiError('VALIDATION_ERROR', { message: 'The form data is malformed' });
    }
  }
  const raw = await readTextCapped(c, contract.bodyLimit ?? JSON_BODY_LIMIT);
  if (bodyKindOf(type, contract, raw) === 'form') {
    const form = Object.fromEntries(new URLSearchParams(raw));
    return { input: form, raw, fields: form };
  }
  if (raw.trim() === '') return { input: {}, raw, fields: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ApiError('VALIDATION_ERROR', { message: 'The body is not valid JSON' });
  }
  const isObject = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
  // Arrays and scalars go to validation as they are: the contract's object schema names the mistake.
  return {
    input: parsed as Record<string, unknown>,
    raw,
    fields: isObject ? (parsed as Record<string, unknown>) : {},
  };
}

/** Input with the path's parameters (`{name}`), which win over a body field of the same name. */
function withPathParams(c: Context<AppEnv>, path: string, input: Record<string, unknown>): unknown {
  if (!path.includes('{')) return input;
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  return { ...input, ...c.req.param() };
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

/** Who ownership is judged for: a session's caller, or the user an API token acts for. */
interface Actor {
  userId: number;
  advertiserId: number | null;
  /** The session's caller; staff `bypass` and `account` rules need one. */
  caller: Caller | null;
}

function actorOf(caller: Caller | null, proof: unknown, credential: Credential): Actor | null {
  if (caller) return { userId: caller.user.ID, advertiserId: caller.advertiser?.ID ?? null, caller };
  if (credential === 'apiToken')
    return { userId: (proof as ProofOf<'apiToken'>).userId, advertiserId: null, caller: null };
  return null;
}

async function checkOwnership(
  deps: AppDeps,
  rules: readonly Ownership<unknown>[],
  input: unknown,
  actor: Actor | null,
) {
  const db = deps.db;
  for (const rule of rules) {
    if (!actor) throw new ApiError('NOT_LOGGED_IN', { message: 'Please log in' });
    const caller = actor.caller;
    const fields = input as Record<string, unknown>;
    if ('account' in rule) {
      const named = fields[rule.account];
      // Absent means the caller's own, as for `user`.
      if (named == null) continue;
      const id = Number(named);
      if (id === actor.userId) continue;
      if (!caller) throw notYours();
      const [target] = await db.select().from(users).where(eq(users.ID, id)).limit(1);
      if (!target) throw new ApiError('NOT_FOUND', { message: 'User not found' });
      if (!mayManage(caller.user, target))
        throw new ApiError('FORBIDDEN', { message: 'You may not act on this account' });
      continue;
    }
    if (caller && rule.bypass.some((kind) => admits(kind, caller))) continue;
    if ('user' in rule) {
      const named = fields[rule.user];
      if (named != null && Number(named) !== actor.userId) throw notYours();
    } else if ('advertiser' in rule) {
      const named = fields[rule.advertiser];
      if (named != null && Number(named) !== actor.advertiserId) throw notYours();
    } else {
      const owner = await rule.record(db, input, deps);
      if (owner === undefined) continue;
      if (!owner) throw new ApiError('NOT_FOUND', { message: rule.missing ?? 'Not found' });
      const mine =
        (owner.userId != null && owner.userId === actor.userId) ||
        (owner.advertiserId != null && owner.advertiserId === actor.advertiserId);
      if (!mine) throw notYours();
    }
  }
}

/**
 * How a server proves the credentials `lib/` cannot check itself: the sites server proves a signed
 * click (features/intake/landing-order.ts) with the taken offer of the path and the click the body
 * or a cookie carries; `body` reads the body as the contract does, once.
 */
export interface MountOptions {
  signedClick?: (c: Context<AppEnv>, deps: AppDeps, body: () => Promise<ReadInput>) => Promise<unknown>;
  /** How a refusal is answered (the sites server: pages for plain form posts); the app's onError otherwise. */
  refusal?: (c: Context<AppEnv>, error: ApiError) => Response;
}

/** Who the caller is, by the contract's credential; throws the refusal (nothing is read before it). */
async function prove(
  c: Context<AppEnv>,
  contract: CallContract,
  deps: AppDeps,
  options: MountOptions,
  body: () => Promise<ReadInput>,
): Promise<{ caller: Caller | null; proof: unknown }> {
  const credential = contract.credential ?? 'session';
  switch (credential) {
    case 'session': {
      const caller = await loadSession(c);
      if (contract.method !== 'GET' && contract.path !== '/api/csrf') await checkCsrf(c);
      const denied = checkAccess(contract.callers, caller);
      if (denied && contract.refuseAsMissing)
        throw new ApiError('NOT_FOUND', { message: contract.refuseAsMissing });
      if (denied) throw new ApiError(denied);
      return { caller, proof: caller };
    }
    case 'apiToken': {
      if (!contract.tokenFlag) throw new Error(`${contract.path} takes an API token but names no tokenFlag`);
      return { caller: null, proof: await apiTokenProof(c, deps.db, contract.tokenFlag) };
    }
    case 'crmToken':
      return { caller: null, proof: await crmTokenProof(c, deps.db) };
    case 'none':
      return { caller: null, proof: null };
    case 'signedClick':
      return { caller: null, proof: await options.signedClick!(c, deps, body) };
  }
}

/** A refusal as a plain-text contract answers it: `ERROR CODE: message`, with the error's status. */
function textRefusal(c: Context<AppEnv>, error: ApiError): Response {
  return c.text(
    `ERROR ${error.code}: ${error.details?.message ?? error.code}`,
    error.httpStatus as ContentfulStatusCode,
  );
}

/** Hono's `:name` for the contract's `{name}` path parameters (a last `{…Path}` spans segments). */
export const honoPath = (path: string) =>
  path.replace(/\{(\w+Path)\}$/, ':$1{.+}').replace(/\{(\w+)\}/g, ':$1');

/**
 * Each exact path's declared body limit, for the app's early length check (before routing). A
 * path with parameters is checked there against the JSON limit, so it may not declare more.
 */
export function bodyLimitsByPath(calls: readonly BoundCall[]): Map<string, number> {
  const limits = new Map<string, number>();
  for (const { contract } of calls) {
    const limit = contract.bodyLimit ?? JSON_BODY_LIMIT;
    if (!contract.path.includes('{')) limits.set(contract.path, limit);
    else if (limit > JSON_BODY_LIMIT)
      throw new Error(`${contract.path}: a path with parameters may not read more than the JSON limit`);
  }
  return limits;
}

/** Multipart bodies are parsed whole by Hono: the contract's limit is applied as they stream in. */
function multipartLimit(contract: CallContract): MiddlewareHandler<AppEnv> | null {
  if (!bodyKinds(contract).includes('multipart')) return null;
  return bodyLimit({
    maxSize: contract.bodyLimit ?? JSON_BODY_LIMIT,
    onError: () => {
      throw bodyTooLarge();
    },
  });
}

/**
 * Mounts each bound call at its path. In order: the credential (a session with CSRF and the
 * contract's callers, an API token with its flag, a CRM's callback token, or none), so a caller
 * that is not admitted learns nothing about the payload; the body as the contract reads it;
 * validation; the declared rate limits and ownership; then the handler inside a unit of work (jobs
 * it asks for are enqueued after it returns). The answer is `{status:'ok', data}` (or the text, or
 * the handler's own `Response`); outside production it is checked against the contract too.
 */
export function mountCalls(
  app: Hono<AppEnv>,
  calls: readonly BoundCall[],
  deps: AppDeps,
  options: MountOptions = {},
): void {
  const checkAnswers = deps.env.NODE_ENV !== 'production';
  for (const { contract, handler, policy } of calls) {
    const credential = contract.credential ?? 'session';
    if (credential === 'signedClick' && !options.signedClick)
      throw new Error(`${contract.path}: signed clicks are proved by the sites server, mount it there`);
    const run = async (c: Context<AppEnv>) => {
      let body: Promise<ReadInput> | undefined;
      const readBody = () => {
        body ??= readInput(c, contract);
        return body;
      };
      const { caller, proof } = await prove(c, contract, deps, options, readBody);
      const { input, raw, fields } = await readBody();
      const parsed = contract.request.safeParse(withPathParams(c, contract.path, input));
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
      if (policy.owns)
        await checkOwnership(deps, policy.owns, parsed.data, actorOf(caller, proof, credential));
      const data = await runUnitOfWork(deps.jobs, deps.db, (db) =>
        handler(parsed.data, { c, deps, db, caller, proof, ip, rawBody: raw, bodyFields: fields }),
      );
      for (const refund of refunds) await refund();
      if (data instanceof Response) return data;
      if (checkAnswers) {
        const checked = contract.response.safeParse(data);
        if (!checked.success) {
          throw new Error(`Answer of ${contract.path} breaks its contract: ${checked.error.message}`);
        }
      }
      if (contract.answer === 'text') return c.text(String(data));
      return c.json({ status: 'ok', data: data ?? null });
    };
    const refusal = contract.answer === 'text' ? textRefusal : options.refusal;
    const limit = multipartLimit(contract);
    if (limit)
      app.on(contract.method, honoPath(contract.path), async (c, next) => {
        try {
          return await limit(c, next);
        } catch (error) {
          if (refusal && error instanceof ApiError) return refusal(c, error);
          throw error;
        }
      });
    app.on(
      contract.method,
      honoPath(contract.path),
      refusal
        ? async (c) => {
            try {
              return await run(c);
            } catch (error) {
              if (error instanceof ApiError) return refusal(c, error);
              throw error;
            }
          }
        : run,
    );
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
