/**
 * The one way the portal shows a date (decision 0089): Intl.DateTimeFormat in the organisation's
 * locale, numeric day, month and year ("1/5/2026" in en-US, the spec's M/D/YYYY; "05/01/2026" in
 * en-GB), with the time after it for `dateTime`. Pure, for the browser and the API alike.
 */

/** The locale when an organisation names none (or one Intl does not know): the spec's M/D/YYYY. */
export const DEFAULT_DATE_LOCALE = 'en-US';

export type DateStyle = 'date' | 'dateTime';

/** An organisation's date settings, from appData.designEngine `locale` and `timeZone`. */
export interface DateSettings {
  /** BCP 47 tag such as "en-GB"; else DEFAULT_DATE_LOCALE. */
  locale?: string | null;
  /** IANA zone such as "Europe/London" for timestamps; else the reader's own zone. */
  timeZone?: string | null;
}

export interface FormatDateOptions extends DateSettings {
  style?: DateStyle;
}

// The date part never uses dateStyle ('short' is a two-digit year in en-US); the time is the locale's
// short time ("3:04 PM", "15:04", and "00:30" rather than "0:30").
const STYLES: Record<'date' | 'time', Intl.DateTimeFormatOptions> = {
  date: { year: 'numeric', month: 'numeric', day: 'numeric' },
  time: { timeStyle: 'short' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A supported locale tag, else the default (a bad setting must not break every date on the page). */
function knownLocale(locale: string | null | undefined): string {
  if (!locale) return DEFAULT_DATE_LOCALE;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale])[0] ?? DEFAULT_DATE_LOCALE;
  } catch {
    return DEFAULT_DATE_LOCALE;
  }
}

function knownTimeZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/** One formatter per locale, zone and style, made once (Intl formatters are costly to build). */
function formatter(locale: string, timeZone: string | undefined, style: 'date' | 'time'): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}|${style}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...STYLES[style], ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, f);
  }
  return f;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const HAS_ZONE = /(?:[zZ]|[+-]\d{2}:?\d{2})$/;

/**
 * A date in the organisation's locale. A calendar date ("2026-01-31") is shown as written, whatever the
 * zone; a stored timestamp ("YYYY-MM-DD HH:mm:ss", or ISO without a zone) is UTC and is shown in
 * `timeZone` (else the reader's zone). Empty gives ''; text that is no date is shown as it is.
 */
export function formatDate(value: string | Date | null | undefined, options: FormatDateOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const locale = knownLocale(options.locale);
  const style = options.style ?? 'date';
  if (typeof value === 'string') {
    const only = DATE_ONLY.exec(value.trim());
    if (only) {
      const day = new Date(Date.UTC(Number(only[1]), Number(only[2]) - 1, Number(only[3])));
      return Number.isNaN(day.getTime()) ? value : formatter(locale, 'UTC', 'date').format(day);
    }
  }
  const d = typeof value === 'string' ? parseTimestamp(value) : value;
  if (Number.isNaN(d.getTime())) return typeof value === 'string' ? value : '';
  const zone = knownTimeZone(options.timeZone);
  const date = formatter(locale, zone, 'date').format(d);
  // ICU versions differ on the space before AM/PM (U+202F or a plain space): one for all, so the
  // server's PDF and the browser agree.
  return style === 'dateTime' ? `${date}, ${formatter(locale, zone, 'time').format(d).replace(/\u202f/g, ' ')}` : date;
}

/** "YYYY-MM-DD HH:mm:ss" and ISO text without a zone are UTC (how the database stores them). */
function parseTimestamp(text: string): Date {
  const t = text.trim();
  const iso = /^\d{4}-\d{2}-\d{2} \d/.test(t) ? t.replace(' ', 'T') : t;
  return new Date(/^\d{4}-\d{2}-\d{2}T/.test(iso) && !HAS_ZONE.test(iso) ? `${iso}Z` : iso);
}

/** The date settings of an organisation's appData.designEngine (read defensively: settings are stored JSON). */
export function orgDateSettings(designEngine: unknown): DateSettings {
  const s = (designEngine && typeof designEngine === 'object' ? designEngine : {}) as Record<string, unknown>;
  return {
    locale: typeof s.locale === 'string' ? s.locale : null,
    timeZone: typeof s.timeZone === 'string' ? s.timeZone : null,
  };
}
