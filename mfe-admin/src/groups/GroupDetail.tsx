import { useState } from 'react';
import { Button, Link } from '@cpq/ui';
import { AdminPage, EditableTitle, Loaded, MissingRow, adminStyles, resources, useActiveOrg, useLoad } from '../common/index.ts';
import { propertyHref } from '../properties/types.ts';
import { EditGroupProperties } from './EditGroupProperties.tsx';
import { GroupSettings } from './GroupSettings.tsx';
import { GROUPS_HREF, GROUP_KEY, type GroupPropertyRow, type GroupRow } from './types.ts';

/** The properties of a group, in their own rank order. */
export function membersOf(group: GroupRow, properties: readonly GroupPropertyRow[]): GroupPropertyRow[] {
  return properties.filter((p) => String(p.id) in group.properties).sort((a, b) => a.rank - b.rank || a.id - b.id);
}

/** One property group: its title, its properties, the Edit Properties popup and its settings (Delete). */
export function GroupDetail({ id }: { id: number }) {
  const org = useActiveOrg();
  const load = useLoad(async () => {
    const [[group], properties] = await Promise.all([
      resources.get<GroupRow>(GROUP_KEY, { orgId: org.id, id }),
      resources.get<GroupPropertyRow>('productProperties', { orgId: org.id }),
    ]);
    return { group: group ?? null, properties };
  }, [org.id, id]);
  const [popup, setPopup] = useState<'properties' | 'settings' | null>(null);

  return (
    <Loaded load={load} heading="The property group could not be loaded">
      {({ group, properties }) => {
        if (!group) return <MissingRow what="property group" listHref={GROUPS_HREF} listLabel="property groups" />;
        const saved = (row: GroupRow) => load.set((d) => ({ ...d, group: row }));
        const members = membersOf(group, properties);
        return (
          <AdminPage
            title={<EditableTitle value={group.title} onSave={async (title) => saved(await resources.update<GroupRow>(GROUP_KEY, id, { title }))} />}
            subtitle={`ID ${group.id}`}
            actions={
              <>
                <Button variant="secondary" onClick={() => setPopup('properties')}>
                  Edit Properties
                </Button>
                <Button variant="secondary" onClick={() => setPopup('settings')}>
                  Settings
                </Button>
              </>
            }
            testId="group-detail"
          >
            {members.length ? (
              <table className={adminStyles.table}>
                <thead>
                  <tr>
                    <th scope="col">Rank</th>
                    <th scope="col">ID</th>
                    <th scope="col">Title</th>
                  </tr>
                </thead>
                <tbody>
                  {members.map((p) => (
                    <tr key={p.id}>
                      <td>{p.rank}</td>
                      <td>{p.id}</td>
                      <td>
                        <Link href={propertyHref(p.id)}>{p.title}</Link>
                        {p.archived ? ' (archived)' : ''}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className={adminStyles.empty}>This group has no properties</p>
            )}
            {popup === 'properties' ? <EditGroupProperties group={group} properties={properties} onSaved={saved} onClose={() => setPopup(null)} /> : null}
            {popup === 'settings' ? <GroupSettings group={group} onClose={() => setPopup(null)} /> : null}
          </AdminPage>
        );
      }}
    </Loaded>
  );
}
