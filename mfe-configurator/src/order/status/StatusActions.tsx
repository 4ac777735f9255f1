import { useId, useState } from 'react';
import { submitButtonLabel } from '@cpq/domain';
import { Button, Modal } from '@cpq/ui';
import { CANCEL_ORDER, REOPEN, REOPEN_HELP, REOPEN_REASON, REOPEN_REASON_NEEDED } from './logic.ts';
import type { OrderStatusModel } from './useOrderStatus.ts';
import styles from './Status.module.css';

/**
 * Submit (stocked orders: "Continue to Payment"), Cancel Order and, for staff, Reopen for changes, among the page's controls, when the flow allows them.
 * `part` draws only Submit ('primary') or only the others ('secondary'): a phone puts them in different places.
 */
export function StatusActions({ status, part = 'all', onReopen }: { status: OrderStatusModel; part?: 'all' | 'primary' | 'secondary'; /** Opens the reopen dialog the page keeps (it outlives a switch between phone and desktop layouts); without it, this draws its own. */ onReopen?: () => void }) {
  const { allowed, busy, stocked } = status;
  const label = submitButtonLabel(stocked);
  const [ownReopening, setOwnReopening] = useState(false);
  const setReopening = onReopen ? (open: boolean) => open && onReopen() : setOwnReopening;
  const reopening = !onReopen && ownReopening;
  const secondary = part !== 'primary';
  const primary = part !== 'secondary';
  return (
    <>
      {secondary && allowed.has('reopen') && (
        <Button variant="secondary" onClick={() => setReopening(true)} disabled={busy !== null} aria-busy={busy === 'reopen'} data-testid="reopen-order">
          {busy === 'reopen' ? 'Reopening…' : REOPEN}
        </Button>
      )}
      {secondary && allowed.has('cancel') && (
        <Button variant="secondary" onClick={() => void status.cancel()} disabled={busy !== null} aria-busy={busy === 'cancel'} data-testid="cancel-order">
          {busy === 'cancel' ? 'Cancelling…' : CANCEL_ORDER}
        </Button>
      )}
      {primary && allowed.has('submit') && (
        <Button onClick={() => void status.submit()} disabled={busy !== null} aria-busy={busy === 'submit'} data-testid="submit-order" data-tour="submit" data-primary-action>
          {busy === 'submit' ? 'Submitting…' : label}
        </Button>
      )}
      {reopening && <ReopenDialog status={status} onClose={() => setReopening(false)} />}
    </>
  );
}

/** Asks staff why the order is reopened; the reason is required. */
export function ReopenDialog({ status, onClose }: { status: OrderStatusModel; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const id = useId();
  const busy = status.busy === 'reopen';
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      document.getElementById(id)?.focus();
      return;
    }
    if (await status.reopen(reason.trim())) onClose();
  };
  return (
    <Modal title={REOPEN} onClose={onClose} testId="reopen-dialog">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <p className={styles.boxText} id={`${id}-help`}>
          {REOPEN_HELP}
        </p>
        <label htmlFor={id} className={styles.reopenLabel}>
          {REOPEN_REASON}
        </label>
        <textarea
          id={id}
          className={styles.textarea}
          rows={4}
          maxLength={5000}
          value={reason}
          required
          onChange={(e) => {
            setReason(e.target.value);
            if (e.target.value.trim()) setMissing(false);
          }}
          aria-invalid={missing}
          aria-describedby={missing ? `${id}-help ${id}-error` : `${id}-help`}
          data-testid="reopen-reason"
          data-autofocus
        />
        {missing && (
          <p id={`${id}-error`} className={styles.fieldError} role="alert" data-testid="reopen-error">
            {REOPEN_REASON_NEEDED}
          </p>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Keep it locked
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy} data-testid="reopen-submit">
            {busy ? 'Reopening…' : REOPEN}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
