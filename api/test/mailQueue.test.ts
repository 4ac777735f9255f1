import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, Mailer } from '../src/adapters/mail/index.ts';
import { MAIL_RETRY_DELAYS_MS, MailQueue } from '../src/services/mailQueue.ts';
import { databases, startTestApp, type TestApp } from './helpers.ts';

/**
 * The mail queue (decision 0121), from its rules: every mail is kept until delivered; the request's
 * own attempt comes first; a failed one is tried again after its wait, by one process only however
 * many try at once; after the last wait it is given up and shown to platform administrators.
 */

/** A mail server that refuses while `down`, and records what it delivered. */
class FlakyServer implements Mailer {
  down = false;
  delivered: MailMessage[] = [];
  async send(message: MailMessage) {
    // A real server takes a moment: two processes trying at once overlap.
    await new Promise((r) => setTimeout(r, 5));
    if (this.down) throw new Error('connect ECONNREFUSED 10.0.0.25:587\n    at TCPConnectWrap');
    this.delivered.push(message);
    return { messageId: `m${this.delivered.length}` };
  }
}

const mail = (subject: string): MailMessage => ({ to: ['client@maple.test'], subject, text: 'Hello' });

describe.each(databases)('mail queue on $name', (dbCase) => {
  let t: TestApp;
  let clock: Date;
  const server = new FlakyServer();
  const queue = (holder: string) => new MailQueue(t.db, server, { holder, now: () => clock });

  beforeAll(async () => {
    t = await startTestApp(dbCase);
    clock = new Date('2026-11-28T10:00:00Z');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('delivers at once and keeps the mail as sent', async () => {
    server.down = false;
    const before = server.delivered.length;
    await queue('api-1').send(mail('At once'));
    expect(server.delivered.length).toBe(before + 1);
    const row = await t.db('mail_queue').where({ subject: 'At once' }).first();
    expect(row).toMatchObject({ state: 'sent', attempts: 1, last_error: null });
  });

  it('keeps a mail the server refused, and sends it once after its wait, with two processes trying at once', async () => {
    server.down = true;
    await expect(queue('api-1').send(mail('Refused first'))).rejects.toThrow('ECONNREFUSED');
    let row = await t.db('mail_queue').where({ subject: 'Refused first' }).first();
    expect(row).toMatchObject({ state: 'pending', attempts: 1, last_error: 'connect ECONNREFUSED 10.0.0.25:587' });

    server.down = false;
    // Before the first wait (one minute) is over, nothing is tried.
    clock = new Date(clock.getTime() + MAIL_RETRY_DELAYS_MS[0] - 1000);
    await queue('api-2').retryDue();
    expect(server.delivered.filter((m) => m.subject === 'Refused first')).toHaveLength(0);

    clock = new Date(clock.getTime() + 2000);
    await Promise.all([queue('api-1').retryDue(), queue('api-2').retryDue(), queue('api-3').retryDue()]);
    expect(server.delivered.filter((m) => m.subject === 'Refused first')).toHaveLength(1);
    row = await t.db('mail_queue').where({ subject: 'Refused first' }).first();
    expect(row).toMatchObject({ state: 'sent', attempts: 2, last_error: null });
  });

  it('takes over a mail whose sending process stopped mid-attempt', async () => {
    server.down = false;
    const at = clock.toISOString().slice(0, 19).replace('T', ' ');
    await t.db('mail_queue').insert({ recipients: '["client@maple.test"]', subject: 'Left mid-send', body: 'Hello', state: 'sending', attempts: 0, claimed_by: 'gone:1:aaaaaa', claimed_until: at, created: at });
    clock = new Date(clock.getTime() + 1000);
    await queue('api-2').retryDue();
    expect(server.delivered.filter((m) => m.subject === 'Left mid-send')).toHaveLength(1);
  });

  it('gives a mail up after its last attempt, and shows it to platform administrators only', async () => {
    server.down = true;
    await expect(queue('api-1').send(mail('Never delivered'))).rejects.toThrow();
    for (const wait of MAIL_RETRY_DELAYS_MS) {
      clock = new Date(clock.getTime() + wait + 1000);
      await queue('api-1').retryDue();
    }
    const row = await t.db('mail_queue').where({ subject: 'Never delivered' }).first();
    expect(row).toMatchObject({ state: 'failed', attempts: MAIL_RETRY_DELAYS_MS.length + 1 });
    // No further attempt once given up.
    clock = new Date(clock.getTime() + 24 * 3600_000);
    await queue('api-1').retryDue();
    expect((await t.db('mail_queue').where({ subject: 'Never delivered' }).first()).attempts).toBe(MAIL_RETRY_DELAYS_MS.length + 1);

    const admin = await t.as('owner-850@demo.test');
    const res = await admin.get('/api/platform/background-tasks');
    expect(res.status).toBe(200);
    expect(res.body.data.mail.failed).toBe(1);
    expect(res.body.data.mail.latestFailed[0]).toMatchObject({ to: ['client@maple.test'], subject: 'Never delivered', attempts: 6, lastError: 'connect ECONNREFUSED 10.0.0.25:587' });
    const owner = await t.as('owner-1053@demo.test');
    expect((await owner.get('/api/platform/background-tasks')).status).toBe(403);
  });

  it('queues the mails the portal sends: a share through the API is delivered and kept as sent', async () => {
    const owner = await t.as('owner-850@demo.test');
    const [order] = await t.repos.productOrders.find({ orgId: 850 }, { columns: ['orgSpecificId'] });
    const res = await owner.post('/api/configurator/product-order/share', { orgId: 850, productOrderOrgSpecificId: order!.orgSpecificId, sharees: [{ email: 'queued.sharee@example.test' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await t.db('mail_queue').where('recipients', 'like', '%queued.sharee@example.test%').first();
    expect(row).toMatchObject({ state: 'sent', attempts: 1 });
  });
});
