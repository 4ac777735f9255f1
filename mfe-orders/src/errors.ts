// One wording for failed calls across the portal's pages (kept in @cpq/client).
export { errorMessage } from '@cpq/client';

/** A request this page cancelled itself (a newer one replaced it, or the page left). */
export function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}
