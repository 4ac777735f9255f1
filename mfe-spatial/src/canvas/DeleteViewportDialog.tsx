import { Button, Modal } from '@cpq/ui';

/** Asks before a viewport is deleted, and says what goes with it. */
export function DeleteViewportDialog({ title, onCancel, onConfirm }: { title: string | undefined; onCancel: () => void; onConfirm: () => void }) {
  const footer = (
    <>
      {/* A deletion: Cancel has the focus (decision 0093). */}
      <Button variant="secondary" onClick={onCancel} data-autofocus>
        Cancel
      </Button>
      <Button onClick={onConfirm}>Delete viewport</Button>
    </>
  );
  return (
    <Modal title="Delete this viewport?" onClose={onCancel} testId="confirm-delete-viewport" footer={footer}>
      <p>“{title}” and the murals, texts and lines drawn in it will be deleted. Items placed in it stay in the order.</p>
    </Modal>
  );
}
