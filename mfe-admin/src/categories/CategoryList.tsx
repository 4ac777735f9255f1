import { useState } from 'react';
import { Link } from '@cpq/ui';
import { AddButton, AdminPage, Loaded, RankInput, StatusFilter, adminStyles, byStatus, errorText, resources, useActiveOrg, useLoad, type StatusFilterValue } from '../common/index.ts';
import { useRankMove } from '../common/useRankMove.ts';
import { CATEGORY_KEY, categoryHref, type CategoryRow } from './types.ts';

/** The categories of the active organisation: Rank, ID, Title; a Status filter; a round add button. */
export function CategoryList() {
  const org = useActiveOrg();
  const load = useLoad(() => resources.get<CategoryRow>(CATEGORY_KEY, { orgId: org.id }), [org.id]);
  const [status, setStatus] = useState<StatusFilterValue>('active');
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const rank = useRankMove<CategoryRow>(CATEGORY_KEY, load.set, load.reload);

  const add = async () => {
    setAdding(true);
    setAddError(null);
    try {
      await resources.create(CATEGORY_KEY, { orgId: org.id, title: 'Untitled Category' });
      load.reload();
    } catch (e) {
      setAddError(errorText(e));
    } finally {
      setAdding(false);
    }
  };

  const error = rank.error ?? addError;
  return (
    <AdminPage title="Categories" toolbar={<StatusFilter value={status} onChange={setStatus} />} testId="categories-page">
      {error ? (
        <p role="alert" className={adminStyles.fieldError}>
          {error}
        </p>
      ) : null}
      <Loaded load={load} heading="The categories could not be loaded">
        {(rows) => {
          const shown = byStatus(rows, status);
          if (!shown.length) return <p className={adminStyles.empty}>No categories to show.</p>;
          return (
            <table className={adminStyles.table}>
              <thead>
                <tr>
                  <th scope="col">Rank</th>
                  <th scope="col">ID</th>
                  <th scope="col">Title</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((c) => (
                  <tr key={c.id}>
                    <td>
                      <RankInput rank={c.rank} count={rows.length} label={`Rank of ${c.title}`} onMove={(to) => void rank.move(c.id, to)} />
                    </td>
                    <td>{c.id}</td>
                    <td>
                      <Link href={categoryHref(c.id)}>{c.title}</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          );
        }}
      </Loaded>
      <AddButton label="Add a category" onClick={() => void add()} busy={adding} />
    </AdminPage>
  );
}
