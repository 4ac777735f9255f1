import { Button, Modal } from '@cpq/ui';

/**
 * A confirmation with the spec's exact question: Confirm runs the action, Cancel (or Escape) does
 * nothing. While the action runs the buttons are disabled; its error stays in the dialog.
 * Confirm has the focus, so Enter does what was asked; a destructive one (a deletion) focuses
 * Cancel instead (docs/decisions/0093-confirmation-focus.md).
 */
export function ConfirmDialog({
  question,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  busy,
  error,
  title = 'Please confirm',
  destructive = false,
}: {
  question: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
  error?: string | null;
  title?: string;
  /** Confirm deletes or undoes something that cannot be got back. */
  destructive?: boolean;
}) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      testId="confirm-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} {...(destructive ? { 'data-autofocus': true } : {})}>
            {cancelLabel}
          </Button>
          <Button onClick={onConfirm} disabled={busy} {...(destructive ? {} : { 'data-autofocus': true })}>
            {busy ? 'Working…' : confirmLabel}
          </Button>
        </>
      }
    >
      <p>{question}</p>
      {error ? <p role="alert">{error}</p> : null}
    </Modal>
  );
}
