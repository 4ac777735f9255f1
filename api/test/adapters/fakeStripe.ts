import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A stand-in for Stripe's PaymentIntents API, enough for the official SDK: form-encoded bodies,
 * Idempotency-Key replays (per secret key, as Stripe keeps keys per account), a test payment method
 * that pays and one that is declined. `charges` counts the payments actually attempted.
 */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { type: string; code: string; message: string } | null;
  payment_method: string | null;
  allowed_payment_method_types: string[];
  livemode: boolean;
  created: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  secretKey: string;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}

export interface FakeStripe {
  host: string;
  port: number;
  /** Every request received, replays included. */
  requests: FakeRequest[];
  /** Payments attempted (a replayed confirm is not one). */
  charges: number;
  /** Intents cancelled. */
  cancels: number;
  /** Intents per secret key. */
  intents: Map<string, Map<string, FakeIntent>>;
  /** How many of the next answers to lose: the request is handled, then the connection is cut. */
  dropResponses: number;
  /** Finishes a processing intent (what the bank decides later); answers the intent as it now is. */
  settle(intentId: string, status: 'succeeded' | 'requires_payment_method'): FakeIntent;
  close(): Promise<void>;
}

/** `a[b][0]=x` form fields into nested objects and arrays, as Stripe reads them. */
export function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const slot = Array.isArray(node) ? Number(part) : part;
      const holder = node as Record<string | number, unknown>;
      if (last) holder[slot] = value;
      else {
        holder[slot] ??= nextIsIndex ? [] : {};
        node = holder[slot] as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
}

function newId(prefix: string): string {
  return prefix + randomBytes(12).toString('hex');
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const replays = new Map<string, { body: string; status: number; answer: unknown }>();
  const fake: FakeStripe = {
    host: '127.0.0.1',
    port: 0,
    requests: [],
    charges: 0,
    cancels: 0,
    intents: new Map(),
    dropResponses: 0,
    settle(intentId, status) {
      for (const intents of fake.intents.values()) {
        const intent = intents.get(intentId);
        if (!intent) continue;
        const failed = status !== 'succeeded';
        Object.assign(intent, { status, last_payment_error: failed ? { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } : null });
        return JSON.parse(JSON.stringify(intent)) as FakeIntent;
      }
      throw new Error(`No such payment_intent: '${intentId}'`);
    },
    close: async () => {},
  };

  const invalid = (status: number, type: string, code: string, message: string, extra: Record<string, unknown> = {}) => ({ status, answer: { error: { type, code, message, ...extra } } });

  function handle(method: string, path: string, secretKey: string, body: Record<string, unknown>): { status: number; answer: unknown } {
    const intents = fake.intents.get(secretKey) ?? new Map<string, FakeIntent>();
    fake.intents.set(secretKey, intents);
    const m = /^\/v1\/payment_intents(?:\/([^/]+))?(\/confirm|\/cancel)?$/.exec(path);
    if (!m) return invalid(404, 'invalid_request_error', 'resource_missing', `Unrecognized request URL (${method}: ${path}).`);
    const [, id, action] = m;
    const confirm = action === '/confirm';
    if (!id) {
      if (method !== 'POST') return invalid(404, 'invalid_request_error', 'resource_missing', 'Listing is not faked.');
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount <= 0) return invalid(400, 'invalid_request_error', 'parameter_invalid_integer', 'Invalid positive integer');
      const intentId = newId('pi_');
      const intent: FakeIntent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        currency: String(body.currency),
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        metadata: (body.metadata as Record<string, string>) ?? {},
        last_payment_error: null,
        payment_method: null,
        allowed_payment_method_types: (body.allowed_payment_method_types as string[]) ?? (body.payment_method_types as string[]) ?? ['card'],
        livemode: secretKey.startsWith('sk_live_'),
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(intentId, intent);
      return { status: 200, answer: intent };
    }
    const intent = intents.get(id);
    if (!intent) return invalid(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${id}'`, { param: 'intent' });
    if (method === 'GET') return { status: 200, answer: intent };
    if (action === '/cancel') {
      // As Stripe for cards: an intent the bank is settling, or that took the money, cannot be cancelled.
      if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
        return invalid(400, 'invalid_request_error', 'payment_intent_unexpected_state', `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, { payment_intent: intent });
      }
      fake.cancels++;
      Object.assign(intent, { status: 'canceled' });
      return { status: 200, answer: intent };
    }
    if (!confirm) {
      if (body.amount !== undefined) {
        if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
          return invalid(400, 'invalid_request_error', 'payment_intent_unexpected_state', `This PaymentIntent's amount could not be updated because it has a status of ${intent.status}.`);
        }
        intent.amount = Number(body.amount);
      }
      if (body.metadata) intent.metadata = { ...intent.metadata, ...(body.metadata as Record<string, string>) };
      return { status: 200, answer: intent };
    }
    if (intent.status === 'succeeded' || intent.status === 'processing') {
      return invalid(400, 'invalid_request_error', 'payment_intent_unexpected_state', 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.', {
        payment_intent: intent,
      });
    }
    const pm = String(body.payment_method ?? '');
    if (pm === 'pm_card_visa') {
      fake.charges++;
      Object.assign(intent, { status: 'succeeded', payment_method: newId('pm_'), last_payment_error: null });
      return { status: 200, answer: intent };
    }
    if (pm === 'pm_card_processing') {
      // A payment the bank settles later (Stripe then tells by webhook): see `settle`.
      fake.charges++;
      Object.assign(intent, { status: 'processing', payment_method: newId('pm_'), last_payment_error: null });
      return { status: 200, answer: intent };
    }
    if (pm === 'pm_card_chargeDeclined') {
      fake.charges++;
      const error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
      Object.assign(intent, { status: 'requires_payment_method', payment_method: null, last_payment_error: error });
      return { status: 402, answer: { error: { ...error, decline_code: 'generic_decline', payment_intent: intent } } };
    }
    return invalid(400, 'invalid_request_error', 'resource_missing', `No such PaymentMethod: '${pm}'`, { param: 'payment_method' });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      const secretKey = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const body = parseForm(req.method === 'GET' ? url.search.slice(1) : raw);
      fake.requests.push({ method: req.method ?? '', path: url.pathname, secretKey, idempotencyKey, body });
      let result: { status: number; answer: unknown };
      let replayed = false;
      if (!secretKey) result = invalid(401, 'invalid_request_error', 'api_key_missing', 'You did not provide an API key.');
      else {
        const replayKey = idempotencyKey && req.method === 'POST' ? `${secretKey} ${idempotencyKey}` : null;
        const earlier = replayKey ? replays.get(replayKey) : undefined;
        if (earlier && earlier.body !== raw) {
          result = invalid(400, 'idempotency_error', 'idempotency_key_in_use', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
        } else if (earlier) {
          result = earlier;
          replayed = true;
        } else {
          const fresh = handle(req.method ?? 'GET', url.pathname, secretKey, body);
          // Stripe keeps the answer as it was sent, later changes to the intent do not show in a replay.
          result = { status: fresh.status, answer: JSON.parse(JSON.stringify(fresh.answer)) };
          if (replayKey) replays.set(replayKey, { body: raw, ...result });
        }
      }
      if (fake.dropResponses > 0) {
        fake.dropResponses--;
        req.socket.destroy();
        return;
      }
      const text = JSON.stringify(result.answer);
      res.writeHead(result.status, { 'content-type': 'application/json', 'request-id': newId('req_'), ...(replayed ? { 'idempotent-replayed': 'true' } : {}) });
      res.end(text);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.port = (server.address() as AddressInfo).port;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** A Stripe-Signature header for a webhook body, as Stripe would send it. */
export function signWebhook(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp !== undefined ? { timestamp } : {}) });
}
