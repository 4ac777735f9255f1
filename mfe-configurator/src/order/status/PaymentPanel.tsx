import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  amountChoices,
  CARD_UPCHARGE_THRESHOLD_CENTS,
  cardUpcharge,
  formatCents,
  isShippedWithoutFinalPayment,
  manualPaymentMessage,
  payButtonLabel,
  paymentBlock,
  paymentMethodChoices,
  paymentStepKey,
  PAY_DEPOSIT_ONLY,
  PAY_IN_FULL,
  PROCESSING_TEXTS,
  statusTitle,
  THANK_YOU_TEXTS,
  type PaymentEnvironment,
} from '@cpq/domain';
import { Button } from '@cpq/ui';
import {
  CARD_INCOMPLETE,
  cardInput,
  CONFIRM_PAYMENT,
  EDIT_ORDER_DETAILS,
  FINAL_PAYMENT_DUE,
  methodDetails,
  PAYMENT_BY_OTHERS,
  readPaymentEnvironment,
  TEST_MODE,
  upchargePercentText,
  writePaymentEnvironment,
} from './logic.ts';
import { intentKeyOf, paymentFlowMachine, type PaymentMethodKey, type PaymentPage, type PaymentTerms } from './paymentFlow.ts';
import type { OrderStatusModel } from './useOrderStatus.ts';
import styles from './Status.module.css';

/** Whether the order is at a step that takes a payment now (a payment step, or shipped without its final payment). */
export function showsPaymentPanel(status: OrderStatusModel): boolean {
  if (!status.current) return false;
  return status.current.type === 'payment' || isShippedWithoutFinalPayment(status.statuses, status.options, status.facts);
}

/**
 * The payment panel: blocked until the order has the contact details payment needs; otherwise the
 * payment methods, deposit or full payment, and the card form or the wire / cheque details. While a
 * card payment processes, it says so. The flow (the calls, the polling, what each answer means) is
 * the payment flow machine's (paymentFlow.ts); the panel draws it and sends what the person does.
 */
export function PaymentPanel({ status }: { status: OrderStatusModel }) {
  const { order, facts, settings, statuses, options, rules, employee, guestMode, current } = status;
  const headingId = useId();
  const processing = facts.isProcessingPayment === 1;
  const stepKey = paymentStepKey(statuses, options, facts);
  const entry = stepKey ? facts.statusData[stepKey] : undefined;
  const awaited = (entry?.awaitingPaymentMethod ?? current?.awaitingPaymentMethod ?? null) as PaymentMethodKey | null;
  const shippedWithoutFinalPayment = isShippedWithoutFinalPayment(statuses, options, facts);

  const methods = useMemo(() => paymentMethodChoices(settings.paymentMethods, { employee }), [settings.paymentMethods, employee]);
  const choices = amountChoices(facts);
  const [payDeposit, setPayDeposit] = useState(true);
  const payInFull = choices.deposit === null || !payDeposit;
  const amount = payInFull ? choices.full : (choices.deposit ?? choices.full);
  const stripe = methods.find((m) => m.key === 'stripe');

  // Test mode is for employees: everyone else pays live.
  const [storedEnv, setStoredEnv] = useState<PaymentEnvironment>(readPaymentEnvironment);
  const env: PaymentEnvironment = employee ? storedEnv : 'live';

  const block = paymentBlock({
    phone: order.phone ?? null,
    deliveryAddress: order.deliveryAddress ?? null,
    clientEmails: order.clientEmails ?? null,
    requireContactEmail: rules.orderStatus?.paymentRequiresContactEmail ?? false,
  });

  const terms: PaymentTerms = {
    productOrderId: order.id,
    orgId: status.org.id,
    orderOrgSpecificId: order.orgSpecificId,
    amount,
    cardUpcharge: cardUpcharge(amount, stripe),
    payInFull,
    env,
    guestMode,
    shippedWithoutFinalPayment,
    stepKey,
    seen: status.seen,
    updatesIntent: (rules.orderStatus?.updateIntentOnMethodChange ?? false) && amount > CARD_UPCHARGE_THRESHOLD_CENTS,
    ready: !block && !processing && stepKey !== null && !status.pricingHidden,
  };
  // The flow acts on the page as it is when it acts.
  const page = useRef<PaymentPage>(status);
  page.current = status;
  // The method awaited (a wire or cheque announced) is the one shown; otherwise the preferred one, listed first.
  const [flow, send] = useMachine(paymentFlowMachine, {
    input: {
      method: awaited ?? (methods[0]?.key as PaymentMethodKey | undefined) ?? null,
      isProcessingPayment: facts.isProcessingPayment,
      awaitingPaymentMethod: awaited,
      terms,
      page: () => page.current,
    },
  });
  const termsKey = JSON.stringify(terms);
  useEffect(() => {
    send({ type: 'TERMS', terms: JSON.parse(termsKey) as PaymentTerms });
  }, [termsKey, send]);
  useEffect(() => {
    if (processing) send({ type: 'ORDER_PROCESSING' });
  }, [processing, send]);

  const method = flow.context.method;
  const upcharge = method === 'stripe' ? terms.cardUpcharge : 0;
  const intent = flow.context.intent;
  const sending = flow.matches('confirming') || flow.matches('confirmingManual');

  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [cardProblem, setCardProblem] = useState(false);

  const chooseMethod = (next: PaymentMethodKey) => send({ type: 'CHOOSE_METHOD', method: next });
  const payByCard = () => {
    const card = cardInput(cardNumber, expiry, cvc);
    setCardProblem(!card);
    if (card) send({ type: 'PAY', card });
  };

  // The step the payment is for (after shipping without the final payment: that payment step, not "Shipped").
  const step = statuses.find((s) => s.key === stepKey) ?? current;
  const title = step ? statusTitle(step, facts.isStocked) : '';
  let body;
  if (processing) {
    body = (
      <div className={styles.processing} role="status" data-testid="payment-processing">
        {PROCESSING_TEXTS.map((t, i) => (
          <p key={i} className={i === 0 ? styles.processingLead : undefined}>
            {t}
          </p>
        ))}
      </div>
    );
  } else if (status.pricingHidden) {
    body = (
      <p className={styles.boxText} data-testid="payment-pricing-hidden">
        {PAYMENT_BY_OTHERS(settings.nickname?.trim() || status.org.title)}
      </p>
    );
  } else if (flow.matches('paid')) {
    // The order stays at this step (a balance still due at shipping): the thanks are in the panel's place.
    body = null;
  } else if (block) {
    body = (
      <div className={styles.blocked} data-testid="payment-blocked">
        <p role="alert" data-testid="payment-block-message">
          {block}
        </p>
        <Button variant="secondary" onClick={status.openSettings} data-testid="payment-edit-details">
          {EDIT_ORDER_DETAILS}
        </Button>
      </div>
    );
  } else if (!methods.length) {
    body = (
      <p className={styles.boxText} data-testid="manual-payment-message">
        {manualPaymentMessage(settings)}
      </p>
    );
  } else {
    const chosen = methods.find((m) => m.key === method);
    const thanked = flow.matches('awaitingManual');
    const locked = sending || thanked;
    const fee = upchargePercentText(stripe?.props);
    const intentReady = intent !== null && intent.forKey === intentKeyOf(terms) && (flow.matches('enteringCard') || (flow.matches('failed') && method === 'stripe'));
    const failedMessage = flow.matches('failed') ? flow.context.message : null;
    body = (
      <>
        <fieldset className={styles.fieldset} disabled={locked}>
          <legend className={styles.legend}>Payment method</legend>
          <div className={styles.radios} data-testid="payment-methods">
            {methods.map((m) => (
              <label key={m.key} className={styles.radio}>
                <input type="radio" name={`${headingId}-method`} value={m.key} checked={method === m.key} onChange={() => chooseMethod(m.key as PaymentMethodKey)} data-testid={`method-${m.key}`} />
                {m.label}
              </label>
            ))}
          </div>
        </fieldset>

        {choices.deposit !== null ? (
          <fieldset className={styles.fieldset} disabled={locked}>
            <legend className={styles.legend}>Amount</legend>
            <div className={styles.radios}>
              <label className={styles.radio}>
                <input type="radio" name={`${headingId}-amount`} checked={!payInFull} onChange={() => setPayDeposit(true)} data-testid="pay-deposit" />
                <span>
                  {PAY_DEPOSIT_ONLY} <strong data-testid="deposit-amount">{formatCents(choices.deposit)}</strong>
                  <span className={styles.hint}>{FINAL_PAYMENT_DUE}</span>
                </span>
              </label>
              <label className={styles.radio}>
                <input type="radio" name={`${headingId}-amount`} checked={payInFull} onChange={() => setPayDeposit(false)} data-testid="pay-full" />
                <span>
                  {PAY_IN_FULL} <strong data-testid="full-amount">{formatCents(choices.full)}</strong>
                </span>
              </label>
            </div>
          </fieldset>
        ) : (
          <p className={styles.amountLine}>
            Amount due: <strong data-testid="amount-due">{formatCents(amount)}</strong>
          </p>
        )}

        {employee && method === 'stripe' && (
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={storedEnv === 'test'}
              onChange={(e) => {
                const next = e.target.checked ? 'test' : 'live';
                writePaymentEnvironment(next);
                setStoredEnv(next);
              }}
              disabled={locked}
              data-testid="test-mode"
            />
            {TEST_MODE}
          </label>
        )}

        {method === 'stripe' ? (
          <CardForm number={cardNumber} expiry={expiry} cvc={cvc} onNumber={setCardNumber} onExpiry={setExpiry} onCvc={setCvc} problem={cardProblem} disabled={locked}>
            {upcharge > 0 && (
              <p className={styles.amountLine} data-testid="card-upcharge">
                Card processing fee{fee ? ` (${fee})` : ''}: <strong>{formatCents(upcharge)}</strong>
              </p>
            )}
            {failedMessage && (
              <p className={styles.fieldError} role="alert" data-testid="payment-error">
                {failedMessage}
              </p>
            )}
            {failedMessage && !intentReady ? (
              <Button variant="secondary" onClick={() => send({ type: 'RETRY' })} data-testid="payment-retry">
                Try again
              </Button>
            ) : (
              <Button onClick={payByCard} disabled={locked || !intentReady} aria-busy={locked} data-testid="pay-button">
                {locked ? 'Processing…' : intentReady ? payButtonLabel(amount + upcharge) : 'Preparing payment…'}
              </Button>
            )}
          </CardForm>
        ) : (
          (chosen || thanked) && (
            <div className={styles.manual} data-testid="manual-method">
              {methodDetails(chosen?.props).length > 0 && (
                <dl className={styles.details} data-testid="method-details">
                  {methodDetails(chosen?.props).map((d) => (
                    <div key={d.label}>
                      <dt>{d.label}</dt>
                      <dd>{d.value}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {thanked ? (
                <div className={styles.thanks} role="status" data-testid="payment-thanks">
                  {THANK_YOU_TEXTS.map((t, i) => (
                    <p key={i}>{t}</p>
                  ))}
                </div>
              ) : (
                chosen && (
                  <Button onClick={() => send({ type: 'CONFIRM_MANUAL' })} disabled={sending} aria-busy={sending} data-testid="confirm-payment">
                    {sending ? 'Confirming…' : CONFIRM_PAYMENT}
                  </Button>
                )
              )}
            </div>
          )
        )}
      </>
    );
  }

  return (
    <section className={`${styles.box} ${styles.payment}`} aria-labelledby={headingId} data-testid="payment-panel" data-flow={String(flow.value)}>
      <h2 id={headingId} className={styles.boxTitle}>
        Payment{title ? <span className={styles.boxSubtitle}> · {title}</span> : null}
      </h2>
      {body}
    </section>
  );
}

function CardForm(props: {
  number: string;
  expiry: string;
  cvc: string;
  onNumber: (v: string) => void;
  onExpiry: (v: string) => void;
  onCvc: (v: string) => void;
  problem: boolean;
  disabled: boolean;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.card} data-testid="card-form">
      <div className={styles.cardFields}>
        <label className={`${styles.field} ${styles.fieldWide}`} htmlFor={`${id}-number`}>
          <span>Card number</span>
          <input
            id={`${id}-number`}
            className={styles.input}
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={23}
            value={props.number}
            onChange={(e) => props.onNumber(e.target.value.replace(/[^\d ]/g, ''))}
            disabled={props.disabled}
            aria-invalid={props.problem}
            data-testid="card-number"
          />
        </label>
        <label className={styles.field} htmlFor={`${id}-exp`}>
          <span>MM / YY</span>
          <input
            id={`${id}-exp`}
            className={styles.input}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            maxLength={7}
            value={props.expiry}
            onChange={(e) => props.onExpiry(e.target.value.replace(/[^\d /]/g, ''))}
            disabled={props.disabled}
            aria-invalid={props.problem}
            data-testid="card-expiry"
          />
        </label>
        <label className={styles.field} htmlFor={`${id}-cvc`}>
          <span>CVC</span>
          <input
            id={`${id}-cvc`}
            className={styles.input}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={props.cvc}
            onChange={(e) => props.onCvc(e.target.value.replace(/\D/g, ''))}
            disabled={props.disabled}
            aria-invalid={props.problem}
            data-testid="card-cvc"
          />
        </label>
      </div>
      {props.problem && (
        <p className={styles.fieldError} role="alert" data-testid="card-problem">
          {CARD_INCOMPLETE}
        </p>
      )}
      {props.children}
    </div>
  );
}
