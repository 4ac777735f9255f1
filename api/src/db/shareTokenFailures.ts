import type { Knex } from 'knex';
import { trimThrottle, updateThrottle, type Queries, type ThrottleRow } from './queries.ts';
import { normaliseDbDate } from './time.ts';

/**
 * Where the link throttle (auth/rateLimit.ts) keeps its rows, and the app's throttle clock (tests
 * move it). Declared beside the store rather than in auth/, which db/ does not import.
 */
export interface LinkThrottleStore extends Pick<Queries, 'updateThrottle' | 'trimThrottle'> {
  now: () => number;
  /** Rows of the whole table are trimmed no sooner than this after their last failure (sign-in's memory). */
  keepMs: number;
  readThrottle(keys: readonly string[]): Promise<Map<string, ThrottleRow>>;
}

/**
 * Bad share and invitation tokens, per IP and per token (auth/rateLimit.ts decides the waits): rows of
 * the sign-in throttle's table under keys of their own, so every API process sees the same counts,
 * waiting on `clock.now`, the one throttle clock of the app (tests move it).
 */
export function bindShareTokenFailures(db: Knex, clock: { now: () => number; forgetAfterMs: number }): LinkThrottleStore {
  return {
    now: clock.now,
    keepMs: clock.forgetAfterMs,
    /** A plain read: a good token costs no write and takes no lock (only failures are written). */
    async readThrottle(keys) {
      const found = (await db('login_throttle').select('throttle_key', 'failures', 'last_failure', 'blocked_until').whereIn('throttle_key', [...keys])) as Array<{
        throttle_key: string;
        failures: number | string;
        last_failure: unknown;
        blocked_until: unknown;
      }>;
      return new Map<string, ThrottleRow>(
        found.map((r) => [r.throttle_key, { key: r.throttle_key, failures: Number(r.failures), lastFailure: normaliseDbDate(r.last_failure), blockedUntil: normaliseDbDate(r.blocked_until) }]),
      );
    },
    updateThrottle: (keys, decide) => updateThrottle(db, keys, decide),
    trimThrottle: (before, now) => trimThrottle(db, before, now),
  };
}
export type ShareTokenFailures = ReturnType<typeof bindShareTokenFailures>;
