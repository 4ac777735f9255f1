import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/adapters/mail/index.ts';
import { linkTokenWait, waitInWords } from '../src/auth/rateLimit.ts';
import { INVITATION_THROTTLE } from '../src/services/invitations.ts';
import { SHARE_LINK_THROTTLE } from '../src/services/sharing.ts';
import { databases, startTestApp, type Client, type Served, type TestApp } from './helpers.ts';

/**
 * Guessing share and invitation tokens (docs/decisions/0073-pdf-origin-and-token-throttles.md), as an
 * attacker would meet it: bad tokens are counted per IP and per token, in the database, so two API
 * processes see the same counts; past the free failures every try of that IP, or of that token from
 * any IP, waits (429 with Retry-After), and the wait ends when the throttle's clock passes it. The
 * clock is injected: nothing here waits for real time.
 */
const PORTAL = 'https://portal.example.test';
const INVITE_LINK = new RegExp(`${PORTAL}/invitation\\?token=([A-Za-z0-9_-]+)`);
const SHARE_LINK = /[?&]shareToken=([A-Za-z0-9_-]+)/;
/** A token that opens nothing, in the shape of a real one. */
const bad = (i: number | string) => `guess-${i}`.replace(/[^A-Za-z0-9_-]/g, '-').padEnd(43, 'x');

interface Kind {
  name: string;
  /** What a try answers when the token does not open. */
  refused: number;
  ipMessage: string;
  tokenMessage: string;
  /** A token that opens (made by the owner). */
  goodToken(): Promise<string>;
  /** One try of a token, from an IP, on one of the API processes. */
  tryToken(app: Served, ip: string, token: string): Promise<{ status: number; body: any; headers: Headers }>;
}

describe.each(databases)('share and invitation tokens throttled per IP and per token on $name', (dbCase) => {
  let t: TestApp;
  let other: Served;
  let owner: Client;
  const sent: MailMessage[] = [];
  let clock = Date.parse('2026-11-23T10:00:00Z');
  let n = 0;

  beforeAll(async () => {
    // Behind a trusted proxy the caller's IP is X-Forwarded-For: one test plays many addresses.
    const deps = { trustProxy: true, publicUrl: PORTAL, rateLimit: { now: () => clock }, mailer: { send: async (m: MailMessage) => (sent.push(m), { messageId: `m${sent.length}` }) } };
    t = await startTestApp(dbCase, deps);
    // A second API process: its own connection pool over the same database.
    other = await t.serve(deps, { separateDb: true });
    owner = await t.as('owner-850@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db('login_throttle').where('throttle_key', 'like', 'share-%').orWhere('throttle_key', 'like', 'invitation-%').delete();
  });

  const from = (app: Served, ip: string) => {
    const c = app.client();
    return (path: string, body: unknown) => c.post(path, body, { headers: { 'x-forwarded-for': ip } });
  };
  /** Alternates between the two processes: the counts must add up across them. */
  const app = (i: number) => (i % 2 ? other : t);

  const kinds: Kind[] = [
    {
      name: 'share links',
      refused: 404,
      ipMessage: 'Too many invalid share links from your network.',
      tokenMessage: 'Too many failed attempts with this share link.',
      async goodToken() {
        const created = await owner.post('/api/configurator/create-product-order', { productOrderProps: { orgId: 850, title: `Throttle ${++n}`, productCategoryId: 1 } });
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        const link = await owner.post('/api/configurator/product-order/generate-shareable-link', { productOrderId: created.body.data.id });
        expect(link.status, JSON.stringify(link.body)).toBe(200);
        return SHARE_LINK.exec(link.body.data.shareableLink)![1]!;
      },
      tryToken: (served, ip, token) => from(served, ip)('/api/configurator/get-org-role-for-token', { shareToken: token }),
    },
    {
      name: 'invitation links',
      refused: 404,
      ipMessage: 'Too many invalid links from your network.',
      tokenMessage: 'Too many failed attempts with this invitation link.',
      async goodToken() {
        const res = await owner.post('/api/orgs/invite-guest', { email: `throttled-${++n}@example.test`, activeOrgId: 850, pricingIsHidden: 0 });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return INVITE_LINK.exec(sent.at(-1)!.text ?? '')![1]!;
      },
      tryToken: (served, ip, token) => from(served, ip)('/api/auth/invitation', { token }),
    },
  ];

  describe.each(kinds)('$name', (kind) => {
    it('waits after the free bad tokens of one IP, on either process, even with a good token; other IPs are not slowed; the wait ends with the clock', async () => {
      const good = await kind.goodToken();
      const ip = '203.0.113.7';
      for (let i = 0; i < SHARE_LINK_THROTTLE.freePerIp; i++) expect((await kind.tryToken(app(i), ip, bad(`${kind.name}-${i}`))).status, `try ${i}`).toBe(kind.refused);
      for (const served of [t, other]) {
        const waiting = await kind.tryToken(served, ip, good);
        expect(waiting.status).toBe(429);
        expect(waiting.body.error).toEqual({ code: 'tooManyAttempts', message: `${kind.ipMessage} Try again in 1 second.` });
        expect(waiting.headers.get('retry-after')).toBe('1');
      }
      expect((await kind.tryToken(other, '198.51.100.1', good)).status).toBe(200);
      // Short of the wait it still holds (waiting tries count nothing); past it the good token is answered.
      clock += 999;
      expect((await kind.tryToken(t, ip, good)).status).toBe(429);
      clock += 1;
      expect((await kind.tryToken(other, ip, good)).status).toBe(200);
      // One more bad token doubles the wait.
      expect((await kind.tryToken(t, ip, bad(`${kind.name}-more`))).status).toBe(kind.refused);
      expect((await kind.tryToken(other, ip, good)).headers.get('retry-after')).toBe('2');
    });

    it('waits for every IP once one token was refused its free times, from many IPs on both processes; the IPs are not slowed otherwise', async () => {
      const good = await kind.goodToken();
      const token = bad(`${kind.name}-one`);
      for (let i = 0; i < SHARE_LINK_THROTTLE.freePerToken; i++) expect((await kind.tryToken(app(i), `192.0.2.${i + 1}`, token)).status, `try ${i}`).toBe(kind.refused);
      for (const served of [t, other]) {
        const waiting = await kind.tryToken(served, '192.0.2.200', token);
        expect(waiting.status).toBe(429);
        expect(waiting.body.error).toEqual({ code: 'tooManyAttempts', message: `${kind.tokenMessage} Try again in 1 second.` });
        expect(waiting.headers.get('retry-after')).toBe('1');
      }
      // The IPs that tried it are not slowed for other tokens.
      expect((await kind.tryToken(t, '192.0.2.1', good)).status).toBe(200);
      clock += 1000;
      expect((await kind.tryToken(other, '192.0.2.201', token)).status).toBe(kind.refused);
      const doubled = await kind.tryToken(t, '192.0.2.202', token);
      expect(doubled.status).toBe(429);
      expect(doubled.headers.get('retry-after')).toBe('2');
    });

    it('never slows a good token, however many tries of it come from one IP', async () => {
      const good = await kind.goodToken();
      for (let i = 0; i < SHARE_LINK_THROTTLE.freePerIp + SHARE_LINK_THROTTLE.freePerToken; i++) expect((await kind.tryToken(app(i), '203.0.113.50', good)).status, `try ${i}`).toBe(200);
    });
  });

  it('keeps the token only as its hash', async () => {
    await kinds[0]!.tryToken(t, '203.0.113.9', 'a-token-in-clear'.padEnd(43, 'z'));
    const keys = (await t.db('login_throttle').select('throttle_key')).map((r: { throttle_key: string }) => r.throttle_key);
    expect(keys.some((k) => /^share-token:[0-9a-f]{64}$/.test(k))).toBe(true);
    expect(keys.join(' ')).not.toContain('a-token-in-clear');
  });
});

describe('link token waits', () => {
  const rules = { ...SHARE_LINK_THROTTLE };
  it('share and invitation links have the same allowance, counted under keys of their own', () => {
    expect({ ...INVITATION_THROTTLE, kind: 'share' }).toEqual(rules);
    expect(INVITATION_THROTTLE.kind).not.toBe(SHARE_LINK_THROTTLE.kind);
  });

  it('says the wait in whole seconds below two minutes, then in minutes', () => {
    expect([1, 999, 1000, 1001, 119_000, 119_001, 15 * 60_000].map(waitInWords)).toEqual(['1 second', '1 second', '1 second', '2 seconds', '119 seconds', '2 minutes', '15 minutes']);
  });

  it('reads the wait on its own clock and forgets failures an hour after the last', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const rows = new Map<string, { key: string; failures: number; lastFailure: string | null; blockedUntil: string | null }>();
    const store = {
      now: () => now,
      keepMs: 24 * 3600_000,
      readThrottle: async (keys: readonly string[]) => new Map([...rows].filter(([k]) => keys.includes(k))),
      updateThrottle: async () => undefined as never,
      trimThrottle: async () => undefined,
    };
    rows.set('share-ip:1.2.3.4', { key: 'share-ip:1.2.3.4', failures: 30, lastFailure: '2026-11-23 10:00:00', blockedUntil: '2026-11-23 10:15:00' });
    expect(await linkTokenWait(store, rules, '1.2.3.4', 'x')).toEqual({ waitMs: 15 * 60_000, cause: 'ip' });
    now += 15 * 60_000;
    expect(await linkTokenWait(store, rules, '1.2.3.4', 'x')).toBeNull();
    // A wait longer than the memory ends with the memory.
    rows.set('share-ip:1.2.3.4', { key: 'share-ip:1.2.3.4', failures: 30, lastFailure: '2026-11-23 10:00:00', blockedUntil: '2026-11-23 12:00:00' });
    now = Date.parse('2026-11-23T11:00:00Z');
    expect(await linkTokenWait(store, rules, '1.2.3.4', 'x')).toBeNull();
  });
});
