import { useId, useState } from 'react';
import { useDraft } from '../common/useDraft.ts';
import styles from './products.module.css';

/**
 * A field saved when focus leaves it (or on Enter): `parse` turns the text into the value to store,
 * or a message saying why it cannot be stored. An unchanged text saves nothing; Escape puts the
 * stored value back.
 */
export function TextField<T>({
  label,
  value,
  parse,
  onSave,
  inputMode,
}: {
  label: string;
  value: string;
  parse(text: string): { ok: true; value: T } | { ok: false; message: string };
  onSave(value: T): Promise<boolean>;
  inputMode?: 'numeric' | 'text';
}) {
  const [text, setText] = useDraft(value);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const commit = async () => {
    if (text === value) {
      setError(null);
      return;
    }
    const parsed = parse(text);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    setBusy(true);
    const saved = await onSave(parsed.value);
    setBusy(false);
    if (!saved) setText(value);
  };

  return (
    <label className={styles.field}>
      <span>{label}</span>
      <input
        value={text}
        inputMode={inputMode}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => void commit()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
          if (e.key === 'Escape') {
            setText(value);
            setError(null);
          }
        }}
      />
      {error ? (
        <span id={errorId} role="alert" className={styles.error}>
          {error}
        </span>
      ) : null}
    </label>
  );
}

/** Text kept as typed (trimmed). */
export const asText = (text: string) => ({ ok: true as const, value: text.trim() });

/** A whole number (inventory may be negative: more sold than held). */
export function asInteger(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const t = text.trim();
  if (!/^-?\d{1,9}$/.test(t)) return { ok: false, message: 'Enter a whole number.' };
  return { ok: true, value: Number.parseInt(t, 10) };
}
