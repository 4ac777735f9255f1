import type { Knex } from 'knex';
import type { MailQueueState } from '@cpq/domain';
import type { MailMessage, Mailer } from '../adapters/mail/index.ts';
import { normaliseDbDate, toDbDate } from '../db/time.ts';

const TABLE = 'mail_queue';

/** Waits before the 2nd, 3rd... attempt; after the last one the mail is given up ('failed'). */
export const MAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 3600_000] as const;
/** A claim outlives a slow mail server; a process that died while sending is replaced after it. */
const CLAIM_MS = 2 * 60_000;

const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 500);

/**
 * The mail queue (decision 0121): a Mailer that keeps every message in the database before it hands it
 * to the real one. The request that wrote a mail tries it at once, as before; a failed attempt waits
 * (MAIL_RETRY_DELAYS_MS) and is tried again by `retryDue`, run by the background task. Each attempt is
 * claimed by one conditional UPDATE, so with several processes a mail is sent by one of them only.
 */
export class MailQueue implements Mailer {
  constructor(
    private readonly db: Knex,
    private readonly transport: Mailer,
    private readonly opts: { holder: string; now?: () => Date },
  ) {}

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  /** Stores the mail, claimed by this process, and tries it now. Throws the attempt's error (the mail stays queued). */
  async send(message: MailMessage): Promise<{ messageId: string }> {
    if (!message.to.length) throw new Error('A mail needs at least one recipient.');
    const now = this.now();
    const [id] = await this.db(TABLE).insert({
      recipients: JSON.stringify(message.to),
      subject: message.subject.slice(0, 500),
      body: message.text,
      html: message.html ?? null,
      reply_to: message.replyTo ?? null,
      state: 'sending',
      attempts: 0,
      claimed_by: this.opts.holder,
      claimed_until: toDbDate(new Date(now.getTime() + CLAIM_MS)),
      created: toDbDate(now),
    });
    return this.attempt(Number(id), message, 0);
  }

  /**
   * Tries the mails whose wait is over (and those a stopped process had claimed), a batch at a time.
   * Answers whether the batch was full (more may be due).
   */
  async retryDue(limit = 20): Promise<boolean> {
    const at = toDbDate(this.now());
    const due = (await this.db(TABLE)
      .where((q) => q.where('state', 'pending').andWhere('next_attempt', '<=', at))
      .orWhere((q) => q.where('state', 'sending').andWhere('claimed_until', '<', at))
      .orderBy('id')
      .limit(limit)
      .select('id')) as Array<{ id: number }>;
    for (const { id } of due) {
      const claimed = await this.claim(Number(id), at);
      if (!claimed) continue;
      await this.attempt(claimed.id, claimed.message, claimed.attempts).catch(() => undefined);
    }
    return due.length === limit;
  }

  /** Takes one due mail for this process, unless another took it first. */
  private async claim(id: number, at: string): Promise<{ id: number; message: MailMessage; attempts: number } | undefined> {
    const taken = await this.db(TABLE)
      .where({ id })
      .andWhere((q) => q.where((p) => p.where('state', 'pending').andWhere('next_attempt', '<=', at)).orWhere((p) => p.where('state', 'sending').andWhere('claimed_until', '<', at)))
      .update({ state: 'sending', claimed_by: this.opts.holder, claimed_until: toDbDate(new Date(this.now().getTime() + CLAIM_MS)) });
    if (taken !== 1) return undefined;
    const row = (await this.db(TABLE).where({ id }).first()) as Record<string, unknown>;
    const message: MailMessage = {
      to: JSON.parse(String(row.recipients)) as string[],
      subject: String(row.subject),
      text: String(row.body),
      ...(row.html != null ? { html: String(row.html) } : {}),
      ...(row.reply_to != null ? { replyTo: String(row.reply_to) } : {}),
    };
    return { id, message, attempts: Number(row.attempts) };
  }

  /** One attempt of a mail this process has claimed: sent, or waiting for the next attempt, or given up. */
  private async attempt(id: number, message: MailMessage, attemptsBefore: number): Promise<{ messageId: string }> {
    const attempts = attemptsBefore + 1;
    try {
      const sent = await this.transport.send(message);
      await this.db(TABLE).where({ id, claimed_by: this.opts.holder }).update({ state: 'sent', attempts, sent: toDbDate(this.now()), claimed_by: null, claimed_until: null, last_error: null });
      return sent;
    } catch (err) {
      const wait = MAIL_RETRY_DELAYS_MS[attempts - 1];
      await this.db(TABLE)
        .where({ id, claimed_by: this.opts.holder })
        .update({
          state: wait === undefined ? 'failed' : 'pending',
          attempts,
          next_attempt: wait === undefined ? null : toDbDate(new Date(this.now().getTime() + wait)),
          claimed_by: null,
          claimed_until: null,
          last_error: firstLine(err),
        });
      throw err;
    }
  }

  /** What a platform administrator reads: how many mails wait or were given up, and the latest given up. */
  async state(limit = 20): Promise<MailQueueState> {
    const counts = (await this.db(TABLE).whereIn('state', ['pending', 'sending', 'failed']).groupBy('state').select('state').count({ n: '*' })) as Array<{ state: string; n: number | string }>;
    const count = (s: string) => Number(counts.find((c) => c.state === s)?.n ?? 0);
    const failed = (await this.db(TABLE).where({ state: 'failed' }).orderBy('id', 'desc').limit(limit)) as Array<Record<string, unknown>>;
    return {
      waiting: count('pending') + count('sending'),
      failed: count('failed'),
      latestFailed: failed.map((r) => ({
        to: JSON.parse(String(r.recipients)) as string[],
        subject: String(r.subject),
        attempts: Number(r.attempts),
        lastError: r.last_error == null ? null : String(r.last_error),
        created: normaliseDbDate(r.created) ?? '',
      })),
    };
  }
}
