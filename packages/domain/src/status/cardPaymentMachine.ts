import { assign, setup } from 'xstate';

export type PaymentMethodKey = 'stripe' | 'wire' | 'checkByMail';

export interface CardPaymentContext {
  method: PaymentMethodKey | null;
  /** The provider's message of the last failure, shown to the person. */
  message: string | null;
  /** Where a reopened panel starts: a payment still processing, or a manual payment already announced. */
  resume: 'processing' | 'awaitingManual' | null;
}

export interface CardPaymentInput {
  method?: PaymentMethodKey | null;
  isProcessingPayment?: 0 | 1;
  /** The payment step's entry already awaits a wire or cheque. */
  awaitingPaymentMethod?: string | null;
}

export type CardPaymentEvent =
  | { type: 'CHOOSE_METHOD'; method: PaymentMethodKey }
  /** The server accepted the customer's wire or cheque confirmation. */
  | { type: 'MANUAL_CONFIRMED' }
  | { type: 'INTENT_READY' }
  | { type: 'SUBMIT_CARD' }
  | { type: 'PROVIDER_ACCEPTED' }
  | { type: 'PROVIDER_ERROR'; message: string }
  /** The order as polled: still processing, or done (paid or not, with the provider's message). */
  | { type: 'POLLED'; isProcessingPayment: 0 | 1; paid: boolean; message?: string | null }
  | { type: 'RETRY' };

const isCard = (e: CardPaymentEvent) => e.type === 'CHOOSE_METHOD' && e.method === 'stripe';
const chooseMethod = [
  { guard: ({ event }: { event: CardPaymentEvent }) => isCard(event), target: 'creatingIntent', actions: 'remember' },
  { target: 'idle', actions: 'remember' },
] as const;

/**
 * The payment panel's flow in the browser. It has no side effects: the component calls the server and
 * the card provider and reports what happened with events.
 */
export const cardPaymentMachine = setup({
  types: {
    context: {} as CardPaymentContext,
    events: {} as CardPaymentEvent,
    input: {} as CardPaymentInput | undefined,
  },
  guards: {
    resumesProcessing: ({ context }) => context.resume === 'processing',
    resumesManual: ({ context }) => context.resume === 'awaitingManual',
    manualChosen: ({ context }) => context.method === 'wire' || context.method === 'checkByMail',
    stillProcessing: ({ event }) => event.type === 'POLLED' && event.isProcessingPayment === 1,
    polledPaid: ({ event }) => event.type === 'POLLED' && event.paid,
  },
  actions: {
    remember: assign({ method: ({ event }) => (event.type === 'CHOOSE_METHOD' ? event.method : null), message: null }),
    forgetResume: assign({ resume: null }),
    keepError: assign({
      message: ({ event }) =>
        event.type === 'PROVIDER_ERROR' ? event.message : event.type === 'POLLED' ? (event.message ?? 'The payment did not go through.') : null,
    }),
  },
}).createMachine({
  id: 'cardPayment',
  context: ({ input }) => ({
    method: input?.method ?? null,
    message: null,
    resume: input?.isProcessingPayment === 1 ? 'processing' : input?.awaitingPaymentMethod ? 'awaitingManual' : null,
  }),
  initial: 'idle',
  states: {
    idle: {
      always: [
        { guard: 'resumesProcessing', target: 'processing', actions: 'forgetResume' },
        { guard: 'resumesManual', target: 'awaitingManual', actions: 'forgetResume' },
      ],
      on: {
        CHOOSE_METHOD: chooseMethod,
        MANUAL_CONFIRMED: { guard: 'manualChosen', target: 'awaitingManual' },
      },
    },
    creatingIntent: {
      on: {
        INTENT_READY: 'enteringCard',
        PROVIDER_ERROR: { target: 'failed', actions: 'keepError' },
        CHOOSE_METHOD: chooseMethod,
      },
    },
    enteringCard: {
      on: {
        SUBMIT_CARD: 'confirming',
        CHOOSE_METHOD: chooseMethod,
      },
    },
    confirming: {
      on: {
        PROVIDER_ACCEPTED: 'processing',
        PROVIDER_ERROR: { target: 'failed', actions: 'keepError' },
      },
    },
    processing: {
      on: {
        POLLED: [
          { guard: 'stillProcessing' },
          { guard: 'polledPaid', target: 'paid' },
          { target: 'failed', actions: 'keepError' },
        ],
        PROVIDER_ERROR: { target: 'failed', actions: 'keepError' },
      },
    },
    failed: {
      on: {
        RETRY: { target: 'enteringCard', actions: assign({ message: null }) },
        CHOOSE_METHOD: chooseMethod,
      },
    },
    awaitingManual: {},
    paid: { type: 'final' },
  },
});
