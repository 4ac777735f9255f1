import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createTransport } from 'nodemailer';

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>;
}

export interface OutboxEntry {
  to: string[];
  subject: string;
  text: string;
  /** ISO time the message was written. */
  date: string;
  /** The .eml file. */
  file: string;
}

type Env = Record<string, string | undefined>;

export const DEFAULT_MAIL_FROM = 'Portal <no-reply@portal.local>';

function checkMessage(message: MailMessage): void {
  if (!message.to.length) throw new Error('A mail needs at least one recipient.');
}

function mailOptions(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html !== undefined ? { html: message.html } : {}),
    ...(message.replyTo !== undefined ? { replyTo: message.replyTo } : {}),
  };
}

/** Sends through an SMTP server given as a URL (smtp://user:pass@host:587, smtps://…). */
export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(
    smtpUrl: string,
    private readonly from: string = DEFAULT_MAIL_FROM,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    checkMessage(message);
    const info = await this.transport.sendMail(mailOptions(this.from, message));
    return { messageId: info.messageId };
  }
}

/**
 * Without a mail server, every message becomes a file in an outbox folder: the full message as .eml
 * (opens in any mail program) and a .json beside it with what tests and people look for. File names
 * start with the time, so they sort in the order the messages were written.
 */
export class OutboxMailer implements Mailer {
  private readonly transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  private lastTime = 0;

  constructor(
    readonly dir: string,
    private readonly from: string = DEFAULT_MAIL_FROM,
  ) {}

  async send(message: MailMessage): Promise<{ messageId: string }> {
    checkMessage(message);
    const info = await this.transport.sendMail(mailOptions(this.from, message));
    // Never the same or an earlier time than the previous message of this process, so that names keep order.
    const time = Math.max(Date.now(), this.lastTime + 1);
    this.lastTime = time;
    const date = new Date(time).toISOString();
    // Colons are not allowed in Windows file names; the name still sorts by time.
    const base = `${date.replace(/:/g, '-')}-${randomBytes(4).toString('hex')}`;
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(path.join(this.dir, `${base}.eml`), info.message as Buffer);
    const sidecar = { to: message.to, subject: message.subject, text: message.text, date, messageId: info.messageId };
    // Written under another name and renamed, so a reader never sees half a file.
    const tmp = path.join(this.dir, `.${base}.json.tmp`);
    await fs.writeFile(tmp, JSON.stringify(sidecar, null, 2));
    await fs.rename(tmp, path.join(this.dir, `${base}.json`));
    return { messageId: info.messageId };
  }
}

export function outboxDir(env: Env, rootDir: string): string {
  return env.MAIL_OUTBOX_DIR?.trim() ? path.resolve(rootDir, env.MAIL_OUTBOX_DIR.trim()) : path.join(rootDir, 'data', 'outbox');
}

/** SMTP when SMTP_URL is set, otherwise the outbox folder (MAIL_OUTBOX_DIR, default <rootDir>/data/outbox). */
export function mailerFromEnv(env: Env, rootDir: string): Mailer {
  const from = env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM;
  const smtpUrl = env.SMTP_URL?.trim();
  if (smtpUrl) return new SmtpMailer(smtpUrl, from);
  return new OutboxMailer(outboxDir(env, rootDir), from);
}

/** The messages in an outbox folder, oldest first; an absent folder is an empty outbox. */
export async function readOutbox(dir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const entries: OutboxEntry[] = [];
  for (const name of names.filter((n) => n.endsWith('.json') && !n.startsWith('.')).sort()) {
    const data = JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as Omit<OutboxEntry, 'file'>;
    entries.push({ to: data.to, subject: data.subject, text: data.text, date: data.date, file: path.join(dir, name.replace(/\.json$/, '.eml')) });
  }
  return entries.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.file.localeCompare(b.file)));
}
