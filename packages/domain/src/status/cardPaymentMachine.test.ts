import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { cardPaymentMachine, type CardPaymentEvent, type CardPaymentInput } from './cardPaymentMachine.ts';

/** The snapshot after the events, from a panel opened with the given input. */
function run(events: CardPaymentEvent[], input?: CardPaymentInput) {
  let [snapshot] = initialTransition(cardPaymentMachine, input ?? {});
  for (const event of events) [snapshot] = transition(cardPaymentMachine, snapshot, event);
  return snapshot;
}

const toCard: CardPaymentEvent[] = [{ type: 'CHOOSE_METHOD', method: 'stripe' }, { type: 'INTENT_READY' }, { type: 'SUBMIT_CARD' }];

describe('card payment flow', () => {
  it('card: intent, card entry, confirmation, processing until the poll says paid', () => {
    expect(run([]).value).toBe('idle');
    expect(run(toCard.slice(0, 1)).value).toBe('creatingIntent');
    expect(run(toCard.slice(0, 2)).value).toBe('enteringCard');
    expect(run(toCard).value).toBe('confirming');
    const processing = [...toCard, { type: 'PROVIDER_ACCEPTED' } as const];
    expect(run(processing).value).toBe('processing');
    expect(run([...processing, { type: 'POLLED', isProcessingPayment: 1, paid: false }]).value).toBe('processing');
    const paid = run([...processing, { type: 'POLLED', isProcessingPayment: 0, paid: true }]);
    expect(paid.value).toBe('paid');
    expect(paid.status).toBe('done');
  });

  it('a provider error shows its message; RETRY goes back to card entry', () => {
    const failed = run([...toCard, { type: 'PROVIDER_ERROR', message: 'Your card was declined.' }]);
    expect(failed.value).toBe('failed');
    expect(failed.context.message).toBe('Your card was declined.');
    const again = run([...toCard, { type: 'PROVIDER_ERROR', message: 'Your card was declined.' }, { type: 'RETRY' }]);
    expect(again.value).toBe('enteringCard');
    expect(again.context.message).toBeNull();
  });

  it('processing that ends unpaid fails with the order’s message', () => {
    const processing: CardPaymentEvent[] = [...toCard, { type: 'PROVIDER_ACCEPTED' }];
    const withMessage = run([...processing, { type: 'POLLED', isProcessingPayment: 0, paid: false, message: 'Insufficient funds.' }]);
    expect([withMessage.value, withMessage.context.message]).toEqual(['failed', 'Insufficient funds.']);
    expect(run([...processing, { type: 'POLLED', isProcessingPayment: 0, paid: false }]).context.message).toBe('The payment did not go through.');
  });

  it('a manual method: chosen, then confirmed by the server, shows the thank-you', () => {
    const chosen = run([{ type: 'CHOOSE_METHOD', method: 'wire' }]);
    expect([chosen.value, chosen.context.method]).toEqual(['idle', 'wire']);
    expect(run([{ type: 'CHOOSE_METHOD', method: 'checkByMail' }, { type: 'MANUAL_CONFIRMED' }]).value).toBe('awaitingManual');
    // Not before a manual method was chosen.
    expect(run([{ type: 'MANUAL_CONFIRMED' }]).value).toBe('idle');
    // Switching from card entry to a manual method.
    expect(run([...toCard.slice(0, 2), { type: 'CHOOSE_METHOD', method: 'wire' }]).value).toBe('idle');
  });

  it('a reopened panel resumes a processing payment or an announced manual one', () => {
    expect(run([], { isProcessingPayment: 1 }).value).toBe('processing');
    expect(run([], { awaitingPaymentMethod: 'wire' }).value).toBe('awaitingManual');
    expect(run([], { method: 'stripe' }).context.method).toBe('stripe');
  });

  it('ignores events that do not fit the state', () => {
    expect(run([{ type: 'SUBMIT_CARD' }]).value).toBe('idle');
    expect(run([...toCard, { type: 'RETRY' }]).value).toBe('confirming');
  });
});
