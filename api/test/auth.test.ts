import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionData } from '@cpq/domain';
import { compile } from '../src/http/validate.ts';
import { countRows, databases, startTestApp, type TestApp } from './helpers.ts';

describe.each(databases)('auth on $name', (dbCase) => {
  let t: TestApp;
  let clock = Date.parse('2026-11-23T10:00:00Z');
  beforeAll(async () => {
    t = await startTestApp(dbCase, { rateLimit: { now: () => clock } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs in, sets an httpOnly SameSite=Lax cookie and answers SessionData', async () => {
    const c = t.client();
    const res = await c.post('/api/auth/login', { email: 'owner-850@demo.test', password: 'demo' });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^cpq_session=[A-Za-z0-9_-]{43};/);
    expect(cookie.toLowerCase()).toContain('httponly');
    expect(cookie.toLowerCase()).toContain('samesite=lax');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const validate = compile(SessionData);
    expect(validate(res.body.data), JSON.stringify(validate.errors)).toBe(true);
    expect(res.body.data.user).toMatchObject({ email: 'owner-850@demo.test', firstName: 'Eleanor', lastName: 'Whitcombe', name: 'Eleanor Whitcombe' });
    expect(res.body.data.organisations.map((o: { id: number; role: string }) => [o.id, o.role])).toEqual([[850, 'owner']]);
    expect(res.body.data.organisations[0].appData.designEngine.accentColor).toBe('#8a6d3b');
    // The token is stored hashed, with a device row.
    const token = cookie.slice('cpq_session='.length, cookie.indexOf(';'));
    const stored = await t.db('sessions').select('token_hash', 'device_id');
    expect(stored.some((s: { token_hash: string }) => s.token_hash === token)).toBe(false);
    expect(stored.every((s: { device_id: number | null }) => s.device_id != null)).toBe(true);
  });

  it('treats the email case-insensitively', async () => {
    const res = await t.client().post('/api/auth/login', { email: '  Owner-1053@Demo.TEST ', password: 'demo' });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe('owner-1053@demo.test');
  });

  it('lists every active organisation of a multi-organisation user, not left/disabled ones', async () => {
    const c = await t.as('multi@demo.test');
    const s = await c.get('/api/auth/session');
    expect(s.body.data.organisations.map((o: { id: number }) => o.id)).toEqual([850, 1053]);
    const user = await t.repos.users.findOne({ email: 'multi@demo.test' });
    await t.repos.memberships.update({ userId: user!.id, orgId: 1053 }, { role: 'left' });
    const s2 = await c.get('/api/auth/session');
    expect(s2.body.data.organisations.map((o: { id: number }) => o.id)).toEqual([850]);
    await t.repos.memberships.update({ userId: user!.id, orgId: 1053 }, { role: 'member' });
  });

  it('answers 401 with the exact message for a wrong password or unknown email', async () => {
    for (const body of [
      { email: 'member-850@demo.test', password: 'wrong' },
      { email: 'nobody@demo.test', password: 'demo' },
    ]) {
      const res = await t.client().post('/api/auth/login', body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: 'invalidCredentials', message: 'Invalid email or password.' } });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('validates the login body', async () => {
    const res = await t.client().post('/api/auth/login', { email: 'owner-850@demo.test' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalidBody', message: 'Password is required.' });
    // The sign-in form sent empty: a sentence for the person, the field and keyword for programs.
    const empty = await t.client().post('/api/auth/login', { email: '', password: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: 'invalidBody', message: 'Email address is required.', details: [{ field: 'email', keyword: 'minLength' }] });
  });

  it('GET /api/auth/session is 401 without a session and answers SessionData with one', async () => {
    const anon = await t.client().get('/api/auth/session');
    expect(anon.status).toBe(401);
    expect(anon.body.error.code).toBe('unauthenticated');
    const c = await t.as('guest-1798@demo.test');
    const res = await c.get('/api/auth/session');
    expect(res.status).toBe(200);
    expect(res.body.data.organisations).toMatchObject([{ id: 1798, role: 'guest', title: 'Calico Murals' }]);
  });

  it('logout deletes the session and clears the cookie', async () => {
    const c = await t.as('member-1392@demo.test');
    const before = await countRows(t.db, 'sessions');
    const cookie = c.cookie;
    const res = await c.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ok: true } });
    expect(res.headers.get('set-cookie')).toMatch(/cpq_session=;/);
    expect(await countRows(t.db, 'sessions')).toBe(before - 1);
    c.cookie = cookie; // replaying the old token does not work
    expect((await c.get('/api/auth/session')).status).toBe(401);
  });

  /**
   * Sign-in slows down rather than locks out (docs/decisions/0046-api-hardening.md): an email may
   * fail 5 times, an IP 20; after that each attempt waits 15 s, the wait doubling with every further
   * failure up to 15 minutes; the right password gets in as soon as the wait is over, and a success
   * clears the email's failures. The clock is the test's.
   */
  const login = (email: string, password: string) => t.client().post('/api/auth/login', { email, password });

  it('slows an email down after 5 failures, by a wait that doubles up to 15 minutes, and lets the right password in after it', async () => {
    await t.db('login_throttle').delete();
    const email = 'guest-1450@demo.test';
    for (let i = 0; i < 5; i++) {
      const res = await login(email, 'nope');
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe('Invalid email or password.');
    }
    const limited = await login(email.toUpperCase(), 'demo');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toEqual({ code: 'tooManyAttempts', message: 'Too many failed sign-in attempts. Try again in 15 seconds.' });
    expect(limited.headers.get('retry-after')).toBe('15');
    expect(limited.headers.get('set-cookie')).toBeNull();
    // The email is slowed down, not the IP: another account from it still signs in.
    expect((await login('owner-1450@demo.test', 'demo')).status).toBe(200);

    // Each wait over, one more failure doubles the next wait: 30 s, 1, 2, 4, 8 minutes, then 15 at most.
    const waits: number[] = [];
    let wait = 15;
    for (let i = 0; i < 8; i++) {
      clock += wait * 1000 - 1000;
      expect((await login(email, 'nope')).status, 'a second early').toBe(429);
      clock += 1000;
      expect((await login(email, 'nope')).status).toBe(401);
      const next = await login(email, 'demo');
      expect(next.status).toBe(429);
      wait = Number(next.headers.get('retry-after'));
      waits.push(wait);
      if (i === 7) expect(next.body.error.message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);

    clock += wait * 1000;
    expect((await login(email, 'demo')).status).toBe(200);
    // The success cleared the email's failures: 5 free ones again.
    for (let i = 0; i < 5; i++) expect((await login(email, 'nope')).status).toBe(401);
    expect((await login(email, 'demo')).status).toBe(429);
  });

  it('slows an IP down after 20 failures across emails, and forgets failures a day after the last one', async () => {
    await t.db('login_throttle').delete();
    for (let i = 0; i < 20; i++) expect((await login(`x${i}@demo.test`, 'nope')).status).toBe(401);
    const res = await login('owner-850@demo.test', 'demo');
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe('Too many failed sign-in attempts. Try again in 15 seconds.');
    clock += 15_000;
    expect((await login('owner-850@demo.test', 'demo')).status).toBe(200);
    // That success gave its attempt back; the next failure is the IP's 21st: a 30 s wait follows.
    expect((await login('x0@demo.test', 'nope')).status).toBe(401);
    const slowed = await login('owner-850@demo.test', 'demo');
    expect(slowed.status).toBe(429);
    expect(slowed.headers.get('retry-after')).toBe('30');
    // A day after the last failure they are forgotten.
    clock += 24 * 3600_000;
    for (let i = 0; i < 20; i++) expect((await login(`y${i}@demo.test`, 'nope')).status).toBe(401);
    expect((await login('owner-850@demo.test', 'demo')).status).toBe(429);
    clock += 24 * 3600_000;
    expect((await login('owner-850@demo.test', 'demo')).status).toBe(200);
    await t.db('login_throttle').delete();
  });
});
