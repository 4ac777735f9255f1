import { Button, Modal } from '@cpq/ui';

/**
 * A confirmation with the spec's exact question: Confirm runs the action, Cancel (or Escape) does
 * nothing. While the action runs the buttons are disabled; its error stays in the dialog.
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
}: {
  question: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
  error?: string | null;
  title?: string;
}) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      testId="confirm-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button onClick={onConfirm} disabled={busy} data-autofocus>
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
