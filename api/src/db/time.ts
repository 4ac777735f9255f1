/**
 * Dates are stored in UTC as 'YYYY-MM-DD HH:MM:SS' (DATETIME on MySQL read back as strings through
 * mysql2's dateStrings option, TEXT on SQLite). The API returns the same strings.
 */
export function toDbDate(d: Date = new Date()): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

export function nowUtc(): string {
  return toDbDate(new Date());
}

export function fromDbDate(s: string): Date {
  return new Date(s.replace(' ', 'T') + 'Z');
}

/** A DB date string `ms` milliseconds ago. */
export function dbDateAgo(ms: number): string {
  return toDbDate(new Date(Date.now() - ms));
}

export function dbDateIn(ms: number): string {
  return toDbDate(new Date(Date.now() + ms));
}

/** Normalises whatever the driver returns for a date column into the DB string format. */
export function normaliseDbDate(v: unknown): string | null {
  if (v == null) return null;
  if (v instanceof Date) return toDbDate(v);
  if (typeof v === 'number') return toDbDate(new Date(v));
  return String(v);
}
