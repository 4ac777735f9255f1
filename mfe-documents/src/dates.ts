/** Dates on documents show as M/D/YYYY (as elsewhere in the portal), read in UTC so print and screen agree. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  // "YYYY-MM-DD HH:MM:SS" (database form) is UTC.
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
}
