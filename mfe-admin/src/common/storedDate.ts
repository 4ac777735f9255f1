/** A stored UTC date ('YYYY-MM-DD HH:MM:SS') in the reader's words and time zone; `empty` when there is none. */
export function storedDate(date: string | null, empty: string, timeStyle: 'short' | 'medium' = 'short'): string {
  if (!date) return empty;
  return new Date(`${date.replace(' ', 'T')}Z`).toLocaleString(undefined, { dateStyle: 'medium', timeStyle });
}
