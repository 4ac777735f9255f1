import { describe, expect, it } from 'vitest';
import { csvFileName, formatDate, formatDollars, formatEuros, formatShipping, personName } from './format.ts';

describe('money', () => {
  it('shows cents as $0,0.00', () => {
    expect(formatDollars(123450)).toBe('$1,234.50');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(5)).toBe('$0.05');
    expect(formatDollars(123456789)).toBe('$1,234,567.89');
    expect(formatDollars(-2500)).toBe('-$25.00');
  });

  it('shows the command total in euros', () => {
    expect(formatEuros(123450)).toBe('€1,234.50');
  });

  it('shows TBD while shipping is to be determined', () => {
    expect(formatShipping({ shipping: 4500, shippingIsTbd: true })).toBe('TBD');
    expect(formatShipping({ shipping: 4500, shippingIsTbd: false })).toBe('$45.00');
  });
});

describe('dates', () => {
  it('show as M/D/YYYY', () => {
    expect(formatDate('2026-03-07')).toBe('3/7/2026');
    expect(formatDate('2026-12-25')).toBe('12/25/2026');
  });

  it('show a stored UTC timestamp as the local date', () => {
    const stored = '2026-03-07 12:00:00';
    const local = new Date(Date.UTC(2026, 2, 7, 12));
    expect(formatDate(stored)).toBe(`${local.getMonth() + 1}/${local.getDate()}/${local.getFullYear()}`);
    expect(formatDate('2026-03-07T12:00:00.000Z')).toBe(formatDate(stored));
  });

  it('follow the organisation’s locale and time zone (en-GB: DD/MM/YYYY)', () => {
    expect(formatDate('2026-03-07', { locale: 'en-GB' })).toBe('07/03/2026');
    expect(formatDate('2026-03-07 23:30:00', { locale: 'en-GB', timeZone: 'Europe/Berlin' })).toBe('08/03/2026');
    expect(formatDate('2026-03-07 23:30:00', { locale: 'en-US', timeZone: 'America/Chicago' })).toBe('3/7/2026');
  });

  it('show nothing for no date and unreadable text as is', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('next week')).toBe('next week');
  });
});

describe('names and files', () => {
  it('owner is first and last name', () => {
    expect(personName('Eleanor', 'Whitcombe')).toBe('Eleanor Whitcombe');
    expect(personName(null, 'Whitcombe')).toBe('Whitcombe');
  });

  it('the CSV export is orders-export-{YYYY-MM-DD}.csv', () => {
    expect(csvFileName(new Date(2026, 2, 7, 23, 59))).toBe('orders-export-2026-03-07.csv');
  });
});
