import { assign, initialTransition, setup, transition } from 'xstate';
import type {
  OrderStatusFacts,
  OrderStatusFields,
  ProductOrderStatus,
  StatusActor,
  StatusDecision,
  StatusEvent,
  StatusNow,
  StatusOptions,
} from './types.ts';
import { amountDue } from './amounts.ts';
import { actorRefusal, applyEvent, isStatusEventType, ruleRefusal, STATUS_EVENT_TYPES, STATUS_REFUSALS, type StatusContext, type StatusEventType } from './rules.ts';
import { lastCompletedKey } from './steps.ts';

/** What the last event led to, kept in the context so the machine's guards stay plain reads. */
interface Proposal {
  event: StatusEvent;
  actorRefusal: string | null;
  ruleRefusal: string | null;
  pluginRefusal: string | null;
  next: OrderStatusFields | null;
}

export type StatusMachineContext = StatusContext & { proposal: Proposal | null; refusal: string | null };
export type StatusMachineInput = Omit<StatusContext, 'statuses'>;

function propose(ctx: StatusMachineContext, event: StatusEvent): Proposal {
  const proposal: Proposal = { event, actorRefusal: actorRefusal(ctx.actor, event.type), ruleRefusal: null, pluginRefusal: null, next: null };
  if (proposal.actorRefusal !== null) return proposal;
  proposal.ruleRefusal = ruleRefusal(ctx, event);
  if (proposal.ruleRefusal !== null) return proposal;
  proposal.next = applyEvent(ctx, event);
  // What the provider reports (money taken or not) is a fact: plugins rule on people's actions only.
  if (ctx.actor === 'provider') return proposal;
  // Plugin rules come after the built-in ones and see where the order would go.
  const from = lastCompletedKey(ctx.statuses, ctx.statusData);
  const to = proposal.next.lastCompletedStatusKey;
  const order = {
    statusData: ctx.statusData,
    lastCompletedStatusKey: ctx.lastCompletedStatusKey,
    amountPaidInCents: ctx.amountPaidInCents,
    isProcessingPayment: ctx.isProcessingPayment,
    feedbackNotes: ctx.feedbackNotes,
    isStocked: ctx.isStocked,
    orderTotalInCents: ctx.orderTotalInCents,
    depositAmountInCents: ctx.depositAmountInCents,
  };
  for (const guard of ctx.options.guards) {
    const sentence = guard({ event, actor: ctx.actor, order, statuses: ctx.statuses, toStatusKey: to !== from ? to : null });
    if (sentence !== null) {
      proposal.pluginRefusal = sentence;
      break;
    }
  }
  return proposal;
}

const ON_ANY_EVENT = Object.fromEntries(STATUS_EVENT_TYPES.map((type) => [type, { target: 'checking', actions: 'propose' }])) as Record<
  StatusEventType,
  { target: 'checking'; actions: 'propose' }
>;

function buildMachine(statuses: readonly ProductOrderStatus[]) {
  return setup({
    types: {
      context: {} as StatusMachineContext,
      events: {} as StatusEvent,
      input: {} as StatusMachineInput,
    },
    guards: {
      actorMayNot: ({ context }) => context.proposal?.actorRefusal != null,
      stepForbids: ({ context }) => context.proposal?.ruleRefusal != null,
      pluginForbids: ({ context }) => context.proposal?.pluginRefusal != null,
    },
    actions: {
      propose: assign({ proposal: ({ context, event }) => propose(context, event) }),
      refuse: assign({
        refusal: ({ context }) => context.proposal?.actorRefusal ?? context.proposal?.ruleRefusal ?? context.proposal?.pluginRefusal ?? null,
      }),
      commit: assign(({ context }) => ({ ...context.proposal!.next! })),
    },
  }).createMachine({
    id: 'orderStatus',
    context: ({ input }) => ({ ...input, statuses, proposal: null, refusal: null }),
    initial: 'ready',
    states: {
      ready: { on: ON_ANY_EVENT },
      checking: {
        always: [
          { guard: 'actorMayNot', target: 'refused', actions: 'refuse' },
          { guard: 'stepForbids', target: 'refused', actions: 'refuse' },
          { guard: 'pluginForbids', target: 'refused', actions: 'refuse' },
          { target: 'decided', actions: 'commit' },
        ],
      },
      refused: { type: 'final' },
      decided: { type: 'final' },
    },
  });
}

export type OrderStatusMachine = ReturnType<typeof buildMachine>;

const machines = new WeakMap<readonly ProductOrderStatus[], OrderStatusMachine>();

/** The status machine of an organisation's steps (one per steps list, reused). */
export function orderStatusMachine(statuses: readonly ProductOrderStatus[]): OrderStatusMachine {
  let machine = machines.get(statuses);
  if (!machine) {
    machine = buildMachine(statuses);
    machines.set(statuses, machine);
  }
  return machine;
}

/** Decides one event on an order: the order's new status fields, or the sentence refusing it. Pure. */
export function decideStatus(
  statuses: readonly ProductOrderStatus[],
  options: StatusOptions,
  order: OrderStatusFields & OrderStatusFacts,
  actor: StatusActor,
  event: StatusEvent,
  at: StatusNow,
): StatusDecision {
  const type: unknown = (event as { type?: unknown } | null)?.type;
  if (!isStatusEventType(type)) return { ok: false, message: STATUS_REFUSALS.unknownAction(String(type)) };
  const machine = orderStatusMachine(statuses);
  const input: StatusMachineInput = {
    statusData: order.statusData,
    lastCompletedStatusKey: order.lastCompletedStatusKey,
    amountPaidInCents: order.amountPaidInCents,
    isProcessingPayment: order.isProcessingPayment,
    feedbackNotes: order.feedbackNotes,
    isStocked: order.isStocked,
    orderTotalInCents: order.orderTotalInCents,
    depositAmountInCents: order.depositAmountInCents,
    options,
    actor,
    now: at.now,
  };
  const [ready] = initialTransition(machine, input);
  const [done] = transition(machine, ready, event);
  if (done.value === 'refused') return { ok: false, message: done.context.refusal ?? STATUS_REFUSALS.unknownAction(type) };
  if (done.value !== 'decided') return { ok: false, message: STATUS_REFUSALS.unknownAction(type) };
  const c = done.context;
  return {
    ok: true,
    next: {
      statusData: c.statusData,
      lastCompletedStatusKey: c.lastCompletedStatusKey,
      amountPaidInCents: c.amountPaidInCents,
      isProcessingPayment: c.isProcessingPayment,
      feedbackNotes: c.feedbackNotes,
    },
    fromStatusKey: lastCompletedKey(statuses, order.statusData),
    toStatusKey: c.lastCompletedStatusKey,
  };
}

/** Only written into entries of a decision that is thrown away. */
const NEVER_KEPT: StatusNow = { now: '1970-01-01 00:00:00' };

/** An event of the given type as the browser would send it now (amounts as the server expects them). */
function sampleEvent(
  type: StatusEventType,
  statuses: readonly ProductOrderStatus[],
  options: StatusOptions,
  order: OrderStatusFields & OrderStatusFacts,
): StatusEvent {
  const due = amountDue(statuses, options, order, true);
  switch (type) {
    case 'submit':
    case 'approve':
    case 'cancel':
      return { type };
    case 'requireChanges':
      return { type, feedbackNotes: 'Feedback' };
    case 'reopen':
      return { type, reason: 'Reason' };
    case 'setStatus':
      return { type, statusKey: lastCompletedKey(statuses, order.statusData) ?? statuses[0]?.key ?? '' };
    case 'confirmManualPayment':
      return { type, method: 'wire', amountInCents: due, payInFull: true };
    case 'paymentStarted':
      return { type, amountInCents: due, payInFull: true };
    case 'paymentFailed':
      return { type, message: 'Declined' };
    case 'paymentSucceeded':
      return { type, amountInCents: due, method: 'stripe' };
  }
}

/**
 * The events the actor may send now, for the browser to offer (Submit, Cancel Order, Approve, the
 * payment panel...). Plugin guards are consulted for the events without a payload; for the others
 * only the built-in rules, since the payload decides.
 */
export function allowedEvents(
  statuses: readonly ProductOrderStatus[],
  options: StatusOptions,
  order: OrderStatusFields & OrderStatusFacts,
  actor: StatusActor,
): Array<StatusEvent['type']> {
  return STATUS_EVENT_TYPES.filter((type) => {
    if (type === 'setStatus') return actor === 'employee' && order.isProcessingPayment === 0 && statuses.length > 0;
    const withPlugins = type === 'submit' || type === 'approve' || type === 'cancel';
    const used = withPlugins ? options : { ...options, guards: [] };
    return decideStatus(statuses, used, order, actor, sampleEvent(type, statuses, options, order), NEVER_KEPT).ok;
  });
}

