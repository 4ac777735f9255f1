import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { FieldSave } from './useOrderSaver.ts';
import styles from './OrderSettingsDialog.module.css';

/**
 * The line under a field: its hint, or its save state and the server's message; or why a submit
 * check sent the person to this field (`problem`, shown until the field passes and saves).
 */
export function FieldNote({ id, state, hint, problem }: { id: string; state: FieldSave | undefined; hint?: ReactNode; problem?: string }) {
  if (problem && state?.status !== 'error' && state?.status !== 'saving') {
    return (
      <p id={id} className={styles.fieldError} role="alert" data-testid="field-problem">
        {problem}
      </p>
    );
  }
  if (state?.status === 'error') {
    return (
      <p id={id} className={styles.fieldError} role="alert">
        {state.message}
      </p>
    );
  }
  return (
    <p id={id} className={styles.fieldNote} aria-live="polite">
      {state?.status === 'saving' ? 'Saving…' : state?.status === 'saved' ? 'Saved' : hint}
    </p>
  );
}

/**
 * A draft of a stored value: follows the stored value while the user is not editing it, and is saved
 * (by the caller) when the field loses focus or Enter is pressed.
 */
export function useDraft(stored: string) {
  const [draft, setDraft] = useState(stored);
  const editing = useRef(false);
  useEffect(() => {
    if (!editing.current) setDraft(stored);
  }, [stored]);
  return {
    draft,
    setDraft,
    onFocus: () => {
      editing.current = true;
    },
    done: () => {
      editing.current = false;
    },
  };
}

export interface TextInputProps {
  label: string;
  stored: string;
  state: FieldSave | undefined;
  /** Called with the draft when the field is left with a changed value. */
  onCommit(draft: string): void;
  /** Rewrites what is typed (e.g. the order title's symbols become spaces). */
  filter?: (typed: string) => string;
  type?: 'text' | 'email' | 'tel' | 'url' | 'date';
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'url' | 'decimal' | 'numeric';
  maxLength?: number;
  hint?: ReactNode;
  readOnly?: boolean;
  multiline?: boolean;
  wide?: boolean;
  testId?: string;
  autoFocus?: boolean;
  placeholder?: string;
  /** Why a submit check sent the person here (shown under the field, which is marked invalid). */
  problem?: string;
}

/** A labelled input saved on blur (or Enter), with its save state and message beside it. */
export function TextInput(p: TextInputProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const { draft, setDraft, onFocus, done } = useDraft(p.stored);
  const commit = () => {
    done();
    if (draft !== p.stored) p.onCommit(draft);
  };
  const common = {
    id,
    value: draft,
    readOnly: p.readOnly,
    maxLength: p.maxLength,
    placeholder: p.placeholder,
    'aria-describedby': noteId,
    'aria-invalid': p.state?.status === 'error' || p.problem ? true : undefined,
    'data-testid': p.testId,
    onFocus,
    onBlur: commit,
  } as const;
  return (
    <div className={`${styles.field} ${p.wide || p.multiline ? styles.wideField : ''}`}>
      <label htmlFor={id} className={styles.label}>
        {p.label}
      </label>
      {p.multiline ? (
        <textarea {...common} className={styles.textarea} rows={3} onChange={(e) => setDraft(e.target.value)} />
      ) : (
        <input
          {...common}
          className={styles.input}
          type={p.type ?? 'text'}
          autoComplete={p.autoComplete ?? 'off'}
          inputMode={p.inputMode}
          data-autofocus={p.autoFocus ? true : undefined}
          onChange={(e) => setDraft(p.filter ? p.filter(e.target.value) : e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            }
          }}
        />
      )}
      <FieldNote id={noteId} state={p.state} hint={p.hint} problem={p.problem} />
    </div>
  );
}

/** A read-only value shown as text (a field the user may see but not change). */
export function ReadOnlyValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className={styles.field}>
      <span className={styles.label}>{label}</span>
      <span className={styles.readOnly} data-testid={testId}>
        {value || '—'}
      </span>
    </div>
  );
}
