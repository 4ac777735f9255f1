import { useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { Button, Modal } from '@cpq/ui';
import { ConfirmDialog, errorText, resources } from '../common/index.ts';
import forms from '../common/forms.module.css';
import { GROUPS_HREF, GROUP_KEY, type GroupRow } from './types.ts';

/** A group's settings popup: Delete, after confirmation, deletes the group and goes back to the list. */
export function GroupSettings({ group, onClose }: { group: GroupRow; onClose(): void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const destroy = async () => {
    setBusy(true);
    setError(null);
    try {
      await resources.destroy(GROUP_KEY, group.id);
      navigateToUrl(GROUPS_HREF);
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  if (confirming) {
    return (
      <ConfirmDialog
        destructive
        question="Are you sure you want to delete this property group?"
        confirmLabel="Delete"
        onConfirm={() => void destroy()}
        onCancel={() => {
          setConfirming(false);
          setError(null);
        }}
        busy={busy}
        error={error}
      />
    );
  }
  return (
    <Modal
      title="Property group settings"
      onClose={onClose}
      testId="group-settings"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <p className={forms.hint}>Deleting the group keeps its properties; they just leave the group.</p>
      <Button onClick={() => setConfirming(true)}>Delete</Button>
    </Modal>
  );
}
