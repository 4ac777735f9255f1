import { isSelectType, priceInstance, type CatalogueIndex, type InstanceProperties, type PricingDate } from '@cpq/domain';
import { combinations, countCombinations } from './combinations.ts';
import type { ExportLayout } from './exportPriceData.ts';

/** A price export has fewer than this many rows (the header row not counted). */
export const EXPORT_ROW_LIMIT = 10_000;

export interface PriceTable {
  header: string[];
  rows: string[][];
  /** Rows the layout asks for; more than rows.length when the limit cut the table. */
  total: number;
  capped: boolean;
  /** Prices whose pricing had failed steps (each counted as 0, as on an order). */
  failures: number;
}

interface Choice {
  propertyId: number;
  optionId: number;
  title: string;
}

type Read<T> = { ok: true; value: T } | { ok: false; message: string };

/** Options a listed property contributes: active ones, in rank order, without those disabled for the product. */
function choicesOf(catalogue: CatalogueIndex, productId: number, propertyId: number): Read<Choice[]> {
  const product = catalogue.product(productId);
  const applied = product?.associations.productProperties ?? {};
  const property = catalogue.property(propertyId);
  if (!property || !(String(propertyId) in applied)) return { ok: false, message: `Property ${propertyId} is not applied to this product.` };
  if (!isSelectType(property.type)) return { ok: false, message: `${property.title} has no options to list; give it a value in fixedProperties instead.` };
  const disabled = new Set(applied[String(propertyId)]?.disabledProductOptionIds ?? []);
  const options = catalogue.snapshot.productOptions
    .filter((o) => o.productPropertyId === propertyId && !o.archived && !disabled.has(o.id))
    .sort((a, b) => a.rank - b.rank || a.id - b.id);
  if (options.length === 0) return { ok: false, message: `${property.title} offers no option for this product.` };
  return { ok: true, value: options.map((o) => ({ propertyId, optionId: o.id, title: o.title })) };
}

/** Whole cents as an amount with two decimals ("64.00"): plain numbers a spreadsheet reads. */
export function centsToAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The price list of a product: one row per combination of the group and row properties (groups
 * outermost), one price column per combination of the column properties (or one "Price" column),
 * each cell the unit price of one item with the fixed selections, priced by the engine at `date`.
 * Stops before EXPORT_ROW_LIMIT rows.
 */
export function buildPriceTable(catalogue: CatalogueIndex, productId: number, layout: ExportLayout, date: PricingDate): Read<PriceTable> {
  const read = (ids: number[]): Read<Choice[][]> => {
    const out: Choice[][] = [];
    for (const id of ids) {
      const c = choicesOf(catalogue, productId, id);
      if (!c.ok) return c;
      out.push(c.value);
    }
    return { ok: true, value: out };
  };
  const lineLists = read([...layout.groupBy, ...layout.rows]);
  if (!lineLists.ok) return lineLists;
  const columnLists = read(layout.columns);
  if (!columnLists.ok) return columnLists;
  if (!catalogue.product(productId)?.productPricingRuleId) return { ok: false, message: 'This product has no pricing rule to price with.' };

  const columnCombos = [...combinations(columnLists.value)];
  const titleOf = (id: number) => catalogue.property(id)?.title ?? `Property ${id}`;
  const header = [
    ...[...layout.groupBy, ...layout.rows].map(titleOf),
    ...(layout.columns.length === 0 ? ['Price'] : columnCombos.map((combo) => combo.map((c) => c.title).join(' / '))),
  ];

  const total = countCombinations(lineLists.value);
  const max = EXPORT_ROW_LIMIT - 1;
  const rows: string[][] = [];
  let failures = 0;
  for (const line of combinations(lineLists.value)) {
    if (rows.length === max) break;
    const cells = line.map((c) => c.title);
    for (const columns of columnCombos) {
      const properties: InstanceProperties = { ...layout.fixed };
      for (const c of [...line, ...columns]) properties[String(c.propertyId)] = { optionId: c.optionId };
      const price = priceInstance({ instance: { productId, quantity: 1, properties }, catalogue, effectivePricingDate: date, log: () => undefined });
      if (price.failures > 0) failures++;
      cells.push(centsToAmount(price.unitPriceInCents));
    }
    rows.push(cells);
  }
  return { ok: true, value: { header, rows, total, capped: total > rows.length, failures } };
}
