import { api } from '@cpq/client';
import type { GuestView } from '@cpq/domain';
import { AdminPage, Loaded, adminStyles, useActiveOrg, useLoad } from '../common/index.ts';
import { GuestRow } from './GuestRow.tsx';
import { InviteForm } from './InviteForm.tsx';

export const GUEST_COLUMNS = ['Email', 'First Name', 'Last Name', 'Discount (%)', 'Sales Tax', 'Date Added', 'Actions'] as const;

/** /admin/guests: invite a guest, and each guest's discount, sales tax, price visibility and Disinvite. */
export default function GuestsScreen() {
  const org = useActiveOrg();
  const load = useLoad(() => api.getGuestsData({ orgId: org.id }).then((d) => d.guests), [org.id]);
  const replace = (g: GuestView) => load.set((list) => list.map((x) => (x.userId === g.userId ? g : x)));

  return (
    <AdminPage title="Guests" testId="guests-screen" toolbar={<InviteForm orgId={org.id} onInvited={(g) => load.set((list) => [g, ...list.filter((x) => x.userId !== g.userId)])} />}>
      <Loaded load={load} heading="The guests could not be loaded.">
        {(guests) =>
          guests.length === 0 ? (
            <p className={adminStyles.empty} role="status" data-testid="guests-empty">
              No guests yet. Invite one with the form above.
            </p>
          ) : (
            <table className={adminStyles.table} data-testid="guests-table">
              <thead>
                <tr>
                  {GUEST_COLUMNS.map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {guests.map((g) => (
                  <GuestRow key={g.userId} guest={g} orgId={org.id} onSaved={replace} onDisinvited={(userId) => load.set((list) => list.filter((x) => x.userId !== userId))} />
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
    </AdminPage>
  );
}
