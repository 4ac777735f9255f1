import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { SIMULATED_INTENTS_TABLE } from '../../db/paymentTables.ts';
import { PaymentProviderError, type CardInput, type IntentStatus, type PaymentEnvironment, type PaymentProvider, type ProviderIntent } from './types.ts';

export const DEFAULT_SIMULATED_DELAY_MS = 3000;

export interface SimulatedProviderOptions {
  /** How long a confirmed payment stays 'processing' before it settles. */
  delayMs?: number;
  /** Epoch ms; tests pass their own clock. */
  now?: () => number;
}

interface IntentRow {
  id: string;
  environment: string;
  status: string;
  amount: number | string;
  currency: string;
  client_secret: string;
  metadata: string;
  card_last4: string | null;
  outcome: string | null;
  last_payment_error: string | null;
  confirm_idempotency_key: string | null;
  create_idempotency_key: string | null;
  completes_at: number | string | null;
  created: number | string;
  updated: number | string;
}

type CardBehaviour = { kind: 'succeed' } | { kind: 'failLater' } | { kind: 'decline'; message: string; code: string };

const DECLINED = 'Your card was declined.';
const ALREADY_CONFIRMED = 'This payment has already been confirmed.';

/** Stripe's well-known test numbers, so that people who know them can use them here too. */
const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': { kind: 'succeed' },
  '4000000000000002': { kind: 'decline', message: DECLINED, code: 'card_declined' },
  '4000000000009995': { kind: 'decline', message: 'Your card has insufficient funds.', code: 'insufficient_funds' },
  '4000000000000069': { kind: 'decline', message: 'Your card has expired.', code: 'expired_card' },
  '4000000000000119': { kind: 'decline', message: 'An error occurred while processing your card. Try again in a little bit.', code: 'processing_error' },
  '4000000000000341': { kind: 'failLater' },
};

/** Stripe's test payment methods, mapped to the card numbers above (for a client that sends an id). */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_chargeCustomerFail: '4000000000000341',
};

/** Statuses from which a payment may be attempted; 'failed' lets the customer try another card. */
const CONFIRMABLE: IntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'failed'];
const AMOUNT_UPDATABLE: IntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'failed'];
/** As Stripe for cards: an intent with the bank, or that took the money, cannot be cancelled. */
const CANCELLABLE: IntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'failed'];

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: dropping the rest keeps every character equally likely.
      if (byte >= 248) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function notFound(id: string): PaymentProviderError {
  return new PaymentProviderError(`No such payment_intent: ${id}`, 'resource_missing');
}

function checkAmount(amount: number): void {
  if (!Number.isInteger(amount) || amount <= 0) throw new PaymentProviderError('Invalid positive integer', 'parameter_invalid_integer');
  // Stripe's minimum charge in dollars: refusing it here too keeps the two providers alike.
  if (amount < 50) throw new PaymentProviderError('Amount must be at least $0.50 usd', 'amount_too_small');
}

/** Metadata values are strings at the provider, as at Stripe. */
function metadataText(metadata: Record<string, string>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(metadata).map(([key, value]) => [key, String(value)])));
}

function toIntent(row: IntentRow): ProviderIntent {
  return {
    id: row.id,
    status: row.status as IntentStatus,
    amount: Number(row.amount),
    currency: 'usd',
    clientSecret: row.client_secret,
    lastPaymentError: row.last_payment_error,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
  };
}

/** The card number's behaviour, or a PaymentProviderError for card details that cannot be charged. */
function cardBehaviour(input: CardInput, now: number): { behaviour: CardBehaviour; last4: string } {
  let number: string;
  if (input.paymentMethodId) {
    const mapped = TEST_PAYMENT_METHODS[input.paymentMethodId];
    if (!mapped) throw new PaymentProviderError(`No such PaymentMethod: ${input.paymentMethodId}`, 'resource_missing');
    number = mapped;
  } else if (input.card) {
    const { card } = input;
    number = String(card.number ?? '').replace(/\s+/g, '');
    if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) throw new PaymentProviderError('Your card number is incorrect.', 'incorrect_number');
    // Numbers may arrive as text from a form.
    const expMonth = Number(card.expMonth);
    const rawYear = Number(card.expYear);
    if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) {
      throw new PaymentProviderError("Your card's expiration month is invalid.", 'invalid_expiry_month');
    }
    if (!Number.isInteger(rawYear) || rawYear < 0) throw new PaymentProviderError("Your card's expiration year is invalid.", 'invalid_expiry_year');
    const expYear = rawYear < 100 ? 2000 + rawYear : rawYear;
    const today = new Date(now);
    const [year, month] = [today.getUTCFullYear(), today.getUTCMonth() + 1];
    // A card is good through the last day of its expiry month.
    if (expYear < year || (expYear === year && expMonth < month)) {
      throw new PaymentProviderError("Your card's expiration date is in the past.", expYear < year ? 'invalid_expiry_year' : 'invalid_expiry_month');
    }
    if (!/^\d{3,4}$/.test(String(card.cvc ?? '').trim())) throw new PaymentProviderError("Your card's security code is invalid.", 'invalid_cvc');
  } else {
    throw new PaymentProviderError("You cannot confirm this PaymentIntent because it's missing a payment method.", 'payment_intent_unexpected_state');
  }
  return { behaviour: TEST_CARDS[number] ?? { kind: 'succeed' }, last4: number.slice(-4) };
}

/**
 * Settles one processing intent whose completion time has passed. The status condition makes only
 * one caller win when several processes settle the same intent: answers whether this call did.
 */
async function settleOne(knex: Knex, row: Pick<IntentRow, 'id' | 'outcome'>, now: number): Promise<boolean> {
  const failed = row.outcome === 'fail';
  const changed = await knex(SIMULATED_INTENTS_TABLE)
    .where({ id: row.id, status: 'processing' })
    .andWhere('completes_at', '<=', now)
    .update({ status: failed ? 'failed' : 'succeeded', last_payment_error: failed ? DECLINED : null, updated: now });
  return Number(changed) > 0;
}

/** Settles every intent whose completion time has passed; answers the ids this call settled. */
export async function settleDueIntents(knex: Knex, now: number = Date.now()): Promise<string[]> {
  const due = (await knex(SIMULATED_INTENTS_TABLE).select('id', 'outcome').where('status', 'processing').andWhere('completes_at', '<=', now)) as Array<
    Pick<IntentRow, 'id' | 'outcome'>
  >;
  const settled: string[] = [];
  for (const row of due) if (await settleOne(knex, row, now)) settled.push(row.id);
  return settled;
}

/**
 * The default provider: no network, test cards decide the outcome, and a confirmed payment completes
 * after a delay. Intents live in the database so that several API processes share them; they settle
 * when read after their completion time (no timers), or through settleDueIntents from a sweeper.
 */
export class SimulatedPaymentProvider implements PaymentProvider {
  readonly name = 'simulated' as const;
  private readonly delayMs: number;
  private readonly now: () => number;

  constructor(
    private readonly knex: Knex,
    options: SimulatedProviderOptions = {},
  ) {
    this.delayMs = options.delayMs ?? DEFAULT_SIMULATED_DELAY_MS;
    this.now = options.now ?? Date.now;
  }

  settleDueIntents(now: number = this.now()): Promise<string[]> {
    return settleDueIntents(this.knex, now);
  }

  async createIntent(env: PaymentEnvironment, input: { amount: number; metadata: Record<string, string>; idempotencyKey: string }): Promise<ProviderIntent> {
    checkAmount(input.amount);
    const metadata = metadataText(input.metadata);
    const existing = await this.byCreateKey(input.idempotencyKey);
    if (existing) return this.replayCreate(existing, env, input.idempotencyKey);
    const id = `pi_sim_${randomBase62(24)}`;
    const now = this.now();
    try {
      await this.knex(SIMULATED_INTENTS_TABLE).insert({
        id,
        environment: env,
        status: 'requires_payment_method',
        amount: input.amount,
        currency: 'usd',
        client_secret: `${id}_secret_${randomBase62(24)}`,
        metadata,
        card_last4: null,
        outcome: null,
        last_payment_error: null,
        confirm_idempotency_key: null,
        create_idempotency_key: input.idempotencyKey,
        completes_at: null,
        created: now,
        updated: now,
      });
    } catch (e) {
      // Another process created it with the same key at the same moment: answer that one.
      const raced = await this.byCreateKey(input.idempotencyKey);
      if (raced) return this.replayCreate(raced, env, input.idempotencyKey);
      throw e;
    }
    return toIntent((await this.row(env, id))!);
  }

  async updateIntentAmount(env: PaymentEnvironment, id: string, amount: number, _idempotencyKey: string): Promise<ProviderIntent> {
    // Setting an amount gives the same result however often it is repeated: the key needs no record.
    checkAmount(amount);
    const row = await this.current(env, id);
    if (Number(row.amount) === amount) return toIntent(row);
    const changed = await this.knex(SIMULATED_INTENTS_TABLE)
      .where({ id, environment: env })
      .whereIn('status', AMOUNT_UPDATABLE)
      .update({ amount, updated: this.now() });
    if (Number(changed) === 0) {
      const status = (await this.current(env, id)).status;
      throw new PaymentProviderError(
        `This PaymentIntent's amount could not be updated because it has a status of ${status}. You may only update the amount of a PaymentIntent with one of the following statuses: ${AMOUNT_UPDATABLE.join(', ')}.`,
        'payment_intent_unexpected_state',
      );
    }
    return toIntent(await this.current(env, id));
  }

  async confirmIntent(env: PaymentEnvironment, id: string, card: CardInput, idempotencyKey: string): Promise<ProviderIntent> {
    const row = await this.current(env, id);
    const earlier = this.earlierConfirmation(row, idempotencyKey);
    if (earlier) return earlier;
    const now = this.now();
    const { behaviour, last4 } = cardBehaviour(card, now);
    const attempt = this.knex(SIMULATED_INTENTS_TABLE).where({ id, environment: env }).whereIn('status', CONFIRMABLE);
    if (behaviour.kind === 'decline') {
      // The provider keeps a declined attempt on the intent, which waits for another card.
      await attempt.update({ status: 'requires_payment_method', card_last4: last4, outcome: null, last_payment_error: behaviour.message, completes_at: null, updated: now });
      throw new PaymentProviderError(behaviour.message, behaviour.code);
    }
    const changed = await attempt.update({
      status: 'processing',
      card_last4: last4,
      outcome: behaviour.kind === 'failLater' ? 'fail' : 'succeed',
      last_payment_error: null,
      confirm_idempotency_key: idempotencyKey,
      completes_at: now + this.delayMs,
      updated: now,
    });
    if (Number(changed) === 0) {
      // Someone confirmed it between our read and our write.
      const again = await this.current(env, id);
      const answer = this.earlierConfirmation(again, idempotencyKey);
      if (answer) return answer;
      throw new PaymentProviderError(ALREADY_CONFIRMED, 'payment_intent_unexpected_state');
    }
    return toIntent(await this.current(env, id));
  }

  async cancelIntent(env: PaymentEnvironment, id: string, _idempotencyKey: string): Promise<ProviderIntent> {
    // Cancelling is the same however often it is repeated: the key needs no record.
    const row = await this.current(env, id);
    if (row.status === 'canceled') return toIntent(row);
    const changed = await this.knex(SIMULATED_INTENTS_TABLE).where({ id, environment: env }).whereIn('status', CANCELLABLE).update({ status: 'canceled', updated: this.now() });
    if (Number(changed) === 0) {
      const status = (await this.current(env, id)).status;
      if (status === 'canceled') return toIntent(await this.current(env, id));
      throw new PaymentProviderError(`You cannot cancel this PaymentIntent because it has a status of ${status}.`, 'payment_intent_unexpected_state');
    }
    return toIntent(await this.current(env, id));
  }

  async retrieveIntent(env: PaymentEnvironment, id: string): Promise<ProviderIntent> {
    return toIntent(await this.current(env, id));
  }

  parseWebhook(): { eventId: string; type: string; intent: ProviderIntent | null } {
    throw new PaymentProviderError('The simulated payment provider sends no webhooks.', null);
  }

  /** The same key answers the confirmed intent as it is; another key may not pay a paid intent again. */
  private earlierConfirmation(row: IntentRow, idempotencyKey: string): ProviderIntent | null {
    if (row.confirm_idempotency_key !== null && row.confirm_idempotency_key === idempotencyKey) return toIntent(row);
    if (row.status === 'processing' || row.status === 'succeeded') throw new PaymentProviderError(ALREADY_CONFIRMED, 'payment_intent_unexpected_state');
    if (!CONFIRMABLE.includes(row.status as IntentStatus)) {
      throw new PaymentProviderError(`This PaymentIntent's status is ${row.status}, so it cannot be confirmed.`, 'payment_intent_unexpected_state');
    }
    return null;
  }

  /**
   * The intent a key already created. The key is unique across environments (Stripe keeps one set of
   * keys per account), so reusing it in the other environment is refused as Stripe refuses reusing a
   * key for another request.
   */
  private replayCreate(row: IntentRow, env: PaymentEnvironment, key: string): ProviderIntent {
    if (row.environment !== env) {
      throw new PaymentProviderError(
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        'idempotency_key_in_use',
      );
    }
    return toIntent(row);
  }

  private async byCreateKey(key: string): Promise<IntentRow | undefined> {
    return (await this.knex(SIMULATED_INTENTS_TABLE).where({ create_idempotency_key: key }).first()) as IntentRow | undefined;
  }

  private async row(env: PaymentEnvironment, id: string): Promise<IntentRow | undefined> {
    return (await this.knex(SIMULATED_INTENTS_TABLE).where({ id, environment: env }).first()) as IntentRow | undefined;
  }

  /** The intent as it stands now: settled first when its completion time has passed. */
  private async current(env: PaymentEnvironment, id: string): Promise<IntentRow> {
    const row = await this.row(env, id);
    if (!row) throw notFound(id);
    const now = this.now();
    if (row.status === 'processing' && row.completes_at !== null && Number(row.completes_at) <= now) {
      await settleOne(this.knex, row, now);
      return (await this.row(env, id))!;
    }
    return row;
  }
}
