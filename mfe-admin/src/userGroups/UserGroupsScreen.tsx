import { api } from '@cpq/client';
import { AdminPage, Loaded, adminStyles, useActiveOrg, useLoad } from '../common/index.ts';
import { CreateGroupForm } from './CreateGroupForm.tsx';
import { GroupCard } from './GroupCard.tsx';
import styles from './userGroups.module.css';

/** /admin/user-groups: create a group, and each group's members (guests of the organisation). */
export default function UserGroupsScreen() {
  const org = useActiveOrg();
  const load = useLoad(async () => {
    const [groups, { guests }] = await Promise.all([api.getUserGroups(org.id), api.getGuestsData({ orgId: org.id })]);
    return { groups, guests };
  }, [org.id]);

  return (
    <AdminPage title="User groups" testId="user-groups-screen" toolbar={<CreateGroupForm orgId={org.id} onCreated={(g) => load.set((d) => ({ ...d, groups: [...d.groups, g] }))} />}>
      <Loaded load={load} heading="The user groups could not be loaded.">
        {({ groups, guests }) =>
          groups.length === 0 ? (
            <p className={adminStyles.empty} role="status" data-testid="user-groups-empty">
              No user groups yet. Create one with the form above.
            </p>
          ) : (
            <div className={styles.cards}>
              {groups.map((g) => (
                <GroupCard
                  key={g.id}
                  group={g}
                  guests={guests}
                  onSaved={(saved) => load.set((d) => ({ ...d, groups: d.groups.map((x) => (x.id === saved.id ? saved : x)) }))}
                  onDeleted={(id) => load.set((d) => ({ ...d, groups: d.groups.filter((x) => x.id !== id) }))}
                />
              ))}
            </div>
          )
        }
      </Loaded>
    </AdminPage>
  );
}
