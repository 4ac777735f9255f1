import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailerFromEnv, OutboxMailer, readOutbox, SmtpMailer } from '../../src/adapters/mail/index.ts';

/** A minimal SMTP server that keeps what it receives. */
async function startSmtp(): Promise<{ url: string; received: Array<{ from: string; to: string[]; data: string }>; close(): Promise<void> }> {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 OK queued\r\n');
          } else current.data += (line.startsWith('..') ? line.slice(1) : line) + '\n';
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
        else if (verb === 'MAIL') (current.from = line), socket.write('250 OK\r\n');
        else if (verb === 'RCPT') current.to.push(/<(.*)>/.exec(line)?.[1] ?? line), socket.write('250 OK\r\n');
        else if (verb === 'DATA') (inData = true), socket.write('354 go ahead\r\n');
        else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Mail: the outbox folder (a readable .eml and a .json per message, in time order) or SMTP. */
describe('mail', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cpq-mail-'));
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('without SMTP_URL writes each message to <rootDir>/data/outbox as .eml and .json', async () => {
    const mailer = mailerFromEnv({}, root);
    expect(mailer).toBeInstanceOf(OutboxMailer);
    const { messageId } = await mailer.send({ to: ['customer@example.com', 'office@example.com'], subject: 'Order 12 approved', text: 'Your order was approved.\nThank you.', replyTo: 'orders@example.com' });
    const dir = path.join(root, 'data', 'outbox');
    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    const [eml, json] = [files.find((f) => f.endsWith('.eml'))!, files.find((f) => f.endsWith('.json'))!];
    expect(eml.replace(/\.eml$/, '')).toBe(json.replace(/\.json$/, ''));
    expect(eml).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]+\.eml$/);

    const message = fs.readFileSync(path.join(dir, eml), 'utf8');
    expect(message).not.toContain('\r\n');
    expect(message).toMatch(/^From: Portal <no-reply@portal\.local>$/m);
    expect(message).toMatch(/^To: customer@example\.com, office@example\.com$/m);
    expect(message).toMatch(/^Subject: Order 12 approved$/m);
    expect(message).toMatch(/^Reply-To: orders@example\.com$/m);
    expect(message).toContain(`Message-ID: ${messageId}`);
    expect(message).toContain('Your order was approved.\nThank you.');

    const sidecar = JSON.parse(fs.readFileSync(path.join(dir, json), 'utf8'));
    expect(sidecar).toMatchObject({ to: ['customer@example.com', 'office@example.com'], subject: 'Order 12 approved', text: 'Your order was approved.\nThank you.' });
    expect(new Date(sidecar.date).toISOString()).toBe(sidecar.date);
  });

  it('readOutbox answers the messages oldest first, with their .eml file', async () => {
    const mailer = mailerFromEnv({ MAIL_OUTBOX_DIR: 'mail-out', MAIL_FROM: 'Acme Orders <orders@acme.test>' }, root);
    const dir = path.join(root, 'mail-out');
    for (const n of [1, 2, 3]) await mailer.send({ to: [`c${n}@example.com`], subject: `Message ${n}`, text: `Body ${n}`, html: `<p>Body ${n}</p>` });
    const outbox = await readOutbox(dir);
    expect(outbox.map((m) => m.subject)).toEqual(['Message 1', 'Message 2', 'Message 3']);
    expect(outbox[0]).toMatchObject({ to: ['c1@example.com'], text: 'Body 1' });
    expect(outbox[0]!.date < outbox[1]!.date && outbox[1]!.date < outbox[2]!.date).toBe(true);
    const eml = fs.readFileSync(outbox[2]!.file, 'utf8');
    expect(eml).toMatch(/^From: Acme Orders <orders@acme\.test>$/m);
    expect(eml).toContain('<p>Body 3</p>');
    expect(await readOutbox(path.join(root, 'nothing-here'))).toEqual([]);
  });

  it('refuses a message without recipients', async () => {
    await expect(mailerFromEnv({}, root).send({ to: [], subject: 's', text: 't' })).rejects.toThrow(/recipient/);
  });

  it('with SMTP_URL sends through that server', async () => {
    const smtp = await startSmtp();
    try {
      const mailer = mailerFromEnv({ SMTP_URL: smtp.url, MAIL_FROM: 'Portal <portal@acme.test>' }, root);
      expect(mailer).toBeInstanceOf(SmtpMailer);
      await mailer.send({ to: ['customer@example.com'], subject: 'Payment received', text: 'We received $1,000.00.' });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['customer@example.com']);
      expect(smtp.received[0]!.data).toMatch(/^Subject: Payment received$/m);
      expect(smtp.received[0]!.data).toContain('We received $1,000.00.');
      expect(fs.existsSync(path.join(root, 'data', 'outbox'))).toBe(false);
    } finally {
      await smtp.close();
    }
  });
});
