import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionData } from '@cpq/domain';
import { compile } from '../src/http/validate.ts';
import { countRows, databases, startTestApp, type TestApp } from './helpers.ts';

describe.each(databases)('auth on $name', (dbCase) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dbCase);
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
    expect(res.body.error).toMatchObject({ code: 'invalidBody', message: 'password is required' });
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

  it('rate limits after 5 failed attempts for one email, even with the right password', async () => {
    const email = 'guest-1450@demo.test';
    for (let i = 0; i < 5; i++) {
      expect((await t.client().post('/api/auth/login', { email, password: 'nope' })).status).toBe(401);
    }
    const limited = await t.client().post('/api/auth/login', { email: email.toUpperCase(), password: 'demo' });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('tooManyAttempts');
    expect(limited.body.error.message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    // Another email from the same IP still works.
    expect((await t.client().post('/api/auth/login', { email: 'owner-1450@demo.test', password: 'demo' })).status).toBe(200);
    // Once the failures are older than the window the user gets in.
    await t.db('login_attempts').where({ email }).update({ created: '2000-01-01 00:00:00' });
    expect((await t.client().post('/api/auth/login', { email, password: 'demo' })).status).toBe(200);
  });

  it('rate limits one IP after 20 failed attempts across emails', async () => {
    await t.db('login_attempts').delete();
    for (let i = 0; i < 20; i++) {
      expect((await t.client().post('/api/auth/login', { email: `x${i}@demo.test`, password: 'nope' })).status).toBe(401);
    }
    const res = await t.client().post('/api/auth/login', { email: 'owner-850@demo.test', password: 'demo' });
    expect(res.status).toBe(429);
    expect(res.body.error.message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
    await t.db('login_attempts').delete();
  });
});
