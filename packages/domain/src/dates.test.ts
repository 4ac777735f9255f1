import { describe, expect, it } from 'vitest';
import { DEFAULT_DATE_LOCALE, formatDate, orgDateSettings } from './dates.ts';


describe('formatDate: one format per organisation locale', () => {
  it('en-US (the default) is the spec’s M/D/YYYY, without leading zeros', () => {
    expect(DEFAULT_DATE_LOCALE).toBe('en-US');
    expect(formatDate('2026-01-05')).toBe('1/5/2026');
    expect(formatDate('2026-11-27', { locale: 'en-US' })).toBe('11/27/2026');
    expect(formatDate('2026-01-05 15:04:00', { timeZone: 'UTC' })).toBe('1/5/2026');
    expect(formatDate('2026-01-05 15:04:00', { timeZone: 'UTC', style: 'dateTime' })).toBe('1/5/2026, 3:04 PM');
  });

  it('en-GB is DD/MM/YYYY with a 24-hour time; de-DE is D.M.YYYY', () => {
    expect(formatDate('2026-01-05', { locale: 'en-GB' })).toBe('05/01/2026');
    expect(formatDate('2026-01-05 15:04:00', { locale: 'en-GB', timeZone: 'UTC', style: 'dateTime' })).toBe('05/01/2026, 15:04');
    expect(formatDate('2026-01-05', { locale: 'de-DE' })).toBe('5.1.2026');
    expect(formatDate('2026-01-05T15:04:00Z', { locale: 'de-DE', timeZone: 'UTC', style: 'dateTime' })).toBe('5.1.2026, 15:04');
  });

  it('stored timestamps are UTC and shown in the organisation’s zone; calendar dates as written in any zone', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Berlin, still 31 Dec in New York.
    expect(formatDate('2025-12-31 23:30:00', { timeZone: 'Europe/Berlin' })).toBe('1/1/2026');
    expect(formatDate('2025-12-31T23:30:00', { timeZone: 'America/New_York' })).toBe('12/31/2025');
    expect(formatDate('2025-12-31T23:30:00+00:00', { timeZone: 'Europe/Berlin', style: 'dateTime', locale: 'en-GB' })).toBe('01/01/2026, 00:30');
    expect(formatDate('2025-12-31', { timeZone: 'Pacific/Kiritimati' })).toBe('12/31/2025');
    expect(formatDate('2025-12-31', { timeZone: 'Pacific/Pago_Pago', style: 'dateTime' })).toBe('12/31/2025');
    expect(formatDate(new Date(Date.UTC(2026, 6, 4, 12)), { timeZone: 'UTC', locale: 'en-GB' })).toBe('04/07/2026');
  });

  it('empty is empty, text that is no date is shown as it is, bad settings fall back', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('yesterday')).toBe('yesterday');
    expect(formatDate('2026-01-05', { locale: 'not a locale!' })).toBe('1/5/2026');
    expect(formatDate('2026-01-05 15:04:00', { timeZone: 'Mars/Olympus', locale: 'en-GB', style: 'dateTime' })).toMatch(/^0?\d\/01\/2026, \d\d:04$/);
  });

  it('reads an organisation’s settings defensively', () => {
    expect(orgDateSettings({ locale: 'en-GB', timeZone: 'Europe/London', accentColor: '#000' })).toEqual({ locale: 'en-GB', timeZone: 'Europe/London' });
    expect(orgDateSettings({ locale: 3 })).toEqual({ locale: null, timeZone: null });
    expect(orgDateSettings(undefined)).toEqual({ locale: null, timeZone: null });
  });
});
