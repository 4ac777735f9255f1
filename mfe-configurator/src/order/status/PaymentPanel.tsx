import { useId } from 'react';
import {
  isShippedWithoutFinalPayment,
  manualPaymentMessage,
  PAYMENT_CONTACT_EMAIL_REQUIRED,
  PAYMENT_NEEDS_ACCEPTANCE,
  paymentBlock,
  paymentStepKey,
  statusTitle,
  SUBMIT_PROBLEMS,
  type SubmitProblemField,
} from '@cpq/domain';
import { AmountChoice } from './AmountChoice.tsx';
import { CardPayment } from './CardPayment.tsx';
import { orderHeading } from '../logic.ts';
import { PAYMENT_BY_OTHERS } from './logic.ts';
import { ManualPayment } from './ManualPayment.tsx';
import { PaymentBlocked } from './PaymentBlocked.tsx';
import { PaymentMethods } from './PaymentMethods.tsx';
import { PaymentProcessing } from './PaymentProcessing.tsx';
import { TestModeToggle } from './TestModeToggle.tsx';
import { usePayment } from './usePayment.ts';
import type { OrderStatusModel, SettingsFocus } from './useOrderStatus.ts';
import styles from './Status.module.css';

/** Whether the order is at a step that takes a payment now (a payment step, or shipped without its final payment). */
export function showsPaymentPanel(status: OrderStatusModel): boolean {
  if (!status.current) return false;
  return status.current.type === 'payment' || isShippedWithoutFinalPayment(status.statuses, status.options, status.facts);
}

/**
 * The payment panel. Where the organisation asks the customer to accept the quote before paying and
 * they have not, it offers no payment and says so: nothing is prepared (the server would refuse it),
 * and the accept card stands above it. Once accepted, the panel is the live one below.
 */
export function PaymentPanel({ status, awaitsAcceptance = false }: { status: OrderStatusModel; awaitsAcceptance?: boolean }) {
  return awaitsAcceptance ? <PaymentAwaitsAcceptance status={status} /> : <LivePaymentPanel status={status} />;
}

/**
 * The payment panel while the current quote waits for the customer's acceptance. A missing contact
 * detail is asked for first, as the server checks it first: those details are printed on the quote,
 * so adding one after accepting would make the quote a new revision to accept again.
 */
function PaymentAwaitsAcceptance({ status }: { status: OrderStatusModel }) {
  const headingId = useId();
  const { statuses, options, facts, current, order, rules } = status;
  const stepKey = paymentStepKey(statuses, options, facts);
  const step = statuses.find((s) => s.key === stepKey) ?? current;
  const title = step ? statusTitle(step, facts.isStocked) : '';
  const block = paymentBlock({
    phone: order.phone ?? null,
    deliveryAddress: order.deliveryAddress ?? null,
    clientEmails: order.clientEmails ?? null,
    requireContactEmail: rules.orderStatus?.paymentRequiresContactEmail ?? false,
  });
  // Focusable: the phone's "Go to payment" lands on the panel when it holds no control.
  return (
    <section className={`${styles.box} ${styles.payment}`} aria-labelledby={headingId} tabIndex={-1} data-testid="payment-panel" data-flow="awaitingAcceptance">
      <h2 id={headingId} className={styles.boxTitle}>
        Payment{title ? <span className={styles.boxSubtitle}> · {title}</span> : null}
      </h2>
      {block && <PaymentBlocked message={block} onEdit={() => status.openSettings(blockedField(block))} />}
      <PaymentBlocked message={PAYMENT_NEEDS_ACCEPTANCE} testId="payment-awaits-acceptance" messageTestId="payment-acceptance-message" />
    </section>
  );
}

/**
 * The live payment panel: blocked until the order has the contact details payment needs; otherwise the
 * payment methods, deposit or full payment, and the card form or the wire / cheque details. While a
 * card payment processes, it says so. The flow (the calls, the polling, what each answer means) is
 * the payment flow machine's (paymentFlow.ts), run with the person's choices by usePayment; the panel
 * only picks which views to draw.
 */
function LivePaymentPanel({ status }: { status: OrderStatusModel }) {
  const headingId = useId();
  const pay = usePayment(status);
  const { settings } = status;

  let body;
  if (pay.processing) {
    body = <PaymentProcessing />;
  } else if (pay.pricingHidden) {
    body = (
      <p className={styles.boxText} data-testid="payment-pricing-hidden">
        {PAYMENT_BY_OTHERS(settings.nickname?.trim() || status.org.title)}
      </p>
    );
  } else if (pay.paid) {
    // The order stays at this step (a balance still due at shipping): the thanks are in the panel's place.
    body = null;
  } else if (pay.block) {
    const message = pay.block;
    // The settings open at the detail the payment waits for, with the same sentence under it.
    body = <PaymentBlocked message={message} onEdit={() => status.openSettings(blockedField(message))} />;
  } else if (!pay.methods.length) {
    body = (
      <p className={styles.boxText} data-testid="manual-payment-message">
        {manualPaymentMessage(settings)}
      </p>
    );
  } else {
    body = (
      <>
        <PaymentMethods methods={pay.methods} method={pay.method} onChoose={pay.chooseMethod} disabled={pay.locked} name={`${headingId}-method`} />
        <AmountChoice pay={pay} name={`${headingId}-amount`} />
        {status.employee && pay.method === 'stripe' && <TestModeToggle on={pay.testMode} onChange={pay.setTestMode} disabled={pay.locked} />}
        {pay.method === 'stripe' ? <CardPayment pay={pay} /> : (pay.chosen || pay.thanked) && <ManualPayment pay={pay} reference={orderHeading(status.rules.wording.order, status.order.orgSpecificId)} />}
      </>
    );
  }

  return (
    <section className={`${styles.box} ${styles.payment}`} aria-labelledby={headingId} data-testid="payment-panel" data-flow={pay.flowState}>
      <h2 id={headingId} className={styles.boxTitle}>
        Payment{pay.title ? <span className={styles.boxSubtitle}> · {pay.title}</span> : null}
      </h2>
      {body}
    </section>
  );
}

/** The order detail a payment block names (the same sentences as the submit checks). */
function blockedField(message: string): SettingsFocus | undefined {
  const field: SubmitProblemField | null =
    message === SUBMIT_PROBLEMS.phone ? 'phone' : message === SUBMIT_PROBLEMS.deliveryAddress ? 'deliveryAddress' : message === PAYMENT_CONTACT_EMAIL_REQUIRED ? 'clientEmails' : null;
  return field ? { field, message } : undefined;
}
