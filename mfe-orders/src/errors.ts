import { ApiRequestError } from '@cpq/client';

/** The server's own message when there is one, else a plain sentence. */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiRequestError && err.message) return err.message;
  if (err instanceof TypeError) return 'The server could not be reached. Check your connection and try again.';
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/** A request this page cancelled itself (a newer one replaced it, or the page left). */
export function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}
