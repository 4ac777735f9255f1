import { useState } from 'react';
import { api } from '@cpq/client';
import { CatalogueIndex, catalogueSnapshotFromRows, orderCatalogueRows, type Product } from '@cpq/domain';
import { Button, downloadCsv } from '@cpq/ui';
import { errorText } from '../../common/index.ts';
import type { ProductRow } from '../productRows.ts';
import { readExportLayout } from './exportPriceData.ts';
import { EXPORT_ROW_LIMIT, buildPriceTable } from './priceTable.ts';
import { exportFileName, priceTableCsv } from './csv.ts';
import styles from '../products.module.css';

type State = { status: 'idle' } | { status: 'working'; step: string } | { status: 'done'; message: string } | { status: 'error'; message: string };

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Export Prices: prices every combination the product's exportPriceData lays out with the pricing
 * engine (today's prices, quantity 1) and downloads the table as CSV.
 */
export function ExportPricesButton({ product, orgId }: { product: ProductRow; orgId: number }) {
  const [state, setState] = useState<State>({ status: 'idle' });

  const run = async () => {
    const layout = readExportLayout(product.exportPriceData);
    if (!layout.ok) return setState({ status: 'error', message: layout.message });
    setState({ status: 'working', step: 'Loading the catalogue…' });
    try {
      const rows = orderCatalogueRows(await api.catalogue(orgId));
      // The product as stored now (it may be archived, hence not in the catalogue's list).
      rows.products = [product as unknown as Product, ...rows.products.filter((p) => p.id !== product.id)];
      setState({ status: 'working', step: 'Pricing every combination…' });
      await nextTask(); // lets the progress line paint before the pricing runs
      const table = buildPriceTable(new CatalogueIndex(catalogueSnapshotFromRows(rows)), product.id, layout.value, new Date());
      if (!table.ok) return setState({ status: 'error', message: table.message });
      const t = table.value;
      downloadCsv(priceTableCsv(t), exportFileName(product.title, product.id));
      const parts = [`Exported ${t.rows.length.toLocaleString('en-US')} rows.`];
      if (t.capped) {
        parts.push(
          `The export stopped there: this product has ${t.total.toLocaleString('en-US')} combinations and an export holds fewer than ${EXPORT_ROW_LIMIT.toLocaleString('en-US')} rows.`,
        );
      }
      if (t.failures > 0) parts.push(`${t.failures.toLocaleString('en-US')} prices had a pricing step that failed and counted as 0.`);
      setState({ status: 'done', message: parts.join(' ') });
    } catch (e) {
      setState({ status: 'error', message: `The prices could not be exported: ${errorText(e)}` });
    }
  };

  const working = state.status === 'working';
  return (
    <>
      <Button variant="secondary" onClick={() => void run()} disabled={working} aria-busy={working || undefined}>
        {working ? 'Exporting…' : 'Export Prices'}
      </Button>
      {state.status === 'working' ? (
        <span role="status" className={styles.progress}>
          {state.step}
        </span>
      ) : null}
      {state.status === 'done' ? (
        <span role="status" className={styles.progress} data-testid="export-result">
          {state.message}
        </span>
      ) : null}
      {state.status === 'error' ? (
        <span role="alert" className={styles.error}>
          {state.message}
        </span>
      ) : null}
    </>
  );
}
