/**
 * The payment panel's flow: choosing a method, preparing the card payment's intent, sending the card
 * or the wire / cheque confirmation, and while the provider settles a card payment, asking every few
 * seconds. The machine owns its calls (XState actors on @cpq/client); the panel draws its state and
 * sends what the person does. What is possible and how much is always the server's (the order's and
 * the payment's machines in @cpq/domain decide there).
 */
import { assign, fromPromise, setup, spawnChild } from 'xstate';
import { api } from '@cpq/client';
import { PAYMENT_POLL_MS, type OrderStatusResponse, type PaymentEnvironment } from '@cpq/domain';
import { errorMessage } from '../../shared/errors.ts';
import { cardInput, statusFieldsOf } from './logic.ts';
import { UNSAVED_CHANGES, type NoticeKind } from './useOrderStatus.ts';

export type PaymentMethodKey = 'stripe' | 'wire' | 'checkByMail';
export type CardDetails = NonNullable<ReturnType<typeof cardInput>>;

/** What a payment made now is, from the order and the person's choices (the panel sends it again when it changes). */
export interface PaymentTerms {
  productOrderId: number;
  orgId: number;
  orderOrgSpecificId: number;
  /** Before any card upcharge. */
  amount: number;
  /** The card upcharge on `amount`. */
  cardUpcharge: number;
  payInFull: boolean;
  env: PaymentEnvironment;
  guestMode: boolean;
  shippedWithoutFinalPayment: boolean;
  /** The payment step: its entry carries the provider's message of a failed payment. */
  stepKey: string | null;
  /** The step the person is looking at: a payment made on a step that has since changed is refused. */
  seen: string | null;
  /** The organisation puts the card upcharge on and off the intent as the method changes. */
  updatesIntent: boolean;
  /** Nothing keeps the person from paying now (contact details, hidden prices, a payment processing). */
  ready: boolean;
}

/** What the flow does on the page: the order's status fields and timeline, notices, the thanks, edits saved first. */
export interface PaymentPage {
  applyStatus(answer: OrderStatusResponse): void;
  touched(): void;
  notify(kind: NoticeKind, text: string): void;
  notePaid(amountInCents: number): void;
  settle(): Promise<boolean>;
}

export interface PreparedIntent {
  id: string;
  /** What the intent was made for: another amount or environment needs another. */
  forKey: string;
}

export interface PaymentFlowInput {
  method?: PaymentMethodKey | null;
  isProcessingPayment?: 0 | 1;
  /** The payment step's entry already awaits a wire or cheque. */
  awaitingPaymentMethod?: string | null;
  terms: PaymentTerms;
  /** The page as it is now (the panel's latest callbacks). */
  page: () => PaymentPage;
}

export interface PaymentFlowContext {
  method: PaymentMethodKey | null;
  /** The provider's (or the server's) message of the last failure, shown to the person. */
  message: string | null;
  /** Where a reopened panel starts: a payment still processing, or a manual payment already announced. */
  resume: 'processing' | 'awaitingManual' | null;
  terms: PaymentTerms;
  intent: PreparedIntent | null;
  card: CardDetails | null;
  /** The intent a payment this page made is processing on (else the order is read). */
  pollIntentId: string | null;
  page: () => PaymentPage;
}

export type PaymentFlowEvent =
  | { type: 'TERMS'; terms: PaymentTerms }
  | { type: 'CHOOSE_METHOD'; method: PaymentMethodKey }
  /** Pay by card (the details checked by the panel). */
  | { type: 'PAY'; card: CardDetails }
  /** Confirm the chosen wire or cheque. */
  | { type: 'CONFIRM_MANUAL' }
  /** "Try again" after the card payment could not be prepared. */
  | { type: 'RETRY' }
  /** The order was found processing a payment (read again elsewhere). */
  | { type: 'ORDER_PROCESSING' };

export const PREPARE_FAILED = 'The card payment could not be prepared.';
export const UPDATE_FAILED = 'The card payment could not be updated.';
export const NOT_PAID = 'The payment did not go through.';

export const intentKeyOf = (terms: Pick<PaymentTerms, 'payInFull' | 'env'>) => `${terms.payInFull ? 'full' : 'deposit'}:${terms.env}`;

function intentBody(terms: PaymentTerms) {
  return { isGuestMode: terms.guestMode, payInFull: terms.payInFull, paymentEnvironment: terms.env, shippedWithoutFinalPayment: terms.shippedWithoutFinalPayment };
}

/** The intent's amount follows the method: a card carries its upcharge, another method does not. */
function updateIntent(terms: PaymentTerms, intentId: string, isCardPayment: boolean) {
  return api.updateStripePaymentIntent({
    productOrderId: terms.productOrderId,
    paymentIntentId: intentId,
    isCardPayment,
    paymentAmount: terms.amount + (isCardPayment ? terms.cardUpcharge : 0),
    ...intentBody(terms),
  });
}

/** The provider's failure of the payment just made, as the order (or the intent) tells it. */
export function failureIn(answer: OrderStatusResponse, stepKey: string | null, providerMessage: string | null): string | null {
  if (providerMessage) return providerMessage;
  const after = stepKey ? (answer.statusData[stepKey] as { lastPaymentError?: unknown } | undefined) : undefined;
  return typeof after?.lastPaymentError === 'string' && after.lastPaymentError ? after.lastPaymentError : null;
}

/** The order as a poll found it, and the provider's message when the payment ended unpaid. */
interface Polled {
  answer: OrderStatusResponse | null;
  providerMessage: string | null;
}

export const paymentFlowMachine = setup({
  types: {
    context: {} as PaymentFlowContext,
    events: {} as PaymentFlowEvent,
    input: {} as PaymentFlowInput,
  },
  actors: {
    /** An intent for these terms: the one already made for them (its upcharge put back where the organisation wants it), or a new one. */
    prepareIntent: fromPromise<PreparedIntent, { terms: PaymentTerms; kept: PreparedIntent | null }>(async ({ input: { terms, kept } }) => {
      const forKey = intentKeyOf(terms);
      if (kept && kept.forKey === forKey) {
        if (terms.updatesIntent) await updateIntent(terms, kept.id, true);
        return kept;
      }
      const made = await api.createStripePaymentIntent({ productOrderId: terms.productOrderId, isCardPayment: true, ...intentBody(terms) });
      return { id: made.paymentIntentId, forKey };
    }),
    /** Leaving the card drops its upcharge from the intent, where the organisation wants the intent to follow. */
    dropCardUpcharge: fromPromise<void, { terms: PaymentTerms; intentId: string; page: () => PaymentPage }>(async ({ input }) => {
      try {
        await updateIntent(input.terms, input.intentId, false);
      } catch (err) {
        input.page().notify('error', errorMessage(err, UPDATE_FAILED));
      }
    }),
    /** One payment confirmation, on the saved order (edits still on their way go first). */
    confirmPayment: fromPromise<OrderStatusResponse, { terms: PaymentTerms; method: PaymentMethodKey; intentId: string | null; card: CardDetails | null; page: () => PaymentPage }>(
      async ({ input: { terms, method, intentId, card, page } }) => {
        if (!(await page().settle())) throw new Error(UNSAVED_CHANGES);
        return api.confirmOrderPayment({
          productOrderId: terms.productOrderId,
          expectedStatusKey: terms.seen,
          paymentMethod: method,
          paymentData: { amount: terms.amount, ...(method === 'stripe' && intentId && card ? { paymentIntentId: intentId, card } : {}) },
          payInFull: terms.payInFull,
          isGuestMode: terms.guestMode,
          ...(method === 'stripe' ? { paymentEnvironment: terms.env } : {}),
        });
      },
    ),
    /** The payment processing: asked about with its intent when this page made it, else by reading the order. A failed read is asked again at the next tick. */
    poll: fromPromise<Polled, { terms: PaymentTerms; pollIntentId: string | null }>(async ({ input: { terms, pollIntentId } }) => {
      try {
        if (pollIntentId) {
          const polled = await api.getStripePaymentIntent({ paymentIntentId: pollIntentId, paymentEnvironment: terms.env });
          return { answer: polled.order, providerMessage: polled.order.isProcessingPayment === 0 ? (polled.paymentIntent.lastPaymentError ?? null) : null };
        }
        const data = await api.orderData({ orgId: terms.orgId, productOrderOrgSpecificId: terms.orderOrgSpecificId });
        const fresh = data.productOrders[0];
        return { answer: fresh ? (statusFieldsOf(fresh) as OrderStatusResponse) : null, providerMessage: null };
      } catch {
        return { answer: null, providerMessage: null };
      }
    }),
  },
  delays: { POLL: PAYMENT_POLL_MS },
  guards: {
    resumesProcessing: ({ context }) => context.resume === 'processing',
    resumesManual: ({ context }) => context.resume === 'awaitingManual',
    cardReady: ({ context }) => context.method === 'stripe' && context.terms.ready,
    notReady: ({ context }) => !context.terms.ready,
    manualChosen: ({ context }) => context.method === 'wire' || context.method === 'checkByMail',
    otherMethod: ({ context, event }) => event.type === 'CHOOSE_METHOD' && event.method !== context.method,
    /** The intent at hand was made for other terms (another amount or environment). */
    intentStale: ({ context, event }) => event.type === 'TERMS' && context.method === 'stripe' && context.intent !== null && context.intent.forKey !== intentKeyOf(event.terms),
    keyChanged: ({ context, event }) => event.type === 'TERMS' && intentKeyOf(event.terms) !== intentKeyOf(context.terms),
    intentCurrent: ({ context }) => context.method === 'stripe' && context.intent !== null && context.intent.forKey === intentKeyOf(context.terms),
    answerProcessing: ({ event }) => (event as unknown as { output: OrderStatusResponse }).output.isProcessingPayment === 1,
    answerFailed: ({ context, event }) => failureIn((event as unknown as { output: OrderStatusResponse }).output, context.terms.stepKey, null) !== null,
    noAnswer: ({ event }) => (event as unknown as { output: Polled }).output.answer === null,
    stillProcessing: ({ event }) => (event as unknown as { output: Polled }).output.answer?.isProcessingPayment === 1,
    polledFailed: ({ context, event }) => {
      const { answer, providerMessage } = (event as unknown as { output: Polled }).output;
      return answer !== null && failureIn(answer, context.terms.stepKey, providerMessage) !== null;
    },
  },
  actions: {
    remember: assign({ method: ({ event }) => (event.type === 'CHOOSE_METHOD' ? event.method : null), message: null }),
    setTerms: assign({ terms: ({ context, event }) => (event.type === 'TERMS' ? event.terms : context.terms) }),
    forgetResume: assign({ resume: null }),
    clearMessage: assign({ message: null }),
    keepCard: assign({ card: ({ event }) => (event.type === 'PAY' ? event.card : null) }),
    dropUpchargeOnLeave: spawnChild('dropCardUpcharge', {
      input: ({ context }) => ({ terms: context.terms, intentId: context.intent?.id ?? '', page: context.page }),
    }),
  },
}).createMachine({
  id: 'paymentFlow',
  context: ({ input }) => ({
    method: input.method ?? null,
    message: null,
    resume: input.isProcessingPayment === 1 ? 'processing' : input.awaitingPaymentMethod ? 'awaitingManual' : null,
    terms: input.terms,
    intent: null,
    card: null,
    pollIntentId: null,
    page: input.page,
  }),
  initial: 'idle',
  on: {
    TERMS: { actions: 'setTerms' },
  },
  states: {
    idle: {
      always: [
        { guard: 'resumesProcessing', target: 'processing', actions: 'forgetResume' },
        { guard: 'resumesManual', target: 'awaitingManual', actions: 'forgetResume' },
        // The card chosen with nothing blocking: its intent is made ready.
        { guard: 'cardReady', target: 'creatingIntent' },
      ],
      on: {
        CHOOSE_METHOD: { guard: 'otherMethod', target: 'idle', actions: 'remember' },
        CONFIRM_MANUAL: { guard: 'manualChosen', target: 'confirmingManual' },
        ORDER_PROCESSING: 'processing',
      },
    },
    creatingIntent: {
      always: { guard: 'notReady', target: 'idle' },
      invoke: {
        src: 'prepareIntent',
        input: ({ context }) => ({ terms: context.terms, kept: context.intent }),
        onDone: { target: 'enteringCard', actions: assign({ intent: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ message: ({ event }) => errorMessage(event.error, PREPARE_FAILED) }) },
      },
      on: {
        // Asked again for the new terms.
        TERMS: [{ guard: 'keyChanged', target: 'creatingIntent', reenter: true, actions: 'setTerms' }, { actions: 'setTerms' }],
        CHOOSE_METHOD: { guard: 'otherMethod', target: 'idle', actions: 'remember' },
        ORDER_PROCESSING: 'processing',
      },
    },
    enteringCard: {
      on: {
        PAY: { guard: 'intentCurrent', target: 'confirming', actions: 'keepCard' },
        TERMS: [{ guard: 'intentStale', target: 'creatingIntent', actions: 'setTerms' }, { actions: 'setTerms' }],
        CHOOSE_METHOD: { guard: 'otherMethod', target: 'idle', actions: ['remember', 'dropUpchargeOnLeave'] },
        ORDER_PROCESSING: 'processing',
      },
    },
    confirming: {
      invoke: {
        src: 'confirmPayment',
        input: ({ context }) => ({ terms: context.terms, method: 'stripe' as const, intentId: context.intent?.id ?? null, card: context.card, page: context.page }),
        onDone: [
          {
            guard: 'answerProcessing',
            target: 'processing',
            actions: [({ context, event }) => applied(context, event.output), assign({ pollIntentId: ({ context }) => context.intent?.id ?? null })],
          },
          {
            guard: 'answerFailed',
            target: 'failed',
            actions: [
              ({ context, event }) => applied(context, event.output),
              assign({ message: ({ context, event }) => failureIn(event.output, context.terms.stepKey, null) }),
              ({ context }) => context.page().notify('alert', context.message ?? NOT_PAID),
            ],
          },
          { target: 'paid', actions: ({ context, event }) => (applied(context, event.output), thank(context, event.output)) },
        ],
        // The provider refused the card (or the server the payment): say why; nothing is processing any more.
        onError: {
          target: 'failed',
          actions: [
            assign({ message: ({ event }) => errorMessage(event.error) }),
            ({ context, event }) => {
              context.page().touched();
              context.page().notify('alert', errorMessage(event.error));
            },
          ],
        },
      },
    },
    confirmingManual: {
      invoke: {
        src: 'confirmPayment',
        input: ({ context }) => ({ terms: context.terms, method: context.method ?? 'wire', intentId: null, card: null, page: context.page }),
        onDone: { target: 'awaitingManual', actions: ({ context, event }) => applied(context, event.output) },
        onError: {
          target: 'idle',
          actions: ({ context, event }) => {
            context.page().touched();
            context.page().notify('alert', errorMessage(event.error));
          },
        },
      },
    },
    // While the provider settles the payment: asked about every few seconds.
    processing: {
      after: { POLL: 'polling' },
    },
    polling: {
      invoke: {
        src: 'poll',
        input: ({ context }) => ({ terms: context.terms, pollIntentId: context.pollIntentId }),
        onDone: [
          { guard: 'noAnswer', target: 'processing' },
          { guard: 'stillProcessing', target: 'processing', actions: ({ context, event }) => applied(context, event.output.answer!) },
          {
            guard: 'polledFailed',
            target: 'failed',
            actions: [
              ({ context, event }) => applied(context, event.output.answer!),
              assign({ message: ({ context, event }) => failureIn(event.output.answer!, context.terms.stepKey, event.output.providerMessage) ?? NOT_PAID }),
              ({ context }) => context.page().notify('alert', context.message ?? NOT_PAID),
            ],
          },
          { target: 'paid', actions: ({ context, event }) => (applied(context, event.output.answer!), thank(context, event.output.answer!)) },
        ],
      },
    },
    failed: {
      on: {
        PAY: { guard: 'intentCurrent', target: 'confirming', actions: ['clearMessage', 'keepCard'] },
        RETRY: { target: 'creatingIntent', actions: 'clearMessage' },
        TERMS: [{ guard: 'intentStale', target: 'creatingIntent', actions: ['setTerms', 'clearMessage'] }, { actions: 'setTerms' }],
        CHOOSE_METHOD: { guard: 'otherMethod', target: 'idle', actions: 'remember' },
        ORDER_PROCESSING: 'processing',
      },
    },
    awaitingManual: {},
    paid: { type: 'final' },
  },
});

/** The answer's status fields replace the order's; the timeline is read again. */
function applied(context: PaymentFlowContext, answer: OrderStatusResponse): void {
  context.page().applyStatus(answer);
  context.page().touched();
}

/** The thanks for a payment that succeeded: the amount the server recorded on the step, else the one sent. */
function thank(context: PaymentFlowContext, answer: OrderStatusResponse): void {
  const { stepKey, amount, cardUpcharge } = context.terms;
  const recorded = stepKey ? (answer.statusData[stepKey] as { paymentAmountInCents?: unknown } | undefined)?.paymentAmountInCents : undefined;
  context.page().notePaid(typeof recorded === 'number' && recorded > 0 ? recorded : amount + (context.method === 'stripe' ? cardUpcharge : 0));
}
