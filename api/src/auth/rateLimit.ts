import type { Queries, ThrottleRow } from '../db/queries.ts';
import type { LinkThrottleStore } from '../db/shareTokenFailures.ts';
import { fromDbDate, toDbDate } from '../db/time.ts';
import { TooManyAttempts } from '../http/errors.ts';
import { hashToken } from './tokens.ts';

/**
 * Sign-in throttling by growing delays (docs/decisions/0046-api-hardening.md): an email may fail a
 * few times freely, an IP more; past that, each attempt must wait a delay that doubles with every
 * further failure, up to a cap. Nothing locks an account for long: the right password is let in
 * as soon as the wait is over, and a success clears the email's failures.
 *
 * An attempt is reserved before its password is checked: in one transaction with the email's and
 * the IP's rows locked, it is counted as a failure (a success gives it back), so any number of
 * simultaneous guesses, in any number of API processes, get exactly the allowed number checked.
 */
export interface RateLimitOptions {
  /** Failures an email may have before each further attempt waits. */
  freePerEmail: number;
  /** Failures an IP may have (across emails) before each further attempt from it waits. */
  freePerIp: number;
  /** The wait after the free failures; doubles with each further failure. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Failures are forgotten this long after the last one. */
  forgetAfterMs: number;
  /** The clock (tests move it). */
  now: () => number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = {
  freePerEmail: 5,
  freePerIp: 20,
  firstDelayMs: 15_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 24 * 3600_000,
  now: () => Date.now(),
};

type ThrottleQueries = Pick<Queries, 'updateThrottle' | 'trimThrottle'>;

const emailKey = (email: string) => `email:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;
const freeFor = (key: string, opts: RateLimitOptions) => (key.startsWith('ip:') ? opts.freePerIp : opts.freePerEmail);
const ms = (date: string | null) => (date ? fromDbDate(date).getTime() : 0);
/** Stored dates have whole seconds: a wait is rounded up so that it is never cut short. */
const dbDateAtOrAfter = (t: number) => toDbDate(new Date(Math.ceil(t / 1000) * 1000));

/** The wait that follows `failures` failures of a key that may fail `free` times freely (0 when none). */
export function delayAfter(failures: number, free: number, opts: Pick<RateLimitOptions, 'firstDelayMs' | 'maxDelayMs'>): number {
  if (failures < free) return 0;
  return Math.min(opts.maxDelayMs, opts.firstDelayMs * 2 ** Math.min(failures - free, 30));
}

/** A row as it stands now: failures older than the forget time are gone. */
function current(row: ThrottleRow, now: number, opts: { forgetAfterMs: number }): ThrottleRow {
  if (row.lastFailure && now - ms(row.lastFailure) >= opts.forgetAfterMs) return { ...row, failures: 0, blockedUntil: null };
  return row;
}

/** A reserved attempt: what it wrote on the IP's row, so that a success can give it back. */
export interface Reservation {
  email: string;
  ip: string;
  ipBlockedBefore: string | null;
  ipBlockedWritten: string | null;
}

/**
 * Reserves a sign-in attempt for an email from an IP: a reservation when it may be checked (it is
 * then counted as a failure until `loginSucceeded` gives it back), else the milliseconds to wait
 * (nothing counted).
 */
export async function reserveLoginAttempt(queries: ThrottleQueries, opts: RateLimitOptions, email: string, ip: string): Promise<{ waitMs: number } | Reservation> {
  const now = opts.now();
  const answer = await queries.updateThrottle<{ waitMs: number } | Reservation>([emailKey(email), ipKey(ip)], (rows) => {
    const states = [...rows.values()].map((r) => current(r, now, opts));
    const waitMs = Math.max(0, ...states.map((r) => ms(r.blockedUntil) - now));
    if (waitMs > 0) return { write: null, result: { waitMs } };
    const write = states.map((r) => {
      const failures = r.failures + 1;
      const delay = delayAfter(failures, freeFor(r.key, opts), opts);
      return { key: r.key, failures, lastFailure: toDbDate(new Date(now)), blockedUntil: delay ? dbDateAtOrAfter(now + delay) : null };
    });
    const ipKeyed = (list: ThrottleRow[]) => list.find((r) => r.key === ipKey(ip))!.blockedUntil;
    return { write, result: { email, ip, ipBlockedBefore: ipKeyed(states), ipBlockedWritten: ipKeyed(write) } };
  });
  if (!('waitMs' in answer)) await queries.trimThrottle(toDbDate(new Date(now - opts.forgetAfterMs)), toDbDate(new Date(now)));
  return answer;
}

/**
 * The reserved attempt was the right password: the email's failures are cleared; the IP gets its
 * failure back, and its wait as it was unless another attempt has changed it since.
 */
export async function loginSucceeded(queries: ThrottleQueries, opts: RateLimitOptions, reservation: Reservation): Promise<void> {
  const now = opts.now();
  await queries.updateThrottle([emailKey(reservation.email), ipKey(reservation.ip)], (rows) => ({
    write: [...rows.values()].map((r) => {
      if (r.key.startsWith('email:')) return { key: r.key, failures: 0, lastFailure: toDbDate(new Date(now)), blockedUntil: null };
      const untouched = r.blockedUntil === reservation.ipBlockedWritten;
      return { ...r, failures: Math.max(0, r.failures - 1), blockedUntil: untouched ? reservation.ipBlockedBefore : r.blockedUntil };
    }),
    result: undefined,
  }));
}

export function tryAgainMessage(waitMs: number): string {
  if (waitMs < 60_000) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return `Too many failed sign-in attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
  }
  const minutes = Math.ceil(waitMs / 60_000);
  return `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

// ------------------------------------------------------------------------------- link tokens

/**
 * Share links and invitation links (docs/decisions/0073-pdf-origin-and-token-throttles.md): a token
 * that does not open is counted against the IP that gave it and against the token itself (by its
 * sha256, never in clear), in the same table and with the same locked update as sign-in, so every API
 * process sees the same counts. Past its free failures a key waits, doubling with each further one;
 * while either key waits, no token of that IP and nobody's try of that token is looked at. A try that
 * opens counts nothing, so a good link is never slowed by the people using it.
 */
export interface LinkThrottleRules {
  /** Keeps one kind of link's counts apart from the other's. */
  kind: 'share' | 'invitation';
  freePerIp: number;
  freePerToken: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

export interface LinkWait {
  waitMs: number;
  /** Which key waits longest: the caller's network or the token. */
  cause: 'ip' | 'token';
}

function linkKeys(rules: LinkThrottleRules, ip: string, rawToken: string) {
  return { ip: `${rules.kind}-ip:${ip}`, token: `${rules.kind}-token:${hashToken(rawToken.trim())}` };
}

/** The wait before a try of `rawToken` from `ip` may be looked at, or null. Nothing is written. */
export async function linkTokenWait(store: LinkThrottleStore, rules: LinkThrottleRules, ip: string, rawToken: string): Promise<LinkWait | null> {
  const now = store.now();
  const keys = linkKeys(rules, ip, rawToken);
  const rows = await store.readThrottle([keys.ip, keys.token]);
  let longest: LinkWait | null = null;
  for (const cause of ['ip', 'token'] as const) {
    const row = rows.get(keys[cause]);
    const waitMs = row ? ms(current(row, now, rules).blockedUntil) - now : 0;
    if (waitMs > 0 && (!longest || waitMs > longest.waitMs)) longest = { waitMs, cause };
  }
  return longest;
}

/** A try that did not open: one more failure for the IP and for the token, each waiting past its free ones. */
export async function linkTokenFailed(store: LinkThrottleStore, rules: LinkThrottleRules, ip: string, rawToken: string): Promise<void> {
  const now = store.now();
  const keys = linkKeys(rules, ip, rawToken);
  await store.updateThrottle([keys.ip, keys.token], (rows) => ({
    write: [...rows.values()].map((row) => {
      const failures = current(row, now, rules).failures + 1;
      const delay = delayAfter(failures, row.key === keys.ip ? rules.freePerIp : rules.freePerToken, rules);
      return { key: row.key, failures, lastFailure: toDbDate(new Date(now)), blockedUntil: delay ? dbDateAtOrAfter(now + delay) : null };
    }),
    result: undefined,
  }));
  await store.trimThrottle(toDbDate(new Date(now - Math.max(store.keepMs, rules.forgetAfterMs))), toDbDate(new Date(now)));
}

/** What a waiting try is told, by kind of link and by which key waits. */
const TOO_MANY: Record<LinkThrottleRules['kind'], Record<LinkWait['cause'], string>> = {
  share: { ip: 'Too many invalid share links from your network.', token: 'Too many failed attempts with this share link.' },
  invitation: { ip: 'Too many invalid links from your network.', token: 'Too many failed attempts with this invitation link.' },
};

/**
 * The gate before a link token is looked at: while the IP or the token waits, the try is refused
 * (429, with the seconds to wait for Retry-After) and nothing is counted.
 */
export async function assertLinkTokenMayBeTried(store: LinkThrottleStore, rules: LinkThrottleRules, ip: string, rawToken: string): Promise<void> {
  const wait = await linkTokenWait(store, rules, ip, rawToken);
  if (!wait) return;
  throw new TooManyAttempts(`${TOO_MANY[rules.kind][wait.cause]} Try again in ${waitInWords(wait.waitMs)}.`, Math.ceil(wait.waitMs / 1000));
}

/** A token that did not open: counted against the IP and the token, then refused with `error`. */
export async function refuseLinkToken(store: LinkThrottleStore, rules: LinkThrottleRules, ip: string, rawToken: string, error: Error): Promise<never> {
  await linkTokenFailed(store, rules, ip, rawToken);
  throw error;
}

/** "30 seconds", "1 second", "5 minutes": whole seconds below two minutes, then whole minutes. */
export function waitInWords(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  if (seconds < 120) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
