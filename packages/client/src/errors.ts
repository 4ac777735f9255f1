import { ApiRequestError } from './http.ts';

/** The server's own message when there is one, else a plain sentence a person can act on. */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiRequestError && err.message) return err.message;
  if (err instanceof TypeError) return 'The server could not be reached. Check your connection and try again.';
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/** The order does not exist or is not visible to this user (the API answers 404, or 403). */
export function isMissing(err: unknown): boolean {
  return err instanceof ApiRequestError && (err.status === 404 || err.status === 403);
}
