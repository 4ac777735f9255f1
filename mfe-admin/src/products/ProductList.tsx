import { useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { Link } from '@cpq/ui';
import {
  AddButton,
  AdminPage,
  Loaded,
  RankInput,
  StatusFilter,
  adminStyles as styles,
  byStatus,
  errorText,
  resources,
  useActiveOrg,
  useLoad,
  type StatusFilterValue,
} from '../common/index.ts';
import { useRankMove } from '../common/useRankMove.ts';
import { StockedFilter } from './StockedFilter.tsx';
import { byStocked, inventoryText, publishLevelLabel, type ProductRow, type StockedFilterValue } from './productRows.ts';

/** /admin/products: the organisation's products with their rank, visibility and inventory. */
export function ProductList() {
  const org = useActiveOrg();
  const load = useLoad(() => resources.get<ProductRow>('products', { orgId: org.id }), [org.id]);
  const [status, setStatus] = useState<StatusFilterValue>('active');
  const [stocked, setStocked] = useState<StockedFilterValue>('all');
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rank = useRankMove<ProductRow>('products', load.set, load.reload);

  const add = async () => {
    setAdding(true);
    setError(null);
    try {
      const created = await resources.create<ProductRow>('products', { orgId: org.id, title: 'Untitled Product' });
      navigateToUrl(`/admin/products/${created.id}`);
    } catch (e) {
      setError(`The product could not be created: ${errorText(e)}`);
      setAdding(false);
    }
  };

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
      {error ? (
        <p role="alert" className={styles.fieldError}>
          {error}
        </p>
      ) : null}
      {rank.error ? (
        <p role="alert" className={styles.fieldError}>
          The new rank could not be saved: {rank.error}
        </p>
      ) : null}
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
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Rank</th>
                  <th scope="col">ID</th>
                  <th scope="col">Title</th>
                  <th scope="col">Visibility</th>
                  <th scope="col">Inventory</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((p) => (
                  <tr key={p.id} data-testid={`product-row-${p.id}`}>
                    <td>
                      <RankInput rank={p.rank} count={all.length} label={`Rank of ${p.title}`} onMove={(to) => void rank.move(p.id, to)} />
                    </td>
                    <td>{p.id}</td>
                    <td>
                      <Link href={`/admin/products/${p.id}`}>{p.title}</Link>
                    </td>
                    <td>{publishLevelLabel(p.publishLevel)}</td>
                    <td className={p.isStocked && (p.currentInventory ?? 0) < 0 ? styles.negative : undefined} data-testid="inventory">
                      {inventoryText(p)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          );
        }}
      </Loaded>
      <AddButton label="Add product" onClick={() => void add()} busy={adding} />
    </AdminPage>
  );
}
