import type { ErrorCode, ErrorDetails } from '@leadmesh/schema';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

const STATUS: Partial<Record<ErrorCode, ContentfulStatusCode>> = {
  NOT_LOGGED_IN: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_VERIFIED: 403,
  CSRF_INVALID: 403,
  NOT_FOUND: 404,
  USER_ALREADY_EXISTS: 409,
  ADVERTISER_ALREADY_EXISTS: 409,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
};

/** An answer of `{status:'error', data: code}`; thrown anywhere in a handler or service. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetails;
  readonly httpStatus: ContentfulStatusCode;

  constructor(code: ErrorCode, details?: ErrorDetails | string, httpStatus?: ContentfulStatusCode) {
    const normalized = typeof details === 'string' ? { message: details } : details;
    super(normalized?.message ?? code);
    this.code = code;
    this.details = normalized;
    this.httpStatus = httpStatus ?? STATUS[code] ?? 400;
  }
}

export const validationError = (field: string, message: string) =>
  new ApiError('VALIDATION_ERROR', { field, message });
export const forbidden = (message = 'You may not do this') => new ApiError('FORBIDDEN', { message });
export const notFound = (message = 'Not found') => new ApiError('NOT_FOUND', { message });
