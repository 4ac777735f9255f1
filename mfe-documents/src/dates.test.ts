import { describe, expect, it } from 'vitest';
import { formatDate } from './dates.ts';

describe('document dates', () => {
  it('are M/D/YYYY by default, read in UTC whatever the reader’s zone (the PDF is drawn on the server)', () => {
    expect(formatDate('2026-01-05 23:30:00', {})).toBe('1/5/2026');
    expect(formatDate('2026-01-05T23:30:00Z', {})).toBe('1/5/2026');
    expect(formatDate('2026-01-05', {})).toBe('1/5/2026');
  });

  it('follow the organisation’s locale and time zone', () => {
    expect(formatDate('2026-01-05 23:30:00', { locale: 'en-GB' })).toBe('05/01/2026');
    expect(formatDate('2026-01-05 23:30:00', { locale: 'en-GB', timeZone: 'Europe/Berlin' })).toBe('06/01/2026');
    expect(formatDate('2026-01-05 23:30:00', { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe('6.1.2026');
  });

  it('leave out what is no date', () => {
    expect(formatDate(null, {})).toBe('');
    expect(formatDate('soon', {})).toBe('');
  });
});
