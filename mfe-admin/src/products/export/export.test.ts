import { describe, expect, it } from 'vitest';
import { makeCatalogue, makeOption, makePricingRule, makeProduct, makeProperty, productPropertiesOf } from '@cpq/test-utils';
import { combinations, countCombinations } from './combinations.ts';
import { readExportLayout } from './exportPriceData.ts';
import { buildPriceTable, centsToAmount } from './priceTable.ts';
import { exportFileName, priceTableCsv } from './csv.ts';

/*
 * The demo's Flush Floor Outlet (product 110 of organisation 850): properties Plate Size (8) and Plate
 * Finish (12), priced by demo rule 2 "Plates and outlets". Version 1 (2025-01-06): 6400 + finish +
 * size + layout (the product has no layout, so nothing). Version 2 (2027-01-01): 6900 + the same.
 * Sizes: 1 Gang 0, 2 Gang 2200, 3 Gang 4400, 4 Gang 6600. Finishes: Polished Brass 1500,
 * Brushed Steel 0, Matte Black 800, Oiled Bronze 2400.
 */
const propPrice = (productPropertyId: number) => ({ type: 'productPropertyPrice', props: { productPropertyId }, operator: '+' });
const fixed = (value: number) => ({ type: 'fixed', props: { value }, operator: '+' });
const rule = makePricingRule({
  id: 2,
  versions: {
    '1': { created: '2025-01-06 09:00:00', expressions: [fixed(6400), propPrice(12), propPrice(8), propPrice(11)] },
    '2': { created: '2027-01-01 00:00:00', expressions: [fixed(6900), propPrice(12), propPrice(8), propPrice(11)] },
  },
} as Parameters<typeof makePricingRule>[0]);
const sizes = [
  [200, '1 Gang', 0],
  [201, '2 Gang', 2200],
  [202, '3 Gang', 4400],
  [203, '4 Gang', 6600],
] as const;
const finishes = [
  [217, 'Polished Brass', 1500],
  [218, 'Brushed Steel', 0],
  [219, 'Matte Black', 800],
  [220, 'Oiled Bronze', 2400],
] as const;
const options = [
  ...sizes.map(([id, title, price], i) => makeOption({ id, productPropertyId: 8, title, rank: i + 1, data: { priceInCents: price } })),
  ...finishes.map(([id, title, price], i) => makeOption({ id, productPropertyId: 12, title, rank: i + 1, data: { priceInCents: price } })),
];
const properties = [makeProperty({ id: 8, title: 'Plate Size' }), makeProperty({ id: 12, title: 'Plate Finish' })];
const outlet = (disabled: Record<number, number[]> = {}) =>
  makeCatalogue({
    products: [makeProduct({ id: 110, title: 'Flush Floor Outlet', productPricingRuleId: 2, associations: productPropertiesOf([8, 12], disabled) })],
    productProperties: properties,
    productOptions: options,
    productPricingRules: [rule],
  });
const layout = (raw: unknown) => {
  const r = readExportLayout(raw);
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

describe('combinations', () => {
  it('takes one value of each list, the last varying fastest', () => {
    expect([...combinations<string | number>([['a', 'b'], [1, 2, 3]])]).toEqual([
      ['a', 1],
      ['a', 2],
      ['a', 3],
      ['b', 1],
      ['b', 2],
      ['b', 3],
    ]);
    expect(countCombinations([['a', 'b'], [1, 2, 3]])).toBe(6);
  });
  it('gives one empty combination for no lists and none when a list is empty', () => {
    expect([...combinations([])]).toEqual([[]]);
    expect([...combinations([[1], []])]).toEqual([]);
  });
});

describe('readExportLayout', () => {
  it('accepts single ids and lists, and fixed selections', () => {
    expect(readExportLayout({ groupDataBy: 9, rowsData: [8], columnsData: ['12'], fixedProperties: { '141': { value: 900 } } })).toEqual({
      ok: true,
      value: { groupBy: [9], rows: [8], columns: [12], fixed: { '141': { value: 900 } } },
    });
  });
  it('refuses settings that name no property, name one twice or are not ids', () => {
    expect(readExportLayout({}).ok).toBe(false);
    expect(readExportLayout(null).ok).toBe(false);
    expect(readExportLayout({ rowsData: [8], columnsData: [8] }).ok).toBe(false);
    expect(readExportLayout({ rowsData: ['eight'] }).ok).toBe(false);
    expect(readExportLayout({ rowsData: [8], fixedProperties: { '8': { optionId: 200 } } }).ok).toBe(false);
    expect(readExportLayout({ rowsData: [8], fixedProperties: { '12': {} } }).ok).toBe(false);
  });
});

describe('buildPriceTable', () => {
  it('prices each size (rows) in each finish (columns) with the version in force', () => {
    const t = buildPriceTable(outlet(), 110, layout({ rowsData: [8], columnsData: [12] }), '2026-06-01');
    expect(t.ok && t.value).toEqual({
      header: ['Plate Size', 'Polished Brass', 'Brushed Steel', 'Matte Black', 'Oiled Bronze'],
      rows: [
        ['1 Gang', '79.00', '64.00', '72.00', '88.00'],
        ['2 Gang', '101.00', '86.00', '94.00', '110.00'],
        ['3 Gang', '123.00', '108.00', '116.00', '132.00'],
        ['4 Gang', '145.00', '130.00', '138.00', '154.00'],
      ],
      total: 4,
      capped: false,
      failures: 0,
    });
  });

  it('uses the 2027 version for a date after it', () => {
    const t = buildPriceTable(outlet(), 110, layout({ rowsData: [8], columnsData: [12] }), '2027-02-01');
    expect(t.ok && t.value.rows[0]).toEqual(['1 Gang', '84.00', '69.00', '77.00', '93.00']);
  });

  it('groups rows by a property (outermost) with one Price column, and leaves out disabled options', () => {
    const t = buildPriceTable(outlet({ 12: [217, 220], 8: [202, 203] }), 110, layout({ groupDataBy: [12], rowsData: [8] }), '2026-06-01');
    expect(t.ok && t.value.header).toEqual(['Plate Finish', 'Plate Size', 'Price']);
    expect(t.ok && t.value.rows).toEqual([
      ['Brushed Steel', '1 Gang', '64.00'],
      ['Brushed Steel', '2 Gang', '86.00'],
      ['Matte Black', '1 Gang', '72.00'],
      ['Matte Black', '2 Gang', '94.00'],
    ]);
  });

  it('prices fixed selections into every cell', () => {
    const t = buildPriceTable(outlet(), 110, layout({ rowsData: [8], fixedProperties: { '12': { optionId: 219 } } }), '2026-06-01');
    expect(t.ok && t.value.rows.map((r) => r[1])).toEqual(['72.00', '94.00', '116.00', '138.00']);
  });

  it('stops below 10,000 rows and says how many there were', () => {
    const many = (propertyId: number, first: number) => Array.from({ length: 100 }, (_, i) => makeOption({ id: first + i, productPropertyId: propertyId, rank: i + 1 }));
    const catalogue = makeCatalogue({
      products: [makeProduct({ id: 1, productPricingRuleId: 2, associations: productPropertiesOf([1, 2]) })],
      productProperties: [makeProperty({ id: 1 }), makeProperty({ id: 2 })],
      productOptions: [...many(1, 1000), ...many(2, 2000)],
      productPricingRules: [rule],
    });
    const t = buildPriceTable(catalogue, 1, layout({ rowsData: [1, 2] }), '2026-06-01');
    expect(t.ok && [t.value.rows.length, t.value.total, t.value.capped]).toEqual([9999, 10000, true]);
  });

  it('explains what it cannot list', () => {
    const notApplied = buildPriceTable(outlet(), 110, layout({ rowsData: [99] }), '2026-06-01');
    expect(notApplied).toEqual({ ok: false, message: 'Property 99 is not applied to this product.' });
    const noRule = makeCatalogue({ products: [makeProduct({ id: 110, associations: productPropertiesOf([8]) })], productProperties: properties, productOptions: options });
    expect(buildPriceTable(noRule, 110, layout({ rowsData: [8] }), '2026-06-01')).toEqual({ ok: false, message: 'This product has no pricing rule to price with.' });
  });
});

describe('CSV', () => {
  it('writes the header then the rows, quoting where needed', () => {
    expect(priceTableCsv({ header: ['Plate Size', 'Price'], rows: [['1 Gang, flush', '64.00']] })).toBe('Plate Size,Price\n"1 Gang, flush",64.00\n');
    expect(exportFileName('Flush Floor Outlet', 110)).toBe('flush-floor-outlet-110-prices.csv');
    expect(centsToAmount(-505)).toBe('-5.05');
  });
  it('writes option and property titles that look like formulas as text, and keeps negative prices as numbers', () => {
    const csv = priceTableCsv({
      header: ['=cmd|"/C calc"!A0', '@Finish', 'Price'],
      rows: [
        ['+1 Gang', '-1 Gang', centsToAmount(-505)],
        ['\tTab', '\rReturn', '1,234.00'],
      ],
    });
    expect(csv).toBe(`"'=cmd|""/C calc""!A0",'@Finish,Price\n'+1 Gang,'-1 Gang,-5.05\n'\tTab,"'\rReturn","1,234.00"\n`);
  });
});
