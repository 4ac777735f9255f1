import { AddButton, AdminPage, ErrorMessage, Loaded, RankedTable, adminStyles, resources, useActiveOrg, useAddRow, useLoad, useRankMove } from '../common/index.ts';
import { GROUP_KEY, groupHref, type GroupRow } from './types.ts';

/** The property groups: Rank, ID, Title; adding one opens the new group. */
export function GroupList() {
  const org = useActiveOrg();
  const load = useLoad(() => resources.get<GroupRow>(GROUP_KEY, { orgId: org.id }), [org.id]);
  const adding = useAddRow(() => resources.create(GROUP_KEY, { orgId: org.id, title: 'Untitled Property Group' }), { open: (group) => groupHref(group.id) });
  const rank = useRankMove<GroupRow>(GROUP_KEY, load.set, load.reload);

  const error = rank.error ?? adding.error;
  return (
    <AdminPage title="Property groups" testId="groups-page">
      <ErrorMessage error={error} className={adminStyles.fieldError} />
      <Loaded load={load} heading="The property groups could not be loaded">
        {(rows) =>
          rows.length ? (
            <RankedTable rows={rows} count={rows.length} href={groupHref} onMove={(id, to) => void rank.move(id, to)} />
          ) : (
            <p className={adminStyles.empty}>No property groups yet.</p>
          )
        }
      </Loaded>
      <AddButton label="Add a property group" onClick={adding.add} busy={adding.adding} />
    </AdminPage>
  );
}
