import { useId, useState } from 'react';
import { Button } from '@cpq/ui';
import { formatCents, ORDER_SUBMITTED, PENDING_REVIEW, REQUEST_STATUS_UPDATE } from '@cpq/domain';
import { ACTION_REQUIRED, APPROVE, FEEDBACK_FOR_CUSTOMER, FEEDBACK_NEEDED, REQUIRES_CHANGES } from './logic.ts';
import type { OrderStatusModel } from './useOrderStatus.ts';
import styles from './Status.module.css';

/** What a customer sees once the order is submitted: it waits for the organisation. */
export function SubmittedView({ status }: { status: OrderStatusModel }) {
  const nickname = status.settings.nickname?.trim() || status.org.title;
  const busy = status.busy === 'requestStatusUpdate';
  return (
    <section className={styles.box} aria-labelledby="cfg-submitted-heading" data-testid="submitted-view">
      <h2 id="cfg-submitted-heading" className={styles.boxTitle}>
        {ORDER_SUBMITTED}
      </h2>
      <p className={styles.boxText} data-testid="pending-review">
        {PENDING_REVIEW(nickname)}
      </p>
      <Button variant="secondary" onClick={() => void status.requestStatusUpdate()} disabled={status.busy !== null} aria-busy={busy} data-testid="request-status-update">
        {busy ? 'Requesting…' : REQUEST_STATUS_UPDATE}
      </Button>
    </section>
  );
}

/** Owners and members review a submitted order: approve it, or send it back with feedback for the customer. */
export function FeedbackBox({ status }: { status: OrderStatusModel }) {
  const [notes, setNotes] = useState('');
  const [missing, setMissing] = useState(false);
  const id = useId();
  const { busy } = status;
  const requireChanges = async () => {
    if (!notes.trim()) {
      setMissing(true);
      document.getElementById(id)?.focus();
      return;
    }
    if (await status.requireChanges(notes.trim())) setNotes('');
  };
  return (
    <section className={styles.box} aria-labelledby={`${id}-heading`} data-testid="feedback-box">
      <h2 id={`${id}-heading`} className={styles.boxTitle}>
        <label htmlFor={id}>{FEEDBACK_FOR_CUSTOMER}</label>
      </h2>
      <textarea
        id={id}
        className={styles.textarea}
        rows={4}
        maxLength={5000}
        value={notes}
        onChange={(e) => {
          setNotes(e.target.value);
          if (e.target.value.trim()) setMissing(false);
        }}
        aria-invalid={missing}
        {...(missing ? { 'aria-describedby': `${id}-error` } : {})}
        data-testid="feedback-notes"
      />
      {missing && (
        <p id={`${id}-error`} className={styles.fieldError} role="alert" data-testid="feedback-error">
          {FEEDBACK_NEEDED}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void requireChanges()} disabled={busy !== null} aria-busy={busy === 'requireChanges'} data-testid="requires-changes">
          {busy === 'requireChanges' ? 'Sending…' : REQUIRES_CHANGES}
        </Button>
        <ApproveButton status={status} testId="approve-order" />
      </div>
    </section>
  );
}

/**
 * A reviewer's Approve. One component for every place that offers it (the feedback box, a phone's
 * bar), so each copy reads and does the same; each is the order's primary action for the skip link.
 */
export function ApproveButton({ status, testId }: { status: OrderStatusModel; testId: string }) {
  const { busy } = status;
  return (
    <Button onClick={() => void status.approve()} disabled={busy !== null} aria-busy={busy === 'approve'} data-testid={testId} data-primary-action>
      {busy === 'approve' ? 'Approving…' : APPROVE}
    </Button>
  );
}

/** The organisation's feedback on an order sent back for changes. */
export function ActionRequired({ notes }: { notes: string }) {
  return (
    <section className={`${styles.box} ${styles.boxWarning}`} aria-labelledby="cfg-action-required-heading" role="note" data-testid="action-required">
      <h2 id="cfg-action-required-heading" className={styles.boxTitle}>
        {ACTION_REQUIRED}
      </h2>
      <p className={styles.notes} data-testid="action-required-notes">
        {notes}
      </p>
    </section>
  );
}

/** A card payment this page saw go through. */
export function PaymentReceived({ amountInCents }: { amountInCents: number }) {
  return (
    <section className={`${styles.box} ${styles.boxSuccess}`} aria-labelledby="cfg-payment-received-heading" role="status" data-testid="payment-paid">
      <h2 id="cfg-payment-received-heading" className={styles.boxTitle}>
        Payment received
      </h2>
      <p className={styles.boxText}>
        Thank you. We received your payment of <strong data-testid="paid-amount">{formatCents(amountInCents)}</strong>.
      </p>
    </section>
  );
}
