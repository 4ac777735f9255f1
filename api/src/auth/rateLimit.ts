import type { Queries } from '../db/queries.ts';
import { dbDateAgo, fromDbDate, normaliseDbDate } from '../db/time.ts';

/**
 * Failed sign-ins are rows in login_attempts, so every API process sees the same counts
 * (docs/decisions/0008-sessions-and-rate-limiting-in-the-db.md).
 */
export interface RateLimitOptions {
  windowMs: number;
  maxPerEmail: number;
  maxPerIp: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { windowMs: 15 * 60_000, maxPerEmail: 5, maxPerIp: 20 };

/** Milliseconds until the caller may try again, or 0 when not limited. */
export async function lockedForMs(queries: Queries, opts: RateLimitOptions, email: string, ip: string): Promise<number> {
  const since = dbDateAgo(opts.windowMs);
  const waitFor = async (column: 'email' | 'ip', value: string, max: number): Promise<number> => {
    const times = await queries.recentFailedLogins(column, value, since, max);
    if (times.length < max) return 0;
    // Limited until the max-th most recent failure leaves the window.
    const oldest = fromDbDate(normaliseDbDate(times[max - 1])!);
    return Math.max(0, oldest.getTime() + opts.windowMs - Date.now());
  };
  return Math.max(await waitFor('email', email, opts.maxPerEmail), await waitFor('ip', ip, opts.maxPerIp));
}

export async function recordAttempt(queries: Queries, email: string, ip: string, success: boolean): Promise<void> {
  // A successful sign-in clears that email's failures; day-old rows are trimmed opportunistically.
  await queries.recordLoginAttempt(email, ip, success, dbDateAgo(24 * 3600_000));
}

export function tryAgainMessage(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
