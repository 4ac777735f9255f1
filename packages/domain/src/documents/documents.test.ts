import { describe, expect, it } from 'vitest';
import { addressLines, INCOMPLETE_ADDRESS_TEXT } from './address.ts';
import { documentFilename } from './filenames.ts';
import { columnWidths, otherColumnWidth, packPages, type PackedPage } from './layout.ts';

describe('documentFilename', () => {
  // Spec pattern: '#{orgSpecificId} - {title} - {YYMMDD} - Quote' (Packing Slip, Factory, Invoice).
  const order = { orgSpecificId: 123, title: 'Kitchen' };
  it('names each kind with the date as YYMMDD', () => {
    const d = new Date('2026-11-23T10:00:00Z');
    expect(documentFilename(order, 'quote', d)).toBe('#123 - Kitchen - 261123 - Quote');
    expect(documentFilename(order, 'invoice', d)).toBe('#123 - Kitchen - 261123 - Invoice');
    expect(documentFilename(order, 'packingSlip', d)).toBe('#123 - Kitchen - 261123 - Packing Slip');
    expect(documentFilename(order, 'factory', d)).toBe('#123 - Kitchen - 261123 - Factory');
  });
  it('reads the date in UTC and pads month and day', () => {
    expect(documentFilename(order, 'quote', new Date('2027-02-05T23:59:59Z'))).toBe('#123 - Kitchen - 270205 - Quote');
    expect(documentFilename(order, 'quote', new Date('2027-02-05T23:59:59-05:00'))).toBe('#123 - Kitchen - 270206 - Quote');
  });
});

describe('addressLines', () => {
  it('prints a complete address with US as the default country', () => {
    expect(addressLines({ streetAddress: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' })).toEqual({
      lines: ['1 Main St', 'Austin, TX 78701', 'US'],
      incomplete: false,
    });
  });
  it('keeps a given country and the second street line', () => {
    expect(addressLines({ streetAddress: '1 Main St', streetAddress2: 'Unit 4', city: 'Paris', state: 'IDF', zip: '75001', country: 'FR' }).lines).toEqual([
      '1 Main St',
      'Unit 4',
      'Paris, IDF 75001',
      'FR',
    ]);
  });
  it.each(['streetAddress', 'city', 'state', 'zip'] as const)('is incomplete without %s', (field) => {
    const full = { streetAddress: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' };
    expect(addressLines({ ...full, [field]: ' ' }).incomplete).toBe(true);
  });
  it('is incomplete when there is no address at all', () => {
    expect(addressLines(null)).toEqual({ lines: ['US'], incomplete: true });
    expect(INCOMPLETE_ADDRESS_TEXT).toBe('*incomplete address');
  });
});

describe('column widths', () => {
  it('gives the fixed columns their widths and the others 480 / count, at most 120', () => {
    const cols = columnWidths(['quantity', 'item', 'sku', 'engravings', 'p1', 'unitPrice', 'subtotal']);
    expect(cols).toEqual([
      { key: 'quantity', width: 30 },
      { key: 'item', width: null },
      { key: 'sku', width: 90 },
      { key: 'engravings', width: 80 },
      { key: 'p1', width: 120 },
      { key: 'unitPrice', width: 80 },
      { key: 'subtotal', width: 80 },
    ]);
  });
  it('shares 480 px once more than four other columns', () => {
    expect(otherColumnWidth(4)).toBe(120);
    expect(otherColumnWidth(5)).toBe(96);
    expect(otherColumnWidth(6)).toBe(80);
    expect(otherColumnWidth(0)).toBe(0);
  });
});

/** Checks a packing: every row on exactly one page, in order, and no page over its height. */
function checkPacking(pages: PackedPage[], heights: number[], p: { bodyHeight: number; firstPageHeader: number; tableHeader: number; summary: number }) {
  let next = 0;
  pages.forEach((page, n) => {
    expect(page.from).toBe(next);
    next = page.to;
    const rows = heights.slice(page.from, page.to).reduce((a, b) => a + b, 0);
    const used = (n === 0 ? p.firstPageHeader : 0) + (page.to > page.from ? p.tableHeader : 0) + rows + (page.hasSummary ? p.summary : 0);
    if (page.to - page.from > 1 || n === 0) expect(used).toBeLessThanOrEqual(p.bodyHeight);
  });
  expect(next).toBe(heights.length);
  expect(pages.filter((x) => x.hasSummary)).toHaveLength(1);
  expect(pages.at(-1)!.hasSummary).toBe(true);
}

describe('packPages', () => {
  const p = { bodyHeight: 700, firstPageHeader: 200, tableHeader: 30, summary: 150 };

  it('packs 200 rows of mixed heights without cutting one, the summary last', () => {
    const heights = Array.from({ length: 200 }, (_, i) => 28 + (i % 5) * 16);
    const pages = packPages({ ...p, rowHeights: heights });
    checkPacking(pages, heights, p);
    expect(pages.length).toBeGreaterThan(10);
  });

  it('fills page 1 under the header block: 470 px for header row and rows', () => {
    // 700 - 200 header = 500; table header 30 leaves 470 = 10 rows of 47; the 11th goes to page 2.
    const heights = Array.from({ length: 11 }, () => 47);
    const pages = packPages({ ...p, rowHeights: heights });
    expect(pages[0]).toEqual({ from: 0, to: 10, hasSummary: false });
    expect(pages[1]).toEqual({ from: 10, to: 11, hasSummary: true });
  });

  it('moves the summary to a new page when it does not fit after the last row', () => {
    // 10 rows of 40 = 400 + 30 + 200 = 630: 70 left, the 150 px summary does not fit.
    const heights = Array.from({ length: 10 }, () => 40);
    const pages = packPages({ ...p, rowHeights: heights });
    expect(pages).toEqual([
      { from: 0, to: 10, hasSummary: false },
      { from: 10, to: 10, hasSummary: true },
    ]);
  });

  it('keeps the summary on the page when it fits exactly', () => {
    // 8 rows of 40 = 320 + 30 + 200 + 150 = 700.
    expect(packPages({ ...p, rowHeights: Array.from({ length: 8 }, () => 40) })).toEqual([{ from: 0, to: 8, hasSummary: true }]);
  });

  it('gives a row taller than a page a page of its own', () => {
    const heights = [40, 900, 40];
    const pages = packPages({ ...p, rowHeights: heights });
    expect(pages).toEqual([
      { from: 0, to: 1, hasSummary: false },
      { from: 1, to: 2, hasSummary: false },
      { from: 2, to: 3, hasSummary: true },
    ]);
  });

  it('prints an order without items: header and summary on one page', () => {
    expect(packPages({ ...p, rowHeights: [] })).toEqual([{ from: 0, to: 0, hasSummary: true }]);
  });
});
