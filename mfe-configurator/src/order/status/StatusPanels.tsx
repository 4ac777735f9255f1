import { QuoteAcceptance } from '../acceptance/QuoteAcceptance.tsx';
import { useQuoteAcceptance } from '../acceptance/useQuoteAcceptance.ts';
import { PaymentPanel, showsPaymentPanel } from './PaymentPanel.tsx';
import { ActionRequired, FeedbackBox, PaymentReceived, SubmittedView } from './ReviewPanels.tsx';
import { showsSubmittedView } from './logic.ts';
import type { OrderStatusModel } from './useOrderStatus.ts';
import styles from './Status.module.css';

/**
 * The boxes the order's step calls for: feedback to act on, the review, the wait after submitting, the
 * quote's online acceptance once approved, the payment (which may wait for that acceptance).
 */
export function StatusPanels({ status }: { status: OrderStatusModel }) {
  // One acceptance state for the card and the payment panel: accepting unblocks the payment at once.
  const acceptance = useQuoteAcceptance(status);
  const { current, facts, employee, statuses } = status;
  if (!current) return null;
  const notes = current.type === 'orderStarted' ? facts.feedbackNotes?.trim() : '';
  const payment = showsPaymentPanel(status);
  const review = employee && current.type === 'submittedForApproval';
  const submitted = !employee && !payment && showsSubmittedView(statuses, current);
  const paid = status.paid;
  const accept = acceptance.shown;
  if (!notes && !payment && !review && !submitted && !paid && !accept) return null;
  return (
    <div className={styles.panels} data-testid="status-panels">
      {paid && <PaymentReceived amountInCents={paid.amountInCents} />}
      {notes && <ActionRequired notes={facts.feedbackNotes ?? ''} />}
      {review && <FeedbackBox status={status} />}
      {submitted && <SubmittedView status={status} />}
      {accept && <QuoteAcceptance model={acceptance} orgSpecificId={status.order.orgSpecificId} />}
      {/* A new step starts its payment afresh (method, amount, card intent). */}
      {payment && <PaymentPanel key={current.key} status={status} awaitsAcceptance={acceptance.paymentWaits} />}
    </div>
  );
}
