import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { api } from '@cpq/client';
import {
  amountChoices,
  CARD_UPCHARGE_THRESHOLD_CENTS,
  cardPaymentMachine,
  cardUpcharge,
  formatCents,
  isShippedWithoutFinalPayment,
  manualPaymentMessage,
  PAYMENT_POLL_MS,
  payButtonLabel,
  paymentBlock,
  paymentMethodChoices,
  paymentStepKey,
  PAY_DEPOSIT_ONLY,
  PAY_IN_FULL,
  PROCESSING_TEXTS,
  statusTitle,
  THANK_YOU_TEXTS,
  type OrderStatusResponse,
  type PaymentEnvironment,
} from '@cpq/domain';
import { Button } from '@cpq/ui';
import { errorMessage } from '../../shared/errors.ts';
import {
  CARD_INCOMPLETE,
  cardInput,
  CONFIRM_PAYMENT,
  EDIT_ORDER_DETAILS,
  FINAL_PAYMENT_DUE,
  methodDetails,
  PAYMENT_BY_OTHERS,
  readPaymentEnvironment,
  statusFieldsOf,
  TEST_MODE,
  upchargePercentText,
  writePaymentEnvironment,
} from './logic.ts';
import { UNSAVED_CHANGES, type OrderStatusModel } from './useOrderStatus.ts';
import styles from './Status.module.css';

type MethodKey = 'stripe' | 'wire' | 'checkByMail';
interface Intent {
  id: string;
  /** What the intent was made for: a change of amount or environment needs another. */
  forKey: string;
}

/** Whether the order is at a step that takes a payment now (a payment step, or shipped without its final payment). */
export function showsPaymentPanel(status: OrderStatusModel): boolean {
  if (!status.current) return false;
  return status.current.type === 'payment' || isShippedWithoutFinalPayment(status.statuses, status.options, status.facts);
}

/**
 * The payment panel: blocked until the order has the contact details payment needs; otherwise the
 * payment methods, deposit or full payment, and the card form or the wire / cheque details. While a
 * card payment processes, it says so and reads the order again every few seconds.
 */
export function PaymentPanel({ status }: { status: OrderStatusModel }) {
  const { order, facts, settings, statuses, options, rules, employee, guestMode, current } = status;
  const headingId = useId();
  const processing = facts.isProcessingPayment === 1;
  const stepKey = paymentStepKey(statuses, options, facts);
  const entry = stepKey ? facts.statusData[stepKey] : undefined;
  const awaited = (entry?.awaitingPaymentMethod ?? current?.awaitingPaymentMethod ?? null) as MethodKey | null;
  const shippedWithoutFinalPayment = isShippedWithoutFinalPayment(statuses, options, facts);

  const methods = useMemo(() => paymentMethodChoices(settings.paymentMethods, { employee }), [settings.paymentMethods, employee]);
  // The method awaited (a wire or cheque announced) is the one shown; otherwise the preferred one, listed first.
  const [flow, send] = useMachine(cardPaymentMachine, {
    input: { method: awaited ?? (methods[0]?.key as MethodKey | undefined) ?? null, isProcessingPayment: facts.isProcessingPayment, awaitingPaymentMethod: awaited },
  });
  const method = flow.context.method;
  const choices = amountChoices(facts);
  const [payDeposit, setPayDeposit] = useState(true);
  const payInFull = choices.deposit === null || !payDeposit;
  const amount = payInFull ? choices.full : (choices.deposit ?? choices.full);
  const stripe = methods.find((m) => m.key === 'stripe');
  const upcharge = method === 'stripe' ? cardUpcharge(amount, stripe) : 0;

  // Test mode is for employees: everyone else pays live.
  const [storedEnv, setStoredEnv] = useState<PaymentEnvironment>(readPaymentEnvironment);
  const env: PaymentEnvironment = employee ? storedEnv : 'live';

  const block = paymentBlock({
    phone: order.phone ?? null,
    deliveryAddress: order.deliveryAddress ?? null,
    clientEmails: order.clientEmails ?? null,
    requireContactEmail: rules.orderStatus?.paymentRequiresContactEmail ?? false,
  });

  const [intent, setIntent] = useState<Intent | null>(null);
  const [pollIntentId, setPollIntentId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const intentKey = `${payInFull ? 'full' : 'deposit'}:${env}`;
  const intentFlags = { isGuestMode: guestMode, payInFull, paymentEnvironment: env, shippedWithoutFinalPayment };
  const updatesIntent = (rules.orderStatus?.updateIntentOnMethodChange ?? false) && amount > CARD_UPCHARGE_THRESHOLD_CENTS;
  const updateIntent = (id: string, isCardPayment: boolean) =>
    api.updateStripePaymentIntent({ productOrderId: order.id, paymentIntentId: id, isCardPayment, paymentAmount: amount + (isCardPayment ? cardUpcharge(amount, stripe) : 0), ...intentFlags });

  // The card chosen (at first, or again) with nothing blocking: get its intent ready.
  const ready = !block && !processing && stepKey !== null && !status.pricingHidden;
  useEffect(() => {
    if (ready && method === 'stripe' && flow.matches('idle')) send({ type: 'CHOOSE_METHOD', method: 'stripe' });
  }, [ready, method, flow, send]);
  // Another amount or environment needs another intent.
  useEffect(() => {
    if (method === 'stripe' && intent && intent.forKey !== intentKey && (flow.matches('enteringCard') || flow.matches('failed'))) send({ type: 'CHOOSE_METHOD', method: 'stripe' });
  }, [intentKey, intent, method, flow, send]);

  const creating = flow.matches('creatingIntent');
  useEffect(() => {
    if (!creating || !ready) return;
    let live = true;
    const kept = intent?.forKey === intentKey ? intent : null;
    // An intent made for this amount is used again (its card fee brought back where the organisation wants it).
    const answer = kept
      ? (updatesIntent ? updateIntent(kept.id, true) : Promise.resolve(null)).then(() => kept)
      : api.createStripePaymentIntent({ productOrderId: order.id, isCardPayment: true, ...intentFlags }).then((a) => ({ id: a.paymentIntentId, forKey: intentKey }));
    answer.then(
      (made) => {
        if (!live) return;
        setIntent(made);
        send({ type: 'INTENT_READY' });
      },
      (err: unknown) => live && send({ type: 'PROVIDER_ERROR', message: errorMessage(err, 'The card payment could not be prepared.') }),
    );
    return () => {
      live = false;
    };
    // Asked once each time the flow comes to creating an intent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [creating, ready]);

  const chooseMethod = (next: MethodKey) => {
    if (next === method) return;
    send({ type: 'CHOOSE_METHOD', method: next });
    // Leaving the card drops its fee from the intent where the organisation wants the intent to follow.
    if (method === 'stripe' && intent && updatesIntent) {
      updateIntent(intent.id, false).catch((err: unknown) => status.notify('error', errorMessage(err, 'The card payment could not be updated.')));
    }
  };

  const applyAnswer = useCallback(
    (answer: OrderStatusResponse) => {
      status.applyStatus(answer);
      status.touched();
    },
    [status],
  );

  /** The thanks for a payment that succeeded: the amount the server recorded on the step, else the one sent. */
  const thank = useCallback(
    (answer: OrderStatusResponse, sent: number) => {
      const recorded = stepKey ? (answer.statusData[stepKey] as { paymentAmountInCents?: unknown } | undefined)?.paymentAmountInCents : undefined;
      status.notePaid(typeof recorded === 'number' && recorded > 0 ? recorded : sent);
    },
    [stepKey, status],
  );

  /** The provider's failure of the payment just made, as the order (or the intent) tells it. */
  const failureIn = useCallback(
    (answer: OrderStatusResponse, providerMessage: string | null): string | null => {
      if (providerMessage) return providerMessage;
      const after = stepKey ? (answer.statusData[stepKey] as { lastPaymentError?: unknown } | undefined) : undefined;
      return typeof after?.lastPaymentError === 'string' && after.lastPaymentError ? after.lastPaymentError : null;
    },
    [stepKey],
  );

  // While a payment processes: ask every few seconds, with the intent when this page started it, else by reading the order.
  useEffect(() => {
    if (!processing) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      let answer: OrderStatusResponse | null = null;
      let providerMessage: string | null = null;
      try {
        if (pollIntentId) {
          const polled = await api.getStripePaymentIntent({ paymentIntentId: pollIntentId, paymentEnvironment: env });
          answer = polled.order;
          providerMessage = polled.order.isProcessingPayment === 0 ? (polled.paymentIntent.lastPaymentError ?? null) : null;
        } else {
          const data = await api.orderData({ orgId: status.org.id, productOrderOrgSpecificId: order.orgSpecificId });
          const fresh = data.productOrders[0];
          if (fresh) answer = statusFieldsOf(fresh) as OrderStatusResponse;
        }
      } catch {
        /* a failed poll is asked again at the next tick */
      }
      if (!live) return;
      if (answer) {
        applyAnswer(answer);
        if (answer.isProcessingPayment === 0) {
          const failure = failureIn(answer, providerMessage);
          send({ type: 'POLLED', isProcessingPayment: 0, paid: !failure, message: failure });
          if (failure) status.notify('alert', failure);
          else thank(answer, amount + upcharge);
          return;
        }
      }
      timer = setTimeout(() => void tick(), PAYMENT_POLL_MS);
    };
    timer = setTimeout(() => void tick(), PAYMENT_POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // Polling restarts only when processing starts or the intent to ask about changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [processing, pollIntentId]);

  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [cardProblem, setCardProblem] = useState(false);

  /** Sends one payment confirmation; clicks while one is on its way send nothing. */
  const confirm = async (paymentMethod: MethodKey) => {
    if (inFlight.current) return;
    let card: ReturnType<typeof cardInput> = null;
    if (paymentMethod === 'stripe') {
      card = cardInput(cardNumber, expiry, cvc);
      setCardProblem(!card);
      if (!card || !intent) return;
      if (flow.matches('failed')) send({ type: 'RETRY' });
      send({ type: 'SUBMIT_CARD' });
    }
    inFlight.current = true;
    setSending(true);
    try {
      // The amount is the saved order's: edits still on their way go first.
      if (!(await status.settle())) throw new Error(UNSAVED_CHANGES);
      const answer = await api.confirmOrderPayment({
        productOrderId: order.id,
        expectedStatusKey: status.seen,
        paymentMethod,
        paymentData: { amount, ...(paymentMethod === 'stripe' && intent && card ? { paymentIntentId: intent.id, card } : {}) },
        payInFull,
        isGuestMode: guestMode,
        ...(paymentMethod === 'stripe' ? { paymentEnvironment: env } : {}),
      });
      applyAnswer(answer);
      if (paymentMethod !== 'stripe') send({ type: 'MANUAL_CONFIRMED' });
      else if (answer.isProcessingPayment === 1) {
        setPollIntentId(intent?.id ?? null);
        send({ type: 'PROVIDER_ACCEPTED' });
      } else {
        const failure = failureIn(answer, null);
        send({ type: 'PROVIDER_ACCEPTED' });
        send({ type: 'POLLED', isProcessingPayment: 0, paid: !failure, message: failure });
        if (failure) status.notify('alert', failure);
        else thank(answer, amount + upcharge);
      }
    } catch (err) {
      // The provider refused the card (or the server the payment): say why; nothing is processing any more.
      const message = errorMessage(err);
      status.touched();
      if (paymentMethod === 'stripe') send({ type: 'PROVIDER_ERROR', message });
      status.notify('alert', message);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
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
    const locked = sending || thanked || flow.matches('confirming');
    const fee = upchargePercentText(stripe?.props);
    const intentReady = intent !== null && intent.forKey === intentKey && (flow.matches('enteringCard') || (flow.matches('failed') && flow.context.method === 'stripe'));
    const failedMessage = flow.matches('failed') ? flow.context.message : null;
    body = (
      <>
        <fieldset className={styles.fieldset} disabled={locked}>
          <legend className={styles.legend}>Payment method</legend>
          <div className={styles.radios} data-testid="payment-methods">
            {methods.map((m) => (
              <label key={m.key} className={styles.radio}>
                <input type="radio" name={`${headingId}-method`} value={m.key} checked={method === m.key} onChange={() => chooseMethod(m.key as MethodKey)} data-testid={`method-${m.key}`} />
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
              <Button variant="secondary" onClick={() => send({ type: 'CHOOSE_METHOD', method: 'stripe' })} data-testid="payment-retry">
                Try again
              </Button>
            ) : (
              <Button onClick={() => void confirm('stripe')} disabled={locked || !intentReady} aria-busy={locked} data-testid="pay-button">
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
                  <Button onClick={() => void confirm(chosen.key as MethodKey)} disabled={sending} aria-busy={sending} data-testid="confirm-payment">
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
