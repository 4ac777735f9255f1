import type { PricingRuleVersion, ProductPricingRule } from '../engine/types.ts';

/**
 * Pricing dates. Every date is compared as the text 'YYYY-MM-DD HH:MM:SS' in UTC (lexical order is
 * chronological order).
 *
 * - An effective pricing date given as a date only ('2025-06-01') means the END of that day
 *   ('2025-06-01 23:59:59'): an order priced "on the 1st" gets every version created that day.
 * - A version `created` given as a date only means the START of that day ('2025-06-01 00:00:00').
 * - ISO forms ('2025-06-01T10:00:00Z', with milliseconds or an offset) and Date objects are accepted
 *   and converted to UTC; fractions of a second are dropped.
 */
export type PricingDate = string | Date;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DB_FORM = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

function fromDate(d: Date): string | null {
  if (Number.isNaN(d.getTime())) return null;
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/**
 * 'YYYY-MM-DD HH:MM:SS' (UTC) for a pricing date, or null when it cannot be read.
 * `dateOnly` says which moment of the day a bare date means.
 */
export function normalisePricingDate(value: PricingDate | null | undefined, dateOnly: 'startOfDay' | 'endOfDay'): string | null {
  if (value == null) return null;
  if (value instanceof Date) return fromDate(value);
  if (typeof value !== 'string') return null;
  const s = value.trim();
  let m = DATE_ONLY.exec(s);
  if (m) return `${m[1]}-${m[2]}-${m[3]} ${dateOnly === 'endOfDay' ? '23:59:59' : '00:00:00'}`;
  m = DB_FORM.exec(s);
  if (m) return `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6] ?? '00'}`;
  // Anything else with a zone (…Z, …+02:00): let Date convert it to UTC.
  if (/^\d{4}-\d{2}-\d{2}T/.test(s)) return fromDate(new Date(s));
  return null;
}

export type VersionChoiceReason = 'inForce' | 'beforeFirstVersion' | 'unreadableDate';

export interface PricingVersionChoice {
  key: string;
  version: PricingRuleVersion;
  /** The version's created date, normalised. */
  created: string;
  /** The effective pricing date used, normalised (null when it could not be read). */
  effectiveDate: string | null;
  reason: VersionChoiceReason;
  /** One sentence: why this version. */
  note: string;
}

interface SortedVersion {
  key: string;
  version: PricingRuleVersion;
  created: string;
}

const sortedCache = new WeakMap<Record<string, PricingRuleVersion>, SortedVersion[]>();

/**
 * A rule's readable, published versions, oldest first (same created: lower version number first).
 * Drafts are left out here, so nothing that chooses a version — prices, the next pricing change, the
 * orders a version prices — ever sees one.
 */
export function sortedVersions(rule: Pick<ProductPricingRule, 'versions'>): readonly SortedVersion[] {
  const versions = rule.versions ?? {};
  let list = sortedCache.get(versions);
  if (!list) {
    list = [];
    for (const [key, version] of Object.entries(versions)) {
      if (!version || !Array.isArray(version.expressions) || version.draft === true) continue;
      const created = normalisePricingDate(version.created, 'startOfDay');
      if (created === null) continue;
      list.push({ key, version, created });
    }
    list.sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : compareKeys(a.key, b.key)));
    sortedCache.set(versions, list);
  }
  return list;
}

function compareKeys(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The version in force at an effective pricing date: the newest version created ON OR BEFORE that
 * date (a version created at exactly that second applies; between two versions with the same created
 * the higher version number wins). When the date is before the first version, the EARLIEST version
 * applies (an order must still get a price; the note says so). An unreadable date uses the newest
 * version. Drafts, and versions without a readable created date or expressions array, are ignored.
 * Returns null when the rule has no usable version.
 */
export function selectPricingRuleVersion(rule: Pick<ProductPricingRule, 'versions'>, effectivePricingDate: PricingDate): PricingVersionChoice | null {
  const list = sortedVersions(rule);
  if (list.length === 0) return null;
  const at = normalisePricingDate(effectivePricingDate, 'endOfDay');
  if (at === null) {
    const v = list[list.length - 1]!;
    return { ...v, effectiveDate: null, reason: 'unreadableDate', note: `The effective pricing date "${String(effectivePricingDate)}" could not be read, so the newest version ${v.key} (created ${v.created} UTC) was used.` };
  }
  let chosen: SortedVersion | undefined;
  for (const v of list) {
    if (v.created <= at) chosen = v;
    else break;
  }
  if (!chosen) {
    const v = list[0]!;
    return { ...v, effectiveDate: at, reason: 'beforeFirstVersion', note: `The effective pricing date ${at} UTC is before the first version, so the earliest version ${v.key} (created ${v.created} UTC) was used.` };
  }
  return { ...chosen, effectiveDate: at, reason: 'inForce', note: `Version ${chosen.key} (created ${chosen.created} UTC) is the newest version created on or before the effective pricing date ${at} UTC.` };
}
