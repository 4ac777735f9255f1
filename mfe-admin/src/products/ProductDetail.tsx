import { useCallback, useState } from 'react';
import { Button } from '@cpq/ui';
import { AdminPage, ArchiveButton, EditableTitle, Loaded, MissingRow, useActiveOrg, useLoad } from '../common/index.ts';
import { loadProductDetail, type ProductDetailData } from './detailData.ts';
import type { ProductRow } from './productRows.ts';
import { useProductSave } from './useSave.ts';
import { SaveStatus } from './SaveStatus.tsx';
import { ProductFields } from './ProductFields.tsx';
import { ProductProperties } from './ProductProperties.tsx';
import { SettingsDialog } from './SettingsDialog.tsx';
import { DuplicateButton } from './DuplicateButton.tsx';
import { ExportPricesButton } from './export/ExportPricesButton.tsx';
import { hasExportPriceData } from './export/exportPriceData.ts';
import styles from './products.module.css';

/** /admin/products/{id}: one product of the active organisation. */
export function ProductDetail({ id }: { id: number }) {
  const org = useActiveOrg();
  const load = useLoad(() => loadProductDetail(org.id, id), [org.id, id]);
  const { set } = load;
  const onSaved = useCallback((row: ProductRow) => set((d) => ({ ...d, product: row })), [set]);
  const { state, save } = useProductSave(id, onSaved);
  const [settingsOpen, setSettingsOpen] = useState(false);

  return (
    <Loaded load={load} heading="The product could not be loaded.">
      {(data: ProductDetailData) => {
        const product = data.product;
        if (!product) {
          return (
            <AdminPage title="Product not found">
              <MissingRow what="product" listHref="/admin/products" listLabel="products" />
            </AdminPage>
          );
        }
        return (
          <AdminPage
            testId="product-detail"
            title={
              <EditableTitle
                label="Product title"
                value={product.title}
                onSave={async (title) => {
                  if (!(await save({ title }, 'Title'))) throw new Error('The title was not saved.');
                }}
              />
            }
            subtitle={
              <>
                ID {product.id}
                <SaveStatus state={state} />
              </>
            }
            actions={
              <>
                <Button variant="secondary" onClick={() => setSettingsOpen(true)}>
                  Settings
                </Button>
                <DuplicateButton id={product.id} />
                {hasExportPriceData(product) ? <ExportPricesButton product={product} orgId={org.id} /> : null}
                <ArchiveButton
                  archived={product.archived === 1}
                  onChange={async (archived) => {
                    if (!(await save({ archived: archived ? 1 : 0 }, archived ? 'Archive' : 'Unarchive'))) throw new Error('Not saved.');
                  }}
                />
              </>
            }
          >
            <div className={styles.sections}>
              <ProductFields product={product} categories={data.categories} pricingRules={data.pricingRules} isOwner={org.role === 'owner'} save={save} />
              <ProductProperties product={product} properties={data.properties} options={data.options} save={save} saveState={state} />
            </div>
            {settingsOpen ? <SettingsDialog product={product} save={save} onClose={() => setSettingsOpen(false)} /> : null}
          </AdminPage>
        );
      }}
    </Loaded>
  );
}
