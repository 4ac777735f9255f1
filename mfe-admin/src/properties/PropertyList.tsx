import { useState } from 'react';
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
  type ExtraColumn,
  type StatusFilterValue,
} from '../common/index.ts';
import { PROPERTY_KEY, propertyHref, type PropertyRow } from './types.ts';

const COLUMNS: ExtraColumn<PropertyRow>[] = [{ header: 'Internal Title', cell: (p) => p.internalTitle ?? '' }];

/** The properties: Rank, ID, Title, Internal Title; a Status filter; adding one opens the new property. */
export function PropertyList() {
  const org = useActiveOrg();
  const load = useLoad(() => resources.get<PropertyRow>(PROPERTY_KEY, { orgId: org.id }), [org.id]);
  const [status, setStatus] = useState<StatusFilterValue>('active');
  // The server gives a new property its first option, 'Untitled Option'.
  const adding = useAddRow(() => resources.create(PROPERTY_KEY, { orgId: org.id, title: 'Untitled Product Property' }), { open: (property) => propertyHref(property.id) });
  const rank = useRankMove<PropertyRow>(PROPERTY_KEY, load.set, load.reload);

  const error = rank.error ?? adding.error;
  return (
    <AdminPage title="Properties" toolbar={<StatusFilter value={status} onChange={setStatus} />} testId="properties-page">
      <ErrorMessage error={error} className={adminStyles.fieldError} />
      <Loaded load={load} heading="The properties could not be loaded">
        {(rows) => {
          const shown = byStatus(rows, status);
          if (!shown.length) return <p className={adminStyles.empty}>No properties to show.</p>;
          return <RankedTable rows={shown} count={rows.length} href={propertyHref} onMove={(id, to) => void rank.move(id, to)} columns={COLUMNS} />;
        }}
      </Loaded>
      <AddButton label="Add a property" onClick={adding.add} busy={adding.adding} />
    </AdminPage>
  );
}
