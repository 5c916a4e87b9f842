import type { CallContract } from '@leadmesh/schema';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { AppDeps, AppEnv } from '../context.ts';
import { checkAccess, type Principal } from './access.ts';
import { ApiError } from './errors.ts';

/** What a handler gets besides its validated input. */
export interface CallContext {
  c: Context<AppEnv>;
  deps: AppDeps;
  principal: Principal | null;
  ip: string;
}

/** A handler of one contract: typed by the contract's request and response. */
export type CallHandler<C extends CallContract> = (
  input: z.output<C['request']>,
  ctx: CallContext,
) => Promise<z.input<C['response']>>;

export interface BoundCall {
  contract: CallContract;
  handler: (input: unknown, ctx: CallContext) => Promise<unknown>;
}

/** Pairs a contract with its handler; the result is mounted by `mountCalls`. */
export function bind<C extends CallContract>(contract: C, handler: CallHandler<C>): BoundCall {
  return { contract, handler: handler as BoundCall['handler'] };
}

/** A handler that has a principal (for calls whose callers exclude 'anyone'). */
export function requirePrincipal(ctx: CallContext): Principal {
  if (!ctx.principal) throw new ApiError('NOT_LOGGED_IN', { message: 'Please log in' });
  return ctx.principal;
}

export function clientIp(c: Context<AppEnv>): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  const fromRuntime = (c.env as { remoteAddr?: string } | undefined)?.remoteAddr;
  return forwarded || fromRuntime || '127.0.0.1';
}

async function readInput(c: Context<AppEnv>, contract: CallContract): Promise<unknown> {
  if (contract.method === 'GET') return Object.fromEntries(new URL(c.req.url).searchParams);
  if (contract.multipart) {
    const type = c.req.header('content-type') ?? '';
    if (!type.includes('multipart/form-data')) {
      throw new ApiError('VALIDATION_ERROR', { message: 'This call takes multipart/form-data' });
    }
    return c.req.parseBody();
  }
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('VALIDATION_ERROR', { message: 'The body is not valid JSON' });
  }
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

/**
 * Mounts each bound call at its spec path: access first (so an anonymous caller learns
 * nothing about the payload), then validation, then the handler; the answer is wrapped
 * in `{status:'ok', data}`. In development and tests the answer is checked against the
 * contract too, so a handler cannot drift from it unnoticed.
 */
export function mountCalls(app: Hono<AppEnv>, calls: readonly BoundCall[]): void {
  for (const { contract, handler } of calls) {
    app.on(contract.method, contract.path, async (c) => {
      const principal = c.var.principal;
      const denied = checkAccess(contract.callers, principal);
      if (denied) throw new ApiError(denied);
      const parsed = contract.request.safeParse(await readInput(c, contract));
      if (!parsed.success) throw validationFailure(parsed.error);
      const ctx: CallContext = { c, deps: c.var.deps, principal, ip: clientIp(c) };
      const data = await handler(parsed.data, ctx);
      if (c.var.deps.env.NODE_ENV !== 'production') {
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
    app.on(contract.method, contract.path, (c) => {
      const denied = checkAccess(contract.callers, c.var.principal);
      if (denied) throw new ApiError(denied);
      throw new ApiError('NOT_IMPLEMENTED', { message: `${contract.path} is not built yet` });
    });
  }
}
