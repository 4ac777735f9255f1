import { useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { Link } from '@cpq/ui';
import { AddButton, AdminPage, Loaded, RankInput, adminStyles, errorText, resources, useActiveOrg, useLoad } from '../common/index.ts';
import { useRankMove } from '../common/useRankMove.ts';
import { GROUP_KEY, groupHref, type GroupRow } from './types.ts';

/** The property groups: Rank, ID, Title; adding one opens the new group. */
export function GroupList() {
  const org = useActiveOrg();
  const load = useLoad(() => resources.get<GroupRow>(GROUP_KEY, { orgId: org.id }), [org.id]);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const rank = useRankMove<GroupRow>(GROUP_KEY, load.set, load.reload);

  const add = async () => {
    setAdding(true);
    setAddError(null);
    try {
      const group = await resources.create(GROUP_KEY, { orgId: org.id, title: 'Untitled Property Group' });
      navigateToUrl(groupHref(group.id));
    } catch (e) {
      setAddError(errorText(e));
      setAdding(false);
    }
  };

  const error = rank.error ?? addError;
  return (
    <AdminPage title="Property groups" testId="groups-page">
      {error ? (
        <p role="alert" className={adminStyles.fieldError}>
          {error}
        </p>
      ) : null}
      <Loaded load={load} heading="The property groups could not be loaded">
        {(rows) =>
          rows.length ? (
            <table className={adminStyles.table}>
              <thead>
                <tr>
                  <th scope="col">Rank</th>
                  <th scope="col">ID</th>
                  <th scope="col">Title</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((g) => (
                  <tr key={g.id}>
                    <td>
                      <RankInput rank={g.rank} count={rows.length} label={`Rank of ${g.title}`} onMove={(to) => void rank.move(g.id, to)} />
                    </td>
                    <td>{g.id}</td>
                    <td>
                      <Link href={groupHref(g.id)}>{g.title}</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className={adminStyles.empty}>No property groups yet.</p>
          )
        }
      </Loaded>
      <AddButton label="Add a property group" onClick={() => void add()} busy={adding} />
    </AdminPage>
  );
}
