/**
 * The payment panel's state and what it does, in one place: the payment flow machine (paymentFlow.ts)
 * run on the terms the order and the person's choices make, the choices the machine is told of as
 * terms (deposit or full amount, an employee's test mode) and the card as typed. The views draw what
 * this returns and call its actions; they hold no payment state of their own.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import {
  amountChoices,
  CARD_UPCHARGE_THRESHOLD_CENTS,
  cardUpcharge,
  isShippedWithoutFinalPayment,
  paymentBlock,
  paymentMethodChoices,
  paymentStepKey,
  statusTitle,
  type PaymentEnvironment,
} from '@cpq/domain';
import { cardInput, readPaymentEnvironment, upchargePercentText, writePaymentEnvironment } from './logic.ts';
import { intentKeyOf, paymentFlowMachine, type PaymentMethodKey, type PaymentPage, type PaymentTerms } from './paymentFlow.ts';
import type { CardEntry } from './types.ts';
import type { OrderStatusModel } from './useOrderStatus.ts';

const NO_CARD: CardEntry = { number: '', expiry: '', cvc: '' };

export function usePayment(status: OrderStatusModel) {
  const { order, facts, settings, statuses, options, rules, employee, guestMode, current } = status;
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
  const intent = flow.context.intent;
  const sending = flow.matches('confirming') || flow.matches('confirmingManual');
  const thanked = flow.matches('awaitingManual');

  // The card as typed stays here: the machine takes it only once checked, with PAY.
  const [card, setCard] = useState<CardEntry>(NO_CARD);
  const [cardProblem, setCardProblem] = useState(false);

  // The step the payment is for (after shipping without the final payment: that payment step, not "Shipped").
  const step = statuses.find((s) => s.key === stepKey) ?? current;

  return {
    flowState: String(flow.value),
    title: step ? statusTitle(step, facts.isStocked) : '',
    processing,
    pricingHidden: status.pricingHidden,
    paid: flow.matches('paid'),
    block,
    methods,
    method,
    chosen: methods.find((m) => m.key === method),
    choices,
    payInFull,
    amount,
    testMode: storedEnv === 'test',
    upcharge: method === 'stripe' ? terms.cardUpcharge : 0,
    fee: upchargePercentText(stripe?.props),
    sending,
    thanked,
    locked: sending || thanked,
    intentReady: intent !== null && intent.forKey === intentKeyOf(terms) && (flow.matches('enteringCard') || (flow.matches('failed') && method === 'stripe')),
    failedMessage: flow.matches('failed') ? flow.context.message : null,
    card,
    cardProblem,

    chooseMethod: (next: string) => send({ type: 'CHOOSE_METHOD', method: next as PaymentMethodKey }),
    choosePayInFull: (full: boolean) => setPayDeposit(!full),
    setTestMode: (on: boolean) => {
      const next = on ? 'test' : 'live';
      writePaymentEnvironment(next);
      setStoredEnv(next);
    },
    editCard: (field: keyof CardEntry, value: string) => setCard((c) => ({ ...c, [field]: value })),
    payByCard: () => {
      const checked = cardInput(card.number, card.expiry, card.cvc);
      setCardProblem(!checked);
      if (checked) send({ type: 'PAY', card: checked });
    },
    retry: () => send({ type: 'RETRY' }),
    confirmManual: () => send({ type: 'CONFIRM_MANUAL' }),
  };
}

/** What the panel's views draw and call: each takes the part it needs. */
export type Payment = ReturnType<typeof usePayment>;
