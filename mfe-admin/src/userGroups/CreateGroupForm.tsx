import { useState, type FormEvent } from 'react';
import { api } from '@cpq/client';
import type { UserGroupView } from '@cpq/domain';
import { Button } from '@cpq/ui';
import { ErrorMessage, errorText } from '../common/index.ts';
import inline from '../common/inlineForm.module.css';
import styles from './userGroups.module.css';

/** Creates a user group with the typed title (none typed: the server names it 'Untitled Group'). */
export function CreateGroupForm({ orgId, onCreated }: { orgId: number; onCreated(g: UserGroupView): void }) {
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const t = title.trim();
      onCreated(await api.createUserGroup({ orgId, userIds: [], ...(t ? { title: t } : {}) }));
      setTitle('');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={inline.form} onSubmit={(e) => void submit(e)} aria-label="Create a user group">
      <label className={inline.field}>
        <span>Title</span>
        <input value={title} maxLength={255} onChange={(e) => setTitle(e.target.value)} disabled={busy} />
      </label>
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Creating…' : 'Create group'}
      </Button>
      <ErrorMessage error={error} className={styles.error} />
    </form>
  );
}
