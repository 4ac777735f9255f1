import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/adapters/mail/index.ts';
import { toDbDate } from '../src/db/time.ts';
import { databases, startTestApp, type Client, type TestApp } from './helpers.ts';

/**
 * A guest's way in (docs/decisions/0056-guest-invitation-links.md), written from the rules: an
 * invited person without a password gets a link that works once, until it expires, and only while
 * they are still a guest; it lets them choose a password and signs them in as a guest. A link that
 * does not open is a 404 with a sentence and changes nothing; many bad links from one IP wait (429).
 */
const ORG = 850;
const PORTAL = 'https://portal.example.test';
const LINK = new RegExp(`${PORTAL}/invitation\\?token=([A-Za-z0-9_-]+)`);
const UNUSABLE = 'This invitation link has expired or has already been used. Sign in with your email address and password, or ask for a new invitation.';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe.each(databases)('invitation links on $name', (dbCase) => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  let owner: Client;
  let n = 0;
  // The throttle's clock: waits end when the test moves it, never by real time passing.
  let clock = Date.parse('2026-11-23T10:00:00Z');

  beforeAll(async () => {
    t = await startTestApp(dbCase, { publicUrl: PORTAL, mailer: { send: async (m) => (sent.push(m), { messageId: `m${sent.length}` }) }, rateLimit: { now: () => clock } });
    owner = await t.as('owner-850@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    sent.length = 0;
    await t.db('login_throttle').where('throttle_key', 'like', 'invitation-%').orWhere('throttle_key', 'like', 'share-%').delete();
  });

  /** Invites a new address; answers it, its user id and the token its mail carries. */
  async function invite(email = `invited-${++n}@example.test`) {
    const res = await owner.post('/api/orgs/invite-guest', { email, activeOrgId: ORG, pricingIsHidden: 0 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = sent.at(-1)!;
    expect(mail.to).toEqual([email]);
    const token = LINK.exec(mail.text ?? '')?.[1];
    return { email, userId: res.body.data.guest.userId as number, token: token!, mail };
  }
  const user = (id: number) => t.repos.users.findOne({ id });
  const links = (userId: number) => t.db('invitation_tokens').where('user_id', userId).orderBy('id');

  it('mails a new address a link whose token is stored only as its hash', async () => {
    const { token, userId, mail } = await invite();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain('Choose your password:');
    const rows = await links(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('says what the link is for, then sets the password once and signs the person in as a guest', async () => {
    const { email, token, userId } = await invite();
    const anonymous = t.client();
    const read = await anonymous.post('/api/auth/invitation', { token });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ email, orgId: ORG, orgTitle: expect.any(String) });

    const accepted = await anonymous.post('/api/auth/accept-invitation', { token, password: 'correct horse' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.user.email).toBe(email);
    expect(accepted.body.data.organisations.find((o: { id: number }) => o.id === ORG).role).toBe('guest');
    // The cookie came back: the person is signed in.
    expect((await anonymous.get('/api/auth/session')).body.data.user.id).toBe(userId);
    // From now on the password is the key.
    expect((await t.client().post('/api/auth/login', { email, password: 'correct horse' })).status).toBe(200);

    // Once only: the link is used up, for reading and for setting.
    const again = await t.client().post('/api/auth/accept-invitation', { token, password: 'another password' });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(UNUSABLE);
    expect((await t.client().post('/api/auth/invitation', { token })).status).toBe(404);
    expect((await t.client().post('/api/auth/login', { email, password: 'correct horse' })).status).toBe(200);
  });

  it('refuses a short password (400) and changes nothing: the link still works', async () => {
    const { token, userId } = await invite();
    const res = await t.client().post('/api/auth/accept-invitation', { token, password: 'short' });
    expect(res.status).toBe(400);
    expect((await user(userId))!.passwordHash ?? null).toBeNull();
    expect((await links(userId))[0].used).toBeNull();
    expect((await t.client().post('/api/auth/invitation', { token })).status).toBe(200);
  });

  it('refuses an expired link (404) and changes nothing', async () => {
    const { token, userId } = await invite();
    await t.db('invitation_tokens').where('user_id', userId).update({ expires: toDbDate(new Date(Date.now() - 1000)) });
    expect((await t.client().post('/api/auth/invitation', { token })).status).toBe(404);
    const res = await t.client().post('/api/auth/accept-invitation', { token, password: 'correct horse' });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(UNUSABLE);
    expect((await user(userId))!.passwordHash ?? null).toBeNull();
    expect((await links(userId))[0].used).toBeNull();
  });

  it('refuses a wrong token (404), signing nobody in', async () => {
    const { token } = await invite();
    const wrong = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const c = t.client();
    const res = await c.post('/api/auth/accept-invitation', { token: wrong, password: 'correct horse' });
    expect(res.status).toBe(404);
    expect(c.cookie).toBe('');
    expect((await c.get('/api/auth/session')).status).toBe(401);
  });

  it('stops the link of a disinvited guest, and an older link once a newer one is mailed', async () => {
    const first = await invite();
    expect((await owner.post('/api/orgs/disinvite-guest', { orgId: ORG, userId: first.userId })).status).toBe(200);
    expect((await t.client().post('/api/auth/accept-invitation', { token: first.token, password: 'correct horse' })).status).toBe(404);
    const second = await invite(first.email);
    expect(second.token).not.toBe(first.token);
    expect((await t.client().post('/api/auth/invitation', { token: first.token })).status).toBe(404);
    expect((await t.client().post('/api/auth/accept-invitation', { token: second.token, password: 'correct horse' })).status).toBe(200);
  });

  it('gives a person who has a password the plain link to the portal, and no token', async () => {
    const res = await owner.post('/api/orgs/invite-guest', { email: 'owner-1392@demo.test', activeOrgId: ORG, pricingIsHidden: 0 });
    expect(res.status).toBe(200);
    expect(sent[0]!.text).toContain(`Open the portal: ${PORTAL}/`);
    expect(sent[0]!.text).not.toContain('/invitation');
    expect(await links(res.body.data.guest.userId)).toHaveLength(0);
  });

  it('makes an IP that gave many bad links wait (429 with Retry-After), even with a good link, until the wait is over', async () => {
    const { token } = await invite();
    const c = t.client();
    for (let i = 0; i < 20; i++) expect((await c.post('/api/auth/invitation', { token: `bad${i}`.padEnd(43, 'x') })).status).toBe(404);
    const blocked = await c.post('/api/auth/accept-invitation', { token, password: 'correct horse' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toEqual({ code: 'tooManyAttempts', message: 'Too many invalid links from your network. Try again in 1 second.' });
    expect(blocked.headers.get('retry-after')).toBe('1');
    expect((await c.post('/api/auth/invitation', { token })).status).toBe(429);
    // Bad share links are counted apart: this IP's share links are not slowed by its bad invitations.
    expect((await c.post('/api/configurator/get-org-role-for-token', { shareToken: 'A'.repeat(43) })).status).toBe(404);
    // A moment short of the wait still waits; once the clock has passed it the good link works.
    clock += 999;
    expect((await c.post('/api/auth/invitation', { token })).status).toBe(429);
    clock += 1;
    expect((await c.post('/api/auth/accept-invitation', { token, password: 'correct horse' })).status).toBe(200);
  });
});
