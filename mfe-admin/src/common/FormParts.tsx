import type { ReactNode } from 'react';
import { Button } from '@cpq/ui';
import forms from './forms.module.css';

/** A labelled control of an admin form: the label text above the control it wraps. */
export function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <label className={forms.field}>
      <span>{label}</span>
      {children}
    </label>
  );
}

/** A message saying why something failed, read out when it appears (nothing when there is none). */
export function ErrorMessage({ error, prefix, className = forms.error }: { error: string | null | undefined; prefix?: string; className?: string }) {
  return error ? (
    <p role="alert" className={className}>
      {prefix}
      {error}
    </p>
  ) : null;
}

/**
 * Cancel and Save at the foot of a popup, after any extra buttons (`children`). Save submits the
 * form named by `form`, or calls `onSave`; both are disabled while saving.
 */
export function SaveFooter({
  saving,
  onCancel,
  form,
  onSave,
  disabled,
  children,
}: {
  saving: boolean;
  onCancel(): void;
  form?: string;
  onSave?(): void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      {children}
      <Button variant="secondary" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type={form ? 'submit' : 'button'} form={form} onClick={onSave} disabled={saving || disabled}>
        {saving ? 'Saving…' : 'Save'}
      </Button>
    </>
  );
}
