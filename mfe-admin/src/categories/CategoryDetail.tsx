import { useState } from 'react';
import { Button } from '@cpq/ui';
import { AdminPage, EditableTitle, Loaded, MissingRow, adminStyles, resources, useActiveOrg, useLoad } from '../common/index.ts';
import { CategorySettings } from './CategorySettings.tsx';
import { CATEGORY_KEY, type CategoryProductRow, type CategoryRow } from './types.ts';

/** One category: its title, its non-archived products (read only) and its settings. */
export function CategoryDetail({ id }: { id: number }) {
  const org = useActiveOrg();
  const load = useLoad(async () => {
    const [[category], products] = await Promise.all([
      resources.get<CategoryRow>(CATEGORY_KEY, { orgId: org.id, id }),
      resources.get<CategoryProductRow>('products', { orgId: org.id, productCategoryId: id, archived: 0 }),
    ]);
    return { category: category ?? null, products };
  }, [org.id, id]);
  const [settingsOpen, setSettingsOpen] = useState(false);

  return (
    <Loaded load={load} heading="The category could not be loaded">
      {({ category, products }) => {
        if (!category) return <MissingRow what="category" listHref="/admin/product-categories" listLabel="categories" />;
        const saved = (row: CategoryRow) => load.set((d) => ({ ...d, category: row }));
        return (
          <AdminPage
            title={<EditableTitle value={category.title} onSave={async (title) => saved(await resources.update<CategoryRow>(CATEGORY_KEY, id, { title }))} />}
            subtitle={`ID ${category.id}${category.archived ? ' · Archived' : ''}`}
            actions={
              <Button variant="secondary" onClick={() => setSettingsOpen(true)}>
                Settings
              </Button>
            }
            testId="category-detail"
          >
            <h2>Products</h2>
            {products.length ? (
              <table className={adminStyles.table}>
                <thead>
                  <tr>
                    <th scope="col">Rank</th>
                    <th scope="col">Title</th>
                    <th scope="col">ID</th>
                  </tr>
                </thead>
                <tbody>
                  {products.map((p) => (
                    <tr key={p.id}>
                      <td>{p.rank}</td>
                      <td>{p.title}</td>
                      <td>{p.id}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className={adminStyles.empty}>This category has no products.</p>
            )}
            {settingsOpen ? <CategorySettings category={category} onSaved={saved} onClose={() => setSettingsOpen(false)} /> : null}
          </AdminPage>
        );
      }}
    </Loaded>
  );
}
