import { ApiError } from '@leadmesh/core';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';

/** JSON calls take at most 1 MB (the app's body limit and the calls' own read share it). */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** The one answer to a body over its limit: 413 with the validation code. */
export function bodyTooLarge(): ApiError {
  return new ApiError('VALIDATION_ERROR', { message: 'The request body is too large' }, 413);
}

/**
 * The body as text, refused with {@link bodyTooLarge} past `limit` bytes: a declared length over it
 * before anything is read, a body without one as it streams in.
 */
export async function readTextCapped(c: Context<AppEnv>, limit = JSON_BODY_LIMIT): Promise<string> {
  const declared = c.req.header('content-length');
  if (declared !== undefined) {
    if (Number(declared) > limit) throw bodyTooLarge();
    // With a declared length the runtime reads the body directly.
    const text = await c.req.text();
    if (Buffer.byteLength(text) > limit) throw bodyTooLarge();
    return text;
  }
  // On Node's HTTP/1.1 server a request with neither a length nor chunked encoding has no body;
  // fetch-style runtimes (Deno, in-process tests) hand over a Request whose body may come unsized.
  if (c.env?.incoming && !c.req.header('transfer-encoding')) return '';
  const body = c.req.raw.body;
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The body read as JSON within `limit` (an empty body is `{}`, as a call without input). */
export async function readJsonCapped(c: Context<AppEnv>, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const text = await readTextCapped(c, limit);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('VALIDATION_ERROR', { message: 'The body is not valid JSON' });
  }
}
