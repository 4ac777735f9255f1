/**
 * The CSV export of a document (quote / invoice or packing slip): one row per item with the same
 * columns the page prints, then the costs summary when prices are shown. Built from the document
 * model, so hidden prices cannot reach the file.
 */
import { stringify } from 'csv-stringify/browser/esm/sync';
import { csvOptions } from '@cpq/domain';
import type { DocumentModel } from './model.ts';

export function documentCsvRows(doc: DocumentModel): string[][] {
  // A picture is no text: the CSV has no Picture column.
  const columns = doc.columns.flatMap((c) => (c.key === 'item' ? [{ key: 'item', label: 'Item' }, { key: 'options', label: 'Options' }] : c.key === 'picture' ? [] : [c]));
  const rows: string[][] = [columns.map((c) => c.label)];
  for (const r of doc.rows) {
    rows.push(
      columns.map((c) => {
        if (c.key === 'quantity') return String(r.quantity);
        if (c.key === 'item') return r.productTitle ? `${r.title} (${r.productTitle})` : r.title;
        if (c.key === 'options') return r.lines.join('; ');
        return (r.cells[c.key] ?? []).join('; ');
      }),
    );
  }
  if (doc.summary) {
    rows.push([]);
    for (const l of doc.summary) rows.push([l.label, l.text]);
  }
  return rows;
}

export function documentCsv(doc: DocumentModel): string {
  return stringify(documentCsvRows(doc), csvOptions());
}
