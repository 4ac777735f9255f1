import { useState } from 'react';
import { api } from '@cpq/client';
import type { GuestView, UserGroupView } from '@cpq/domain';
import { Button } from '@cpq/ui';
import { ConfirmDialog, ErrorMessage, errorText } from '../common/index.ts';
import { GuestSearch } from './GuestSearch.tsx';
import { guestLabel, withMember } from './guestSearch.ts';
import styles from './userGroups.module.css';

export const DELETE_GROUP_QUESTION = 'Are you sure you want to remove this user group?';

/** One user group: its members with Remove, the guest search to add one, and Delete group. */
export function GroupCard({ group, guests, onSaved, onDeleted }: { group: UserGroupView; guests: readonly GuestView[]; onSaved(g: UserGroupView): void; onDeleted(id: number): void }) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const byId = new Map(guests.map((g) => [g.userId, g]));
  // Older groups may hold people who are not (or no longer) guests: the server takes guests only.
  const strangers = group.userIds.filter((id) => !byId.has(id));

  const saveMembers = async (userIds: number[]) => {
    setSaving(true);
    setError(null);
    try {
      onSaved(await api.updateUserGroup(group.id, { userIds: userIds.filter((id) => byId.has(id)) }));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  const destroy = async () => {
    setDeleting(true);
    setDeleteError(null);
    try {
      await api.destroyUserGroup(group.id);
      setConfirming(false);
      onDeleted(group.id);
    } catch (e) {
      setDeleteError(errorText(e));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby={`group-${group.id}`} aria-busy={saving || undefined} data-testid="user-group">
      <header className={styles.cardHeader}>
        <h2 id={`group-${group.id}`} className={styles.cardTitle}>
          {group.title}
        </h2>
        <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Delete group ${group.title}`}>
          Delete group
        </Button>
      </header>
      {group.userIds.length === 0 ? (
        <p className={styles.noMembers}>No members yet.</p>
      ) : (
        <ul className={styles.members} aria-label={`Members of ${group.title}`}>
          {group.userIds.map((id) => {
            const g = byId.get(id);
            const label = g ? guestLabel(g) : `User ${id} (not a guest)`;
            return (
              <li key={id} className={styles.member}>
                <span>{label}</span>
                <Button variant="quiet" disabled={saving} onClick={() => void saveMembers(group.userIds.filter((x) => x !== id))} aria-label={`Remove ${label} from ${group.title}`}>
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {strangers.length ? (
        <p className={styles.note} data-testid="group-strangers">
          People who are not guests of this organisation are left out when this group is next saved.
        </p>
      ) : null}
      {/* Not disabled while saving: the search keeps the keyboard's focus; a pick waits for the save. */}
      <GuestSearch
        guests={guests}
        memberIds={group.userIds}
        groupTitle={group.title}
        onPick={(g) => {
          if (!saving) void saveMembers(withMember(group.userIds, g.userId));
        }}
      />
      {saving ? (
        <p role="status" className={styles.note}>
          Saving…
        </p>
      ) : null}
      <ErrorMessage error={error} className={styles.error} />
      {confirming ? (
        <ConfirmDialog
          destructive
          title="Delete user group"
          question={DELETE_GROUP_QUESTION}
          confirmLabel="Delete"
          busy={deleting}
          error={deleteError}
          onConfirm={() => void destroy()}
          onCancel={() => {
            setConfirming(false);
            setDeleteError(null);
          }}
        />
      ) : null}
    </section>
  );
}
