import type { ErrorCode, ErrorDetails } from '@leadmesh/schema';

const STATUS: Partial<Record<ErrorCode, number>> = {
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

/**
 * A refusal with a stable code from the error catalogue: the API answers it as
 * `{status:'error', data: code, details}` with `httpStatus`; the worker logs it. Thrown anywhere
 * in a service.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetails;
  readonly httpStatus: number;

  constructor(code: ErrorCode, details?: ErrorDetails | string, httpStatus?: number) {
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
