import { useState } from 'react';
import { Link } from '@cpq/ui';
import {
  AddButton,
  AdminPage,
  ErrorMessage,
  Loaded,
  RankedTable,
  StatusFilter,
  adminStyles,
  byStatus,
  resources,
  useActiveOrg,
  useAddRow,
  useLoad,
  useRankMove,
  type StatusFilterValue,
} from '../common/index.ts';
import { PictureTitle } from '../common/PictureTitle.tsx';
import { CATEGORY_KEY, categoryHref, type CategoryRow } from './types.ts';

/** The categories of the active organisation: Rank, ID, Title; a Status filter; a round add button. */
export function CategoryList() {
  const org = useActiveOrg();
  const load = useLoad(() => resources.get<CategoryRow>(CATEGORY_KEY, { orgId: org.id }), [org.id]);
  const [status, setStatus] = useState<StatusFilterValue>('active');
  const adding = useAddRow(() => resources.create(CATEGORY_KEY, { orgId: org.id, title: 'Untitled Category' }), { added: load.reload });
  const rank = useRankMove<CategoryRow>(CATEGORY_KEY, load.set, load.reload);

  const error = rank.error ?? adding.error;
  return (
    <AdminPage title="Categories" toolbar={<StatusFilter value={status} onChange={setStatus} />} testId="categories-page">
      <ErrorMessage error={error} className={adminStyles.fieldError} />
      <Loaded load={load} heading="The categories could not be loaded">
        {(rows) => {
          const shown = byStatus(rows, status);
          if (!shown.length) return <p className={adminStyles.empty}>No categories to show.</p>;
          return (
            <RankedTable
              rows={shown}
              count={rows.length}
              titleCell={(c) => (
                <PictureTitle src={c.thumbnailUrl}>
                  <Link href={categoryHref(c.id)}>{c.title}</Link>
                </PictureTitle>
              )}
              onMove={(id, to) => void rank.move(id, to)}
            />
          );
        }}
      </Loaded>
      <AddButton label="Add a category" onClick={adding.add} busy={adding.adding} />
    </AdminPage>
  );
}
