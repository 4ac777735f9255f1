import { useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { Link } from '@cpq/ui';
import { AddButton, AdminPage, Loaded, RankInput, StatusFilter, adminStyles, byStatus, errorText, resources, useActiveOrg, useLoad, type StatusFilterValue } from '../common/index.ts';
import { useRankMove } from '../common/useRankMove.ts';
import { PROPERTY_KEY, propertyHref, type PropertyRow } from './types.ts';

/** The properties: Rank, ID, Title, Internal Title; a Status filter; adding one opens the new property. */
export function PropertyList() {
  const org = useActiveOrg();
  const load = useLoad(() => resources.get<PropertyRow>(PROPERTY_KEY, { orgId: org.id }), [org.id]);
  const [status, setStatus] = useState<StatusFilterValue>('active');
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const rank = useRankMove<PropertyRow>(PROPERTY_KEY, load.set, load.reload);

  const add = async () => {
    setAdding(true);
    setAddError(null);
    try {
      // The server gives a new property its first option, 'Untitled Option'.
      const property = await resources.create(PROPERTY_KEY, { orgId: org.id, title: 'Untitled Product Property' });
      navigateToUrl(propertyHref(property.id));
    } catch (e) {
      setAddError(errorText(e));
      setAdding(false);
    }
  };

  const error = rank.error ?? addError;
  return (
    <AdminPage title="Properties" toolbar={<StatusFilter value={status} onChange={setStatus} />} testId="properties-page">
      {error ? (
        <p role="alert" className={adminStyles.fieldError}>
          {error}
        </p>
      ) : null}
      <Loaded load={load} heading="The properties could not be loaded">
        {(rows) => {
          const shown = byStatus(rows, status);
          if (!shown.length) return <p className={adminStyles.empty}>No properties to show.</p>;
          return (
            <table className={adminStyles.table}>
              <thead>
                <tr>
                  <th scope="col">Rank</th>
                  <th scope="col">ID</th>
                  <th scope="col">Title</th>
                  <th scope="col">Internal Title</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((p) => (
                  <tr key={p.id}>
                    <td>
                      <RankInput rank={p.rank} count={rows.length} label={`Rank of ${p.title}`} onMove={(to) => void rank.move(p.id, to)} />
                    </td>
                    <td>{p.id}</td>
                    <td>
                      <Link href={propertyHref(p.id)}>{p.title}</Link>
                    </td>
                    <td>{p.internalTitle ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          );
        }}
      </Loaded>
      <AddButton label="Add a property" onClick={() => void add()} busy={adding} />
    </AdminPage>
  );
}
