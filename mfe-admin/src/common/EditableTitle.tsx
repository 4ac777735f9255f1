import { useState } from 'react';
import { useDraft } from './useDraft.ts';
import styles from './admin.module.css';

/**
 * A detail page's heading the owner can edit in place: saved on Enter or when focus leaves, Escape
 * puts the saved title back. An empty title is not saved.
 */
export function EditableTitle({ value, onSave, label = 'Title' }: { value: string; onSave(title: string): Promise<unknown>; label?: string }) {
  const [text, setText] = useDraft(value);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    const title = text.trim();
    if (!title || title === value) {
      setText(value);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSave(title);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setText(value);
    } finally {
      setSaving(false);
    }
  };

  return (
    <h1 className={styles.title}>
      <input
        className={styles.titleInput}
        aria-label={label}
        value={text}
        maxLength={255}
        disabled={saving}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
          if (e.key === 'Escape') setText(value);
        }}
      />
      {error ? (
        <span role="alert" className={styles.fieldError}>
          {error}
        </span>
      ) : null}
    </h1>
  );
}
