import type { ErrorCode, ErrorDetails, FieldIssue } from '@solstice/contracts';

/** A failure the API reports to its caller; mapped to a status code in one place (error-handler.ts). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  subscription_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  misdirected_request: 421,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  service_unavailable: 503,
  internal_error: 500,
};

export const badRequest = (message: string, details?: ErrorDetails) => new AppError('bad_request', message, details);
export const validationFailed = (message: string, issues: FieldIssue[]) =>
  new AppError('validation_failed', message, { issues });
export const unauthorized = (message = 'Sign in to continue.') => new AppError('unauthorized', message);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError('forbidden', message);
export const notFound = (message = 'Not found.') => new AppError('not_found', message);
/** `value` when there is one; a 404 with `message` when it is null or undefined. */
export function orNotFound<T>(value: T | null | undefined, message?: string): T {
  if (value === null || value === undefined) throw notFound(message);
  return value;
}
export const unprocessable = (message: string, details?: ErrorDetails) =>
  new AppError('unprocessable', message, details);
export const conflict = (message: string, details?: ErrorDetails) => new AppError('conflict', message, details);
export const serviceUnavailable = (message: string) => new AppError('service_unavailable', message);
