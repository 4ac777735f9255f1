import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@cpq/ui';
import { ApproveButton } from '../status/ReviewPanels.tsx';
import { showsPaymentPanel } from '../status/PaymentPanel.tsx';
import { StatusActions } from '../status/StatusActions.tsx';
import type { OrderStatusModel } from '../status/useOrderStatus.ts';
import styles from './PhoneActions.module.css';

/**
 * The order page's secondary actions behind one "More actions" button on a phone (a disclosure: the
 * button says whether it is open, Escape or a click elsewhere closes it and gives focus back). The
 * actions stay mounted while it is closed, so a dialog one of them opened stays open.
 */
export function MoreActions({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();

  // The panel hangs under the button, kept inside the window whatever the row's layout.
  useLayoutEffect(() => {
    const p = panel.current;
    if (!open || !p) return;
    p.style.translate = '';
    const r = p.getBoundingClientRect();
    const edge = 8;
    const shift = r.left < edge ? edge - r.left : r.right > window.innerWidth - edge ? window.innerWidth - edge - r.right : 0;
    if (shift) p.style.translate = `${shift}px 0`;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    // Focus goes to the first action as the panel opens.
    panel.current?.querySelector<HTMLElement>('button:not(:disabled), a[href], [tabindex="0"]')?.focus();
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!panel.current?.contains(t) && !button.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div
      className={styles.more}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close();
        }
      }}
    >
      <button type="button" className={styles.moreButton} ref={button} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)} data-testid="more-actions">
        More<span className={styles.srOnly}> actions</span> <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <div
        ref={panel}
        id={id}
        className={styles.panel}
        hidden={!open}
        data-testid="more-actions-panel"
        onClick={(e) => {
          // An action chosen closes the panel; focus stays where the action put it (a dialog), else back on "More".
          if (!(e.target as Element).closest('button, a')) return;
          setOpen(false);
          requestAnimationFrame(() => {
            const at = document.activeElement;
            if (!at || at === document.body || panel.current?.contains(at)) button.current?.focus();
          });
        }}
      >
        {children}
      </div>
    </div>
  );
}

/**
 * A phone's bar at the bottom of the screen: the order's total and its next step, in view however far
 * the page is scrolled. The next step is the status machine's: Submit (or Continue to Payment), Approve
 * for a reviewer, or the way to the payment panel at a payment step.
 */
export function PhoneBar({ status, total }: { status: OrderStatusModel; total: { label: string; text: string } | null }) {
  const next = nextStep(status);
  if (!total && !next) return null;
  return (
    <div className={styles.bar} data-testid="phone-bar">
      {total && (
        <p className={styles.total} data-testid="phone-bar-total">
          <span className={styles.totalLabel}>{total.label}</span> <strong>{total.text}</strong>
        </p>
      )}
      {next === 'submit' && <StatusActions status={status} part="primary" />}
      {next === 'approve' && <ApproveButton status={status} testId="phone-bar-approve" />}
      {next === 'pay' && (
        <Button onClick={goToPayment} data-testid="phone-bar-payment">
          Go to payment
        </Button>
      )}
    </div>
  );
}

type NextStep = 'submit' | 'approve' | 'pay' | null;

/** What the bar offers at the order's step (the same rules as the page's own buttons and panels). */
export function nextStep(status: OrderStatusModel): NextStep {
  if (status.allowed.has('submit')) return 'submit';
  if (status.employee && status.current?.type === 'submittedForApproval') return 'approve';
  if (showsPaymentPanel(status) && !status.pricingHidden) return 'pay';
  return null;
}

/** Brings the payment panel into view and puts focus on its first choice. */
function goToPayment() {
  const panel = document.querySelector<HTMLElement>('[data-testid="payment-panel"]');
  if (!panel) return;
  panel.scrollIntoView({ block: 'start' });
  const first = panel.querySelector<HTMLElement>('input:not(:disabled), button:not(:disabled), select, textarea');
  (first ?? panel).focus({ preventScroll: true });
}
