import { describe, expect, it } from 'vitest';
import { documentFilename, drawingsFilename } from './filenames.ts';

// Expected names written from the patterns: '#{orgSpecificId} - {title} - {YYMMDD} - Quote|Packing Slip|Factory|Invoice'
// and '#{orderNo} - {title} - YYMMDD - Drawings'.
describe('document and drawings filenames', () => {
  const order = { orgSpecificId: 123, title: 'Kitchen' };
  const day = new Date('2026-11-23T12:00:00Z');

  it('names each document kind', () => {
    expect(documentFilename(order, 'quote', day)).toBe('#123 - Kitchen - 261123 - Quote');
    expect(documentFilename(order, 'invoice', day)).toBe('#123 - Kitchen - 261123 - Invoice');
    expect(documentFilename(order, 'packingSlip', day)).toBe('#123 - Kitchen - 261123 - Packing Slip');
    expect(documentFilename(order, 'factory', day)).toBe('#123 - Kitchen - 261123 - Factory');
  });

  it('names drawings', () => {
    expect(drawingsFilename(order, day)).toBe('#123 - Kitchen - 261123 - Drawings');
  });

  it('takes the day in UTC, with two-digit year, month and day', () => {
    // 23:30 on 4 Feb 2027 in New York is already 5 Feb in UTC.
    expect(documentFilename({ orgSpecificId: 7, title: 'Hall' }, 'quote', new Date('2027-02-04T23:30:00-05:00'))).toBe('#7 - Hall - 270205 - Quote');
    expect(drawingsFilename({ orgSpecificId: 7, title: 'Hall' }, new Date('2009-01-01T00:00:00Z'))).toBe('#7 - Hall - 090101 - Drawings');
  });
});
