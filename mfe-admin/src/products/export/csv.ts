import { stringify } from 'csv-stringify/browser/esm/sync';
import { csvOptions } from '@cpq/domain';
import type { PriceTable } from './priceTable.ts';

/** The price table as CSV text: the header line, then one line per row. */
export function priceTableCsv(table: Pick<PriceTable, 'header' | 'rows'>): string {
  return stringify([table.header, ...table.rows], csvOptions());
}

/** A file name from the product's title and id ("Flush Floor Outlet" 110 -> flush-floor-outlet-110-prices.csv). */
export function exportFileName(title: string, id: number): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'product'}-${id}-prices.csv`;
}
