import { ApiFailure } from '@cpq/domain';

/** An error answered as { error: { code, message, details? } } with an HTTP status. */
export class ApiError extends ApiFailure {}

/** 429: the client may try again after `retryAfterSeconds` (the error handler sends it as Retry-After). */
export class TooManyAttempts extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'tooManyAttempts', message);
  }
}

export const unauthenticated = () => new ApiError(401, 'unauthenticated', 'Please sign in.');
export const forbidden = (message = "You don't have permission to do this.") => new ApiError(403, 'forbidden', message);
export const badRequest = (message: string, details?: unknown) => new ApiError(400, 'invalidBody', message, details);
export const notFound = (code: string, message: string) => new ApiError(404, code, message);
