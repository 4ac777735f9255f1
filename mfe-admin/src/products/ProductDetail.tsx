import { useCallback, useState } from 'react';
import { Button } from '@cpq/ui';
import { AdminPage, ArchiveButton, DuplicateButton, EditableTitle, Loaded, MissingRow, useActiveOrg, useLoad } from '../common/index.ts';
import { loadProductDetail, type ProductDetailData } from './detailData.ts';
import type { ProductRow } from './productRows.ts';
import { useProductSave } from './useSave.ts';
import { SaveStatus } from './SaveStatus.tsx';
import { ProductFields } from './ProductFields.tsx';
import { ProductProperties } from './ProductProperties.tsx';
import { SettingsDialog } from './SettingsDialog.tsx';
import { ExportPricesButton } from './export/ExportPricesButton.tsx';
import { hasExportPriceData } from './export/exportPriceData.ts';
import styles from './products.module.css';

/** /admin/products/{id}: one product of the active organisation. */
export function ProductDetail({ id }: { id: number }) {
  const org = useActiveOrg();
  const load = useLoad(() => loadProductDetail(org.id, id), [org.id, id]);
  const { set } = load;
  const onSaved = useCallback((row: ProductRow) => set((d) => ({ ...d, product: row })), [set]);
  return (
    <Loaded load={load} heading="The product could not be loaded.">
      {(data: ProductDetailData) =>
        data.product ? (
          <ProductPage product={data.product} data={data} orgId={org.id} isOwner={org.role === 'owner'} onSaved={onSaved} />
        ) : (
          <AdminPage title="Product not found">
            <MissingRow what="product" listHref="/admin/products" listLabel="products" />
          </AdminPage>
        )
      }
    </Loaded>
  );
}

/** A product's page once loaded: its header, fields, properties and popups, all saving through one queue. */
function ProductPage({
  product,
  data,
  orgId,
  isOwner,
  onSaved,
}: {
  product: ProductRow;
  data: ProductDetailData;
  orgId: number;
  isOwner: boolean;
  onSaved(row: ProductRow): void;
}) {
  const { state, save } = useProductSave(product, onSaved);
  const [settingsOpen, setSettingsOpen] = useState(false);
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
          <span className={styles.headerStatus}>
            <SaveStatus state={state} />
          </span>
        </>
      }
      actions={
        <>
          <Button variant="secondary" onClick={() => setSettingsOpen(true)}>
            Settings
          </Button>
          <DuplicateButton
            resourceKey="products"
            id={product.id}
            href={(copyId) => `/admin/products/${copyId}`}
            title="Product duplicated"
            question="This product has been successfully duplicated. Would you like to be redirect to the new product?"
            confirmLabel="Yes"
            cancelLabel="No"
            failure="The product could not be duplicated"
            errorClassName={styles.error}
          />
          {hasExportPriceData(product) ? <ExportPricesButton product={product} orgId={orgId} /> : null}
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
        <ProductFields product={product} categories={data.categories} pricingRules={data.pricingRules} isOwner={isOwner} save={save} />
        <ProductProperties product={product} properties={data.properties} options={data.options} save={save} saveState={state} />
      </div>
      {settingsOpen ? <SettingsDialog product={product} save={save} onClose={() => setSettingsOpen(false)} /> : null}
    </AdminPage>
  );
}
