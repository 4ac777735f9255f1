import { useState } from 'react';
import { productThumbnailUrl } from '@cpq/domain';
import { Link } from '@cpq/ui';
import {
  AddButton,
  AdminPage,
  ErrorMessage,
  Loaded,
  RankedTable,
  StatusFilter,
  adminStyles as styles,
  byStatus,
  resources,
  useActiveOrg,
  useAddRow,
  useLoad,
  useRankMove,
  type ExtraColumn,
  type StatusFilterValue,
} from '../common/index.ts';
import { PictureTitle } from '../common/PictureTitle.tsx';
import { StockedFilter } from './StockedFilter.tsx';
import { byStocked, inventoryText, publishLevelLabel, type ProductRow, type StockedFilterValue } from './productRows.ts';

const productHref = (id: number) => `/admin/products/${id}`;

const COLUMNS: ExtraColumn<ProductRow>[] = [
  { header: 'Visibility', cell: (p) => publishLevelLabel(p.publishLevel) },
  {
    header: 'Inventory',
    cell: inventoryText,
    className: (p) => (p.isStocked && (p.currentInventory ?? 0) < 0 ? styles.negative : undefined),
    testId: 'inventory',
  },
];

/** /admin/products: the organisation's products with their rank, visibility and inventory. */
export function ProductList() {
  const org = useActiveOrg();
  const load = useLoad(() => resources.get<ProductRow>('products', { orgId: org.id }), [org.id]);
  const [status, setStatus] = useState<StatusFilterValue>('active');
  const [stocked, setStocked] = useState<StockedFilterValue>('all');
  const adding = useAddRow(() => resources.create<ProductRow>('products', { orgId: org.id, title: 'Untitled Product' }), { open: (created) => productHref(created.id) });
  const rank = useRankMove<ProductRow>('products', load.set, load.reload);

  return (
    <AdminPage
      title="Products"
      testId="products-list"
      toolbar={
        <>
          <StatusFilter value={status} onChange={setStatus} />
          <StockedFilter value={stocked} onChange={setStocked} />
        </>
      }
    >
      <ErrorMessage error={adding.error} prefix="The product could not be created: " className={styles.fieldError} />
      <ErrorMessage error={rank.error} prefix="The new rank could not be saved: " className={styles.fieldError} />
      <Loaded load={load} heading="The products could not be loaded.">
        {(rows) => {
          const all = [...rows].sort((a, b) => a.rank - b.rank || a.id - b.id);
          const shown = byStocked(byStatus(all, status), stocked);
          if (shown.length === 0) {
            return (
              <p className={styles.empty} role="status">
                No products match these filters.
              </p>
            );
          }
          return (
            <RankedTable
              rows={shown}
              count={all.length}
              titleCell={(p) => (
                <PictureTitle src={productThumbnailUrl(p)}>
                  <Link href={productHref(p.id)}>{p.title}</Link>
                </PictureTitle>
              )}
              onMove={(id, to) => void rank.move(id, to)}
              columns={COLUMNS}
              rowTestId={(p) => `product-row-${p.id}`}
            />
          );
        }}
      </Loaded>
      <AddButton label="Add product" onClick={adding.add} busy={adding.adding} />
    </AdminPage>
  );
}
