import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HandleGuestShareLinkResponse,
  InvolvedUsersDataResponse,
  InvolvedUsersResponse,
  OrgRoleForTokenResponse,
  SessionData,
  SHARE_LINK_EXPIRED,
  SHARE_LINK_INVALID,
  ShareableLinkResponse,
  ShareeCandidatesResponse,
  ShareeResponse,
  ShareResponse,
  shareLinkExpiry,
  shareLinkExpiryDay,
} from '@cpq/domain';
import { loadConfig, REPO_ROOT } from '../src/config.ts';
import { migrateLatest, migrationSource } from '../src/db/migrations/index.ts';
import type { Mailer } from '../src/adapters/mail/index.ts';
import { compile, describeError } from '../src/http/validate.ts';
import { FREE_BAD_TOKENS } from '../src/services/sharing.ts';
import { Client, countRows, databases, startTestApp, type TestApp } from './helpers.ts';
import { CATALOGUE, CREATE_ORDER, ITEM_CREATE, ORDER_DATA, ORDERS_DATA } from './paths.ts';

const C = '/api/configurator';
const P = `${C}/product-order`;
const ROLE_FOR_TOKEN = `${C}/get-org-role-for-token`;
const HANDLE_LINK = `${P}/handle-guest-share-link`;
const PUBLIC_URL = 'https://portal.test';

interface Sent {
  to: string[];
  subject: string;
  text: string;
}
/** Keeps what it is asked to send; `failing` makes it throw like an SMTP server that is down. */
function memoryMailer(): Mailer & { sent: Sent[]; failing: boolean } {
  const m = {
    sent: [] as Sent[],
    failing: false,
    async send(msg: { to: string[]; subject: string; text: string }) {
      if (m.failing) throw new Error('SMTP down');
      m.sent.push({ to: msg.to, subject: msg.subject, text: msg.text });
      return { messageId: String(m.sent.length) };
    },
  };
  return m;
}

function errorsOf(schema: Parameters<typeof compile>[0], value: unknown): string[] {
  const validate = compile(schema);
  return validate(value) ? [] : (validate.errors ?? []).map(describeError);
}

/** The link of a mail or an answer, split into its parts. */
const LINK = /https:\/\/portal\.test\/orders\/(\d+)(?:\?shareToken=([A-Za-z0-9_-]+)&shareableOrderId=(\d+))?/;
function linkParts(text: string): { orgSpecificId: number; token: string | undefined; shareableOrderId: number | undefined } {
  const m = LINK.exec(text);
  if (!m) throw new Error(`no link in ${text}`);
  return { orgSpecificId: Number(m[1]), token: m[2], shareableOrderId: m[3] === undefined ? undefined : Number(m[3]) };
}

/**
 * Every key in an answer that names a price, a cost or an amount of money (flags about prices are
 * not prices). A caller whose prices are hidden must get none.
 */
const PRICE_KEY = /price|cents|cost|amount|total|discount|tariff|percentage|balance|^shippingMode$/i;
const NOT_A_PRICE = new Set(['pricingIsHidden', 'isProcessingPayment', 'shouldRoundPrice']);
function priceKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => priceKeys(v, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [...(PRICE_KEY.test(k) && !NOT_A_PRICE.has(k) ? [`${path}.${k}`] : []), ...priceKeys(v, `${path}.${k}`)]);
}

/**
 * The sharing API over HTTP on both databases. Expected values come from the rules of decisions 0045
 * and 0048: who reaches an order, what a link lets in, who may change price visibility, and that
 * nobody whose prices are hidden receives a price.
 */
describe.each(databases)('sharing on $name', (dbCase) => {
  let t: TestApp;
  const mailer = memoryMailer();
  const logged: unknown[] = [];
  let owner: Client; // owner-850 (Eleanor Whitcombe)
  let member: Client; // member-850
  let guest: Client; // guest-850 (sees prices)
  let outsider: Client; // owner-1450: no member of 850
  const ids: Record<string, number> = {};
  // The throttle's clock: waits end when a test moves it, never by real time passing.
  let clock = Date.parse('2026-11-23T10:00:00Z');

  beforeAll(async () => {
    t = await startTestApp(dbCase, { mailer, publicUrl: PUBLIC_URL, logError: (err) => logged.push(err), rateLimit: { now: () => clock } });
    owner = await t.as('owner-850@demo.test');
    member = await t.as('member-850@demo.test');
    guest = await t.as('guest-850@demo.test');
    outsider = await t.as('owner-1450@demo.test');
    for (const u of await t.repos.users.find({})) if (u.email) ids[u.email] = u.id;
  });
  afterAll(async () => {
    await t?.close();
  });
  // Each test starts with a clean record of bad tokens (the last test is about them).
  beforeEach(async () => {
    await t.db('login_throttle').where('throttle_key', 'like', 'share-%').delete();
  });

  const orderRow = async (id: number) => (await t.repos.productOrders.findOne({ id }))!;
  const newOrder = async (as: Client, title: string, orgId = 850) => {
    const res = await as.post(CREATE_ORDER, { productOrderProps: { orgId, title, productCategoryId: orgId === 850 ? 1 : 16 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { id: res.body.data.id as number, n: res.body.data.orgSpecificId as number, orgId };
  };
  const involvedOf = async (id: number) => (await orderRow(id)).involvedUsers;
  const makeLink = async (as: Client, productOrderId: number, validForDays?: number) => {
    const res = await as.post(`${P}/generate-shareable-link`, { productOrderId, ...(validForDays ? { validForDays } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(errorsOf(ShareableLinkResponse, res.body.data)).toEqual([]);
    return res.body.data as { shareableLink: string; pricingIsHidden: 0 | 1; expires: string };
  };
  const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
  /** The stored id of a token: what an involvement through it records. */
  const tokenIdOf = async (token: string) => ((await t.db('share_tokens').where({ token_hash: hashOf(token) }).first('id')) as { id: number }).id;
  const membershipOf = (userId: number, orgId = 850) => t.repos.memberships.findOne({ userId, orgId });
  const roleFor = (shareToken: string) => t.client().post(ROLE_FOR_TOKEN, { shareToken });
  /** A browser with no session that opens a link. */
  const openAnonymously = async (token: string) => {
    const c = t.client();
    const res = await c.post(HANDLE_LINK, { shareToken: token });
    return { c, res };
  };
  const orderData = (as: Client, n: number, extra: Record<string, unknown> = {}, orgId = 850) => as.post(ORDER_DATA, { orgId, productOrderOrgSpecificId: n, ...extra });
  const share = (as: Client, n: number, emails: string[], shareNote?: string | null, orgId = 850) =>
    as.post(`${P}/share`, { orgId, productOrderOrgSpecificId: n, sharees: emails.map((email) => ({ email })), ...(shareNote !== undefined ? { shareNote } : {}) });
  const involvedUsers = (as: Client, n: number, orgId = 850) => as.post(`${P}/get-involved-users`, { orgId, productOrderOrgSpecificId: n });

  it('refuses bodies that break the schema with 400 and writes nothing', async () => {
    const order = await newOrder(owner, 'Schema checks');
    const before = { users: await countRows(t.db, 'users'), tokens: await countRows(t.db, 'share_tokens'), mails: mailer.sent.length, involved: await involvedOf(order.id) };
    const bad: Array<[string, unknown]> = [
      [`${P}/get-involved-users`, { orgId: 850 }],
      [`${P}/get-sharee-candidates`, { productOrderId: 'one' }],
      [`${P}/generate-shareable-link`, { productOrderId: order.id, extra: 1 }],
      [`${P}/generate-shareable-link`, { productOrderId: order.id, validForDays: 10 }],
      [`${P}/share`, { orgId: 850, productOrderOrgSpecificId: order.n, sharees: [] }],
      [`${P}/share`, { orgId: 850, productOrderOrgSpecificId: order.n, sharees: [{ email: 'not an email' }] }],
      [`${P}/share`, { orgId: 850, productOrderOrgSpecificId: order.n, sharees: Array.from({ length: 51 }, (_, i) => ({ email: `p${i}@example.test` })) }],
      [`${P}/share`, { orgId: 850, productOrderOrgSpecificId: order.n, sharees: [{ email: 'a@example.test' }], shareNote: 'x'.repeat(2001) }],
      [`${P}/add-sharee`, { productOrderId: order.id }],
      [`${P}/get-or-create-sharee`, { productOrderId: order.id, shareeEmail: 'nope' }],
      [`${P}/remove-sharee`, { orgId: 850, productOrderOrgSpecificId: order.n, shareeEmail: 42 }],
      [`${P}/update-involved-users-data`, { orgId: 850, productOrderOrgSpecificId: order.n, shareeId: ids['guest-850@demo.test'], pricingIsHidden: 2 }],
      [ROLE_FOR_TOKEN, { shareToken: 'short' }],
      [ROLE_FOR_TOKEN, { shareToken: 'A'.repeat(42) + '!' }],
      [HANDLE_LINK, {}],
    ];
    for (const [path, body] of bad) {
      const res = await owner.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(res.body.error.code).toBe('invalidBody');
    }
    // remove-sharee names the person exactly one way.
    const both = await owner.post(`${P}/remove-sharee`, { orgId: 850, productOrderOrgSpecificId: order.n, shareeEmail: 'guest-850@demo.test', shareeId: ids['guest-850@demo.test'] });
    expect(both.status).toBe(400);
    expect((await owner.post(`${P}/remove-sharee`, { orgId: 850, productOrderOrgSpecificId: order.n })).status).toBe(400);
    expect({ users: await countRows(t.db, 'users'), tokens: await countRows(t.db, 'share_tokens'), mails: mailer.sent.length, involved: await involvedOf(order.id) }).toEqual(before);
  });

  it('get-involved-users lists the owner and the sharees with their roles to everyone who reaches the order, 404 to others', async () => {
    const order = await newOrder(guest, 'Involved list');
    expect((await share(guest, order.n, ['member-850@demo.test'])).status).toBe(200);
    const res = await involvedUsers(guest, order.n);
    expect(res.status).toBe(200);
    expect(errorsOf(InvolvedUsersResponse, res.body.data)).toEqual([]);
    expect(res.body.data).toEqual({
      productOrderId: order.id,
      ownerId: ids['guest-850@demo.test'],
      involvedUsers: [
        { userId: ids['guest-850@demo.test'], email: 'guest-850@demo.test', firstName: 'Priya', lastName: 'Raman', role: 'owner', pricingIsHidden: 0, orgRole: 'guest' },
        { userId: ids['member-850@demo.test'], email: 'member-850@demo.test', firstName: 'Marcus', lastName: 'Abernathy', role: 'sharee', pricingIsHidden: 0, orgRole: 'member' },
      ],
      // The owner sees prices (850 hides none from its guest).
      canTogglePricing: true,
    });
    // The sharee (an employee) may toggle too.
    expect((await involvedUsers(member, order.n)).body.data.canTogglePricing).toBe(true);
    // Another guest's order: as missing. Another organisation: 403. Nobody signed in: 401.
    const others = await newOrder(owner, 'Not the guest’s');
    expect((await involvedUsers(guest, others.n)).status).toBe(404);
    expect((await involvedUsers(guest, 99999)).status).toBe(404);
    expect((await involvedUsers(outsider, order.n)).status).toBe(404);
    expect((await involvedUsers(t.client(), order.n)).status).toBe(401);
  });

  it('get-sharee-candidates: employees get the members and guests (as stored), a guest only the active employees', async () => {
    const order = await newOrder(owner, 'Candidates');
    // Someone who left the organisation.
    const leftId = await t.repos.users.insert({ email: 'left-850@example.test', passwordHash: null, firstName: 'Lena', lastName: 'Left', personalOrgId: null, isPlatformAdmin: 0 });
    await t.repos.memberships.insert({ userId: leftId, orgId: 850, role: 'left', prevRole: null, accessData: {} });
    const forEmployee = await member.post(`${P}/get-sharee-candidates`, { productOrderId: order.id });
    expect(forEmployee.status).toBe(200);
    expect(errorsOf(ShareeCandidatesResponse, forEmployee.body.data)).toEqual([]);
    const byEmail = (list: Array<{ email: string; orgRole: string }>) => Object.fromEntries(list.map((c) => [c.email, c.orgRole]));
    const employeeView = byEmail(forEmployee.body.data);
    expect(employeeView).toMatchObject({ 'owner-850@demo.test': 'owner', 'member-850@demo.test': 'member', 'guest-850@demo.test': 'guest', 'multi@demo.test': 'member', 'left-850@example.test': 'left' });
    // Nobody of another organisation.
    expect(Object.keys(employeeView)).not.toContain('owner-1053@demo.test');

    const shared = await newOrder(guest, 'Candidates for a guest');
    const forGuest = await guest.post(`${P}/get-sharee-candidates`, { productOrderId: shared.id });
    expect(forGuest.status).toBe(200);
    expect(byEmail(forGuest.body.data)).toEqual({ 'owner-850@demo.test': 'owner', 'member-850@demo.test': 'member', 'multi@demo.test': 'member' });
    // A guest on an order they do not reach: as missing.
    expect((await guest.post(`${P}/get-sharee-candidates`, { productOrderId: order.id })).status).toBe(404);
  });

  it('generate-shareable-link: a 256-bit token stored only hashed, working until the end of a day 30 days on; a new link of the same person revokes their old one', async () => {
    const order = await newOrder(owner, 'Link order');
    const first = await makeLink(owner, order.id);
    expect(first.pricingIsHidden).toBe(0);
    const in30 = shareLinkExpiry(new Date(), 30);
    expect(first.expires).toBe(in30.toISOString());
    expect(first.expires).toMatch(/T23:59:59\.000Z$/);
    const p1 = linkParts(first.shareableLink);
    expect(first.shareableLink).toBe(`${PUBLIC_URL}/orders/${order.n}?shareToken=${p1.token}&shareableOrderId=${order.n}`);
    // base64url of 32 random bytes.
    expect(p1.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(p1.token!, 'base64url').length).toBe(32);
    // Only the sha256 is stored; the raw token is nowhere in the database's sharing, audit or session rows.
    const stored = await t.db('share_tokens').where({ product_order_id: order.id });
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).toBe(createHash('sha256').update(p1.token!).digest('hex'));
    expect(String(stored[0].expires).replace('T', ' ').slice(0, 19)).toBe(in30.toISOString().slice(0, 19).replace('T', ' '));
    for (const table of ['share_tokens', 'audit_log', 'sessions', 'users']) expect(JSON.stringify(await t.db(table))).not.toContain(p1.token!);

    const role = await roleFor(p1.token!);
    expect(role.status).toBe(200);
    expect(errorsOf(OrgRoleForTokenResponse, role.body.data)).toEqual([]);
    expect(role.body.data).toEqual({ orgRole: 'guest', orgId: 850, productOrderOrgSpecificId: order.n });

    const second = await makeLink(owner, order.id);
    const p2 = linkParts(second.shareableLink);
    expect(p2.token).not.toBe(p1.token);
    const old = await roleFor(p1.token!);
    expect(old.status).toBe(404);
    expect(old.body.error).toEqual({ code: 'shareLinkInvalid', message: SHARE_LINK_INVALID });
    expect((await openAnonymously(p1.token!)).res.status).toBe(404);
    expect((await roleFor(p2.token!)).status).toBe(200);
    // Someone else's link (for 7 days) leaves the owner's working: each person has one link per order.
    const members = await makeLink(member, order.id, 7);
    expect(members.expires).toBe(shareLinkExpiry(new Date(), 7).toISOString());
    const p3 = linkParts(members.shareableLink);
    expect((await roleFor(p2.token!)).status).toBe(200);
    expect((await roleFor(p3.token!)).status).toBe(200);
    // The old link is kept revoked (not deleted).
    const rows = await t.db('share_tokens').where({ product_order_id: order.id, kind: 'order' }).orderBy('id');
    expect(rows.map((r) => r.revoked === null)).toEqual([false, true, true]);
    const audits = await t.db('audit_log').where({ entity_id: order.id, action: 'generateShareableLink' });
    expect(audits).toHaveLength(3);
    // An expired link is refused like a bad one (404, counted), with a sentence of its own, on both token calls.
    await t.db('share_tokens').where({ token_hash: hashOf(p2.token!) }).update({ expires: '2020-01-01 00:00:00' });
    const users = await countRows(t.db, 'users');
    for (const res of [await roleFor(p2.token!), (await openAnonymously(p2.token!)).res]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'shareLinkExpired', message: SHARE_LINK_EXPIRED });
    }
    expect(await countRows(t.db, 'users')).toBe(users);
    // Signed in, too: nothing is written, and the order data call answers as for a missing order.
    const visitor = await t.as('guest-1392@demo.test');
    expect((await visitor.post(HANDLE_LINK, { shareToken: p2.token! })).body.error.code).toBe('shareLinkExpired');
    expect((await orderData(visitor, order.n, { shareToken: p2.token! })).status).toBe(404);
    expect(await membershipOf(ids['guest-1392@demo.test']!)).toBeUndefined();
    // A second before its end it still works.
    await t.db('share_tokens').where({ token_hash: hashOf(p2.token!) }).update({ expires: new Date(Date.now() + 5000).toISOString().slice(0, 19).replace('T', ' ') });
    expect((await roleFor(p2.token!)).status).toBe(200);
  });

  it('an order link signs a browser without a session in as a new guest who reaches that order only', async () => {
    const order = await newOrder(owner, 'Open by link');
    const { shareableLink } = await makeLink(owner, order.id);
    const token = linkParts(shareableLink).token!;
    const before = await countRows(t.db, 'users');
    const { c, res } = await openAnonymously(token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(errorsOf(HandleGuestShareLinkResponse, res.body.data)).toEqual([]);
    expect(res.body.data).toMatchObject({ orgId: 850, productOrderOrgSpecificId: order.n });
    const guestId = res.body.data.userId as number;
    expect(await countRows(t.db, 'users')).toBe(before + 1);
    const user = (await t.repos.users.findOne({ id: guestId }))!;
    expect(user).toMatchObject({ email: null, passwordHash: null, firstName: 'Guest' });
    // The link made the membership and the involvement: both record it.
    const tokenId = await tokenIdOf(token);
    expect(await membershipOf(guestId)).toMatchObject({ role: 'guest', shareTokenId: tokenId });
    expect((await involvedOf(order.id))[String(guestId)]).toEqual({ role: 'sharee', pricingIsHidden: 0, shareTokenId: tokenId });
    // The session cookie is set: the browser is signed in as that guest.
    const session = await c.get('/api/auth/session');
    expect(session.status).toBe(200);
    expect(session.body.data.user).toMatchObject({ id: guestId, email: '', firstName: 'Guest' });
    expect(errorsOf(SessionData, session.body.data)).toEqual([]);
    expect(session.body.data.organisations.map((o: { id: number; role: string }) => [o.id, o.role])).toEqual([[850, 'guest']]);
    // That order opens; the orders list holds just it; any other order answers like a missing one.
    expect((await orderData(c, order.n)).status).toBe(200);
    const list = await c.post(ORDERS_DATA, { orgId: 850, filters: { archived: 'all' } });
    expect(list.status).toBe(200);
    expect(list.body.data.productOrders.map((o: { id: number }) => o.id)).toEqual([order.id]);
    for (const n of [1, 2, 3]) expect((await orderData(c, n)).status).toBe(404);
    expect((await c.post(`${P}/get-involved-users`, { orgId: 850, productOrderOrgSpecificId: 1 })).status).toBe(404);
    // Audited, and the link goes on working for the next person (each gets their own account).
    expect(await t.db('audit_log').where({ entity_id: order.id, action: 'guestByShareLink' })).toHaveLength(1);
    const next = await openAnonymously(token);
    expect(next.res.status).toBe(200);
    expect(next.res.body.data.userId).not.toBe(guestId);
  });

  it('a signed-in person who opens a link is involved as they are: a guest membership when they have none, nothing for employees, refused after leaving', async () => {
    const order = await newOrder(owner, 'Signed-in openers');
    const token = linkParts((await makeLink(owner, order.id)).shareableLink).token!;
    // guest-1053 is no member of 850.
    const visitor = await t.as('guest-1053@demo.test');
    const visitorId = ids['guest-1053@demo.test']!;
    expect((await orderData(visitor, order.n)).status).toBe(404);
    const res = await visitor.post(HANDLE_LINK, { shareToken: token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ orgId: 850, productOrderOrgSpecificId: order.n, userId: visitorId });
    expect(await membershipOf(visitorId)).toMatchObject({ role: 'guest', shareTokenId: await tokenIdOf(token) });
    expect((await involvedOf(order.id))[String(visitorId)]).toEqual({ role: 'sharee', pricingIsHidden: 0, shareTokenId: await tokenIdOf(token) });
    expect((await orderData(visitor, order.n)).status).toBe(200);
    // Again: nothing more is written.
    const involved = await involvedOf(order.id);
    expect((await visitor.post(HANDLE_LINK, { shareToken: token })).status).toBe(200);
    expect(await involvedOf(order.id)).toEqual(involved);
    // An employee reaches every order already: not added.
    expect((await member.post(HANDLE_LINK, { shareToken: token })).body.data.userId).toBe(ids['member-850@demo.test']);
    expect(String(ids['member-850@demo.test']) in (await involvedOf(order.id))).toBe(false);
    // Someone who left the organisation gets no way back in through a link.
    await t.repos.memberships.update({ userId: visitorId, orgId: 850 }, { role: 'left' });
    const refused = await visitor.post(HANDLE_LINK, { shareToken: token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Your access to this organisation has ended. Ask the organisation to invite you again.');
    expect((await t.repos.memberships.findOne({ userId: visitorId, orgId: 850 }))!.role).toBe('left');
  });

  it('order data with a shareToken: the token must open that very order; a signed-in caller is involved by it', async () => {
    const a = await newOrder(owner, 'Order A');
    const b = await newOrder(owner, 'Order B');
    const tokenA = linkParts((await makeLink(owner, a.id)).shareableLink).token!;
    const visitor = await t.as('guest-1798@demo.test');
    const visitorId = ids['guest-1798@demo.test']!;
    // A's token never opens B, whatever the body says; a wrong shareableOrderId or an unknown token neither.
    for (const body of [
      { n: b.n, extra: { shareToken: tokenA } },
      { n: b.n, extra: { shareToken: tokenA, shareableOrderId: b.n } },
      { n: a.n, extra: { shareToken: tokenA, shareableOrderId: b.n } },
      { n: a.n, extra: { shareToken: 'B'.repeat(43), shareableOrderId: a.n } },
    ]) {
      const res = await orderData(visitor, body.n, body.extra);
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'orderNotFound', message: 'Order not found.' });
    }
    // A's token with the order of another organisation's number: as missing too.
    expect((await orderData(visitor, a.n, { shareToken: tokenA }, 1053)).status).toBe(404);
    expect(await t.repos.memberships.findOne({ userId: visitorId, orgId: 850 })).toBeUndefined();
    expect(String(visitorId) in (await involvedOf(b.id))).toBe(false);
    // Nobody signed in: asked to sign in.
    expect((await orderData(t.client(), a.n, { shareToken: tokenA })).status).toBe(401);
    // The right order: involved and answered (shareableOrderId as the link carries it, a string).
    const res = await orderData(visitor, a.n, { shareToken: tokenA, shareableOrderId: String(a.n) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.productOrders[0].id).toBe(a.id);
    expect((await involvedOf(a.id))[String(visitorId)]).toEqual({ role: 'sharee', pricingIsHidden: 0, shareTokenId: await tokenIdOf(tokenA) });
    // B stays out of reach; without a token nothing changes for A (still reachable as involved).
    expect((await orderData(visitor, b.n)).status).toBe(404);
    expect((await orderData(visitor, a.n)).status).toBe(200);
  });

  it('share mails each person the note and a link: employees the order’s address, others a personal link that signs them in', async () => {
    const order = await newOrder(owner, 'Shared by mail');
    const before = mailer.sent.length;
    const res = await share(owner, order.n, ['New.Person@Example.test', 'member-850@demo.test', 'guest-850@demo.test'], 'Please check the finishes.');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(errorsOf(ShareResponse, res.body.data)).toEqual([]);
    const newUser = (await t.repos.users.findOne({ email: 'new.person@example.test' }))!;
    expect(newUser).toMatchObject({ passwordHash: null });
    expect((await t.repos.memberships.findOne({ userId: newUser.id, orgId: 850 }))!.role).toBe('guest');
    expect(res.body.data.involvedUsersById).toEqual({
      [ids['owner-850@demo.test']!]: { role: 'owner', pricingIsHidden: 0 },
      [newUser.id]: { role: 'sharee', pricingIsHidden: 0 },
      [ids['member-850@demo.test']!]: { role: 'sharee', pricingIsHidden: 0 },
      [ids['guest-850@demo.test']!]: { role: 'sharee', pricingIsHidden: 0 },
    });
    expect(await involvedOf(order.id)).toEqual(res.body.data.involvedUsersById);
    const mails = mailer.sent.slice(before);
    expect(mails.map((m) => m.to)).toEqual([['new.person@example.test'], ['member-850@demo.test'], ['guest-850@demo.test']]);
    for (const m of mails) {
      expect(m.subject).toBe(`Eleanor Whitcombe shared order #${order.n} “Shared by mail” with you`);
      expect(m.text).toContain('Please check the finishes.');
    }
    // The employee's link is the order's address; the others' are personal links to this order.
    expect(linkParts(mails[1]!.text)).toEqual({ orgSpecificId: order.n, token: undefined, shareableOrderId: undefined });
    const personal = linkParts(mails[0]!.text);
    expect(personal).toMatchObject({ orgSpecificId: order.n, shareableOrderId: order.n });
    expect(linkParts(mails[2]!.text).token).toBeDefined();
    // A personal link works for 30 days, and the mail says until when.
    const until = shareLinkExpiryDay(shareLinkExpiry(new Date(), 30));
    expect(mails[0]!.text).toContain(`it signs you in to this order until ${until}.`);
    expect(mails[1]!.text).not.toContain('until');
    expect(await t.db('share_tokens').where({ product_order_id: order.id, kind: 'personal' })).toHaveLength(2);
    expect(await t.db('audit_log').where({ entity_id: order.id, action: 'share' })).toHaveLength(3);
    // The new person's link: a guest's role; opening it signs them in as themselves, to that order.
    expect((await roleFor(personal.token!)).body.data).toEqual({ orgRole: 'guest', orgId: 850, productOrderOrgSpecificId: order.n });
    const { c, res: opened } = await openAnonymously(personal.token!);
    expect(opened.status).toBe(200);
    expect(opened.body.data.userId).toBe(newUser.id);
    expect((await c.get('/api/auth/session')).body.data.user.email).toBe('new.person@example.test');
    expect((await orderData(c, order.n)).status).toBe(200);
    // They have no password: signing in with one is refused like any wrong password.
    const login = await t.client().post('/api/auth/login', { email: 'new.person@example.test', password: 'anything' });
    expect(login.status).toBe(401);
    expect(login.body.error.message).toBe('Invalid email or password.');
    // Shared again with the same person: still one entry, a new mail.
    const again = await share(owner, order.n, ['new.person@example.test'], null);
    expect(again.status).toBe(200);
    expect(Object.keys(again.body.data.involvedUsersById)).toHaveLength(4);
    expect(mailer.sent.at(-1)!.to).toEqual(['new.person@example.test']);
    expect(mailer.sent.at(-1)!.text).not.toContain('wrote:');
  });

  it('a personal link of someone who is now an employee only leads to the sign-in page (403)', async () => {
    const order = await newOrder(owner, 'Personal link, employee');
    await share(owner, order.n, ['soon.staff@example.test']);
    const token = linkParts(mailer.sent.at(-1)!.text).token!;
    const person = (await t.repos.users.findOne({ email: 'soon.staff@example.test' }))!;
    await t.repos.memberships.update({ userId: person.id, orgId: 850 }, { role: 'member' });
    expect((await roleFor(token)).body.data).toEqual({ orgRole: 'member', orgId: 850, productOrderOrgSpecificId: order.n });
    const { c, res } = await openAnonymously(token);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Sign in to open this order.');
    expect(c.cookie).toBe('');
    // Someone who left: the personal link stops working.
    await t.repos.memberships.update({ userId: person.id, orgId: 850 }, { role: 'disabled' });
    expect((await roleFor(token)).status).toBe(404);
  });

  it('share refuses the caller, the owner and people who left or were disabled, with a sentence, writing and mailing nothing', async () => {
    const order = await newOrder(guest, 'Refusals');
    const leftId = (await t.repos.users.findOne({ email: 'left-850@example.test' }))?.id ?? (await t.repos.users.insert({ email: 'left-850@example.test', passwordHash: null, firstName: 'Lena', lastName: 'Left', personalOrgId: null, isPlatformAdmin: 0 }));
    if (!(await t.repos.memberships.findOne({ userId: leftId, orgId: 850 }))) await t.repos.memberships.insert({ userId: leftId, orgId: 850, role: 'left', prevRole: null, accessData: {} });
    const disabledId = await t.repos.users.insert({ email: 'disabled-850@example.test', passwordHash: null, firstName: 'Dan', lastName: 'Disabled', personalOrgId: null, isPlatformAdmin: 0 });
    await t.repos.memberships.insert({ userId: disabledId, orgId: 850, role: 'disabled', prevRole: null, accessData: {} });
    const before = { users: await countRows(t.db, 'users'), memberships: await countRows(t.db, 'memberships'), tokens: await countRows(t.db, 'share_tokens'), mails: mailer.sent.length, involved: await involvedOf(order.id) };
    const cases: Array<[Client, string[], string]> = [
      [guest, ['guest-850@demo.test'], 'You cannot share this order with yourself.'],
      [owner, ['guest-850@demo.test'], 'guest-850@demo.test owns this order already.'],
      // A valid new address first: it is not created either, the share is refused whole.
      [guest, ['fresh.face@example.test', 'left-850@example.test'], 'left-850@example.test no longer has access to Lumen & Brass, so the order cannot be shared with them.'],
      [guest, ['DISABLED-850@example.test'], 'disabled-850@example.test no longer has access to Lumen & Brass, so the order cannot be shared with them.'],
    ];
    for (const [as, emails, message] of cases) {
      const res = await share(as, order.n, emails);
      expect(res.status, emails.join()).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    // add-sharee refuses the same.
    expect((await guest.post(`${P}/add-sharee`, { productOrderId: order.id, shareeEmail: 'left-850@example.test' })).status).toBe(400);
    expect((await owner.post(`${P}/add-sharee`, { productOrderId: order.id, shareeEmail: 'guest-850@demo.test' })).status).toBe(400);
    // Not reachable: as missing; another organisation: 403.
    const ownersOrder = await newOrder(owner, 'Not the guest’s either');
    expect((await share(guest, ownersOrder.n, ['member-850@demo.test'])).status).toBe(404);
    expect((await share(outsider, order.n, ['member-850@demo.test'])).status).toBe(404);
    expect({ users: await countRows(t.db, 'users'), memberships: await countRows(t.db, 'memberships'), tokens: await countRows(t.db, 'share_tokens'), mails: mailer.sent.length, involved: await involvedOf(order.id) }).toEqual(before);
  });

  it('a mail that fails is logged and never undoes the share', async () => {
    const order = await newOrder(owner, 'Mail down');
    logged.length = 0;
    mailer.failing = true;
    try {
      const res = await share(owner, order.n, ['mail.down@example.test']);
      expect(res.status).toBe(200);
    } finally {
      mailer.failing = false;
    }
    const person = (await t.repos.users.findOne({ email: 'mail.down@example.test' }))!;
    expect((await involvedOf(order.id))[String(person.id)]).toEqual({ role: 'sharee', pricingIsHidden: 0 });
    expect(logged.map((e) => (e as Error).message)).toEqual(['SMTP down']);
  });

  it('add-sharee involves one person without mail or link; get-or-create-sharee names only whom the caller may know and writes nothing', async () => {
    const order = await newOrder(owner, 'Add and look up');
    const mails = mailer.sent.length;
    const tokens = await countRows(t.db, 'share_tokens');
    const added = await owner.post(`${P}/add-sharee`, { productOrderId: order.id, shareeEmail: 'multi@demo.test' });
    expect(added.status).toBe(200);
    expect(added.body.data.involvedUsersById[ids['multi@demo.test']!]).toEqual({ role: 'sharee', pricingIsHidden: 0 });
    expect(mailer.sent.length).toBe(mails);
    expect(await countRows(t.db, 'share_tokens')).toBe(tokens);
    expect(await t.db('audit_log').where({ entity_id: order.id, action: 'addSharee' })).toHaveLength(1);

    const users = await countRows(t.db, 'users');
    const lookup = (as: Client, productOrderId: number, shareeEmail: string) => as.post(`${P}/get-or-create-sharee`, { productOrderId, shareeEmail });
    const known = await lookup(owner, order.id, 'Guest-850@demo.test');
    expect(known.status).toBe(200);
    expect(errorsOf(ShareeResponse, known.body.data)).toEqual([]);
    expect(known.body.data.sharee).toEqual({ userId: ids['guest-850@demo.test'], email: 'guest-850@demo.test', firstName: 'Priya', lastName: 'Raman', isNew: false });
    const unknown = await lookup(owner, order.id, 'nobody.yet@example.test');
    expect(unknown.body.data.sharee).toEqual({ userId: null, email: 'nobody.yet@example.test', firstName: null, lastName: null, isNew: true });
    // Someone of another organisation is not named to 850's people: answered like an unknown address.
    expect((await lookup(owner, order.id, 'owner-1450@demo.test')).body.data.sharee).toEqual({ userId: null, email: 'owner-1450@demo.test', firstName: null, lastName: null, isNew: true });
    // A guest: employees and people already involved are named, another customer is not.
    const guestsOrder = await newOrder(guest, 'Guest looks up');
    expect((await lookup(guest, guestsOrder.id, 'member-850@demo.test')).body.data.sharee.userId).toBe(ids['member-850@demo.test']);
    expect((await lookup(guest, guestsOrder.id, 'new.person@example.test')).body.data.sharee).toEqual({ userId: null, email: 'new.person@example.test', firstName: null, lastName: null, isNew: true });
    expect((await lookup(guest, order.id, 'member-850@demo.test')).status).toBe(404);
    expect(await countRows(t.db, 'users')).toBe(users);
  });

  it('remove-sharee: never the owner; the person loses the order at once and their personal links stop working', async () => {
    const order = await newOrder(owner, 'Removal');
    await share(owner, order.n, ['leaving.soon@example.test', 'guest-850@demo.test']);
    const [toRemove, toGuest] = mailer.sent.slice(-2);
    const token = linkParts(toRemove!.text).token!;
    const { c: person, res } = await openAnonymously(token);
    expect(res.status).toBe(200);
    const personId = res.body.data.userId as number;
    expect((await orderData(person, order.n)).status).toBe(200);

    const owned = await owner.post(`${P}/remove-sharee`, { orgId: 850, productOrderOrgSpecificId: order.n, shareeEmail: 'owner-850@demo.test' });
    expect(owned.status).toBe(400);
    expect(owned.body.error.message).toBe('The order’s owner cannot be removed. Change the owner first if someone else should own it.');
    const stranger = await owner.post(`${P}/remove-sharee`, { orgId: 850, productOrderOrgSpecificId: order.n, shareeEmail: 'multi@demo.test' });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.message).toBe('multi@demo.test is not involved in this order.');

    // A guest who reaches the order may remove a sharee (never the owner).
    expect((await guest.post(`${P}/remove-sharee`, { orgId: 850, productOrderOrgSpecificId: order.n, shareeEmail: 'owner-850@demo.test' })).status).toBe(400);
    const removed = await guest.post(`${P}/remove-sharee`, { orgId: 850, productOrderOrgSpecificId: order.n, shareeEmail: 'leaving.soon@example.test' });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.data.productOrder.id).toBe(order.id);
    expect(String(personId) in removed.body.data.productOrder.involvedUsers).toBe(false);
    expect(String(personId) in (await involvedOf(order.id))).toBe(false);
    expect((await orderData(person, order.n)).status).toBe(404);
    expect((await person.post(ORDERS_DATA, { orgId: 850 })).body.data.productOrders).toEqual([]);
    expect((await roleFor(token)).status).toBe(404);
    expect((await openAnonymously(token)).res.status).toBe(404);
    expect(await t.db('audit_log').where({ entity_id: order.id, action: 'removeSharee' })).toHaveLength(1);
    // Revoked, not merely unused: involving the person again later does not bring the old link back.
    expect((await t.db('share_tokens').where({ product_order_id: order.id, user_id: personId })).map((r) => r.revoked !== null)).toEqual([true]);
    expect((await owner.post(`${P}/add-sharee`, { productOrderId: order.id, shareeEmail: 'leaving.soon@example.test' })).status).toBe(200);
    expect((await roleFor(token)).status).toBe(404);
    await owner.post(`${P}/remove-sharee`, { orgId: 850, productOrderOrgSpecificId: order.n, shareeId: personId });
    // The other sharee's link still works.
    expect((await roleFor(linkParts(toGuest!.text).token!)).status).toBe(200);

    // A guest who came by the order's link has no email: removed by id.
    const linkGuest = await openAnonymously(linkParts((await makeLink(owner, order.id)).shareableLink).token!);
    const linkGuestId = linkGuest.res.body.data.userId as number;
    const byId = await owner.post(`${P}/remove-sharee`, { orgId: 850, productOrderOrgSpecificId: order.n, shareeId: linkGuestId });
    expect(byId.status).toBe(200);
    expect(String(linkGuestId) in (await involvedOf(order.id))).toBe(false);
    // The link made their membership and nothing else lets them in: it ends, and the account the link made is signed out.
    expect(await membershipOf(linkGuestId)).toBeUndefined();
    expect((await linkGuest.c.get('/api/auth/session')).status).toBe(401);
    expect((await linkGuest.c.post(CREATE_ORDER, { productOrderProps: { orgId: 850, title: 'After removal', productCategoryId: 1 } })).status).toBe(401);
    // The person shared with by email keeps their membership after removal.
    expect((await membershipOf(personId))!.role).toBe('guest');
  });

  it('update-involved-users-data: employees or the owner who sees prices; hides every price from that sharee', async () => {
    const order = await newOrder(guest, 'Price visibility');
    // An item, so the order has prices to hide.
    const item = await guest.post(ITEM_CREATE, { props: { productOrderId: order.id, productId: 98, title: 'Hall', quantity: 2, properties: { '7': { optionId: 22 } } } });
    expect(item.status, JSON.stringify(item.body)).toBe(200);
    await share(guest, order.n, ['hidden.viewer@example.test', 'member-850@demo.test']);
    const viewerToken = linkParts(mailer.sent.at(-2)!.text).token!;
    const { c: viewer, res } = await openAnonymously(viewerToken);
    const viewerId = res.body.data.userId as number;
    const toggle = (as: Client, shareeId: number, pricingIsHidden: 0 | 1) => as.post(`${P}/update-involved-users-data`, { orgId: 850, productOrderOrgSpecificId: order.n, shareeId, pricingIsHidden });

    // A sharee who is a guest may not; the owner's entry is not a collaborator setting.
    const bySharee = await toggle(viewer, viewerId, 0);
    expect(bySharee.status).toBe(403);
    expect(bySharee.body.error.message).toBe('Only employees and the order’s owner can change who sees prices.');
    expect((await toggle(member, ids['guest-850@demo.test']!, 1)).status).toBe(400);
    expect((await toggle(member, ids['multi@demo.test']!, 1)).status).toBe(400);
    expect((await toggle(outsider, viewerId, 1)).status).toBe(404);

    // The owner (a guest who sees prices) hides them from the viewer.
    const hidden = await toggle(guest, viewerId, 1);
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(errorsOf(InvolvedUsersDataResponse, hidden.body.data)).toEqual([]);
    expect(hidden.body.data.involvedUsers[String(viewerId)]).toEqual({ role: 'sharee', pricingIsHidden: 1 });
    expect(await t.db('audit_log').where({ entity_id: order.id, action: 'setPricingHidden' })).toHaveLength(1);
    expect((await involvedUsers(viewer, order.n)).body.data.canTogglePricing).toBe(false);

    // No price anywhere for the viewer: order data, catalogue for the order, orders list.
    const data = await orderData(viewer, order.n);
    expect(data.status).toBe(200);
    expect(data.body.data.pricingIsHidden).toBe(true);
    expect(data.body.data.productInstances).toHaveLength(1);
    expect(priceKeys(data.body.data)).toEqual([]);
    const catalogue = await viewer.get(`${CATALOGUE(850)}&productOrderOrgSpecificId=${order.n}`);
    expect(catalogue.status).toBe(200);
    expect(catalogue.body.data.pricingIsHidden).toBe(true);
    expect(catalogue.body.data.productPricingRules).toEqual([]);
    expect(priceKeys(catalogue.body.data)).toEqual([]);
    const list = await viewer.post(ORDERS_DATA, { orgId: 850, filters: { archived: 'all' } });
    expect(list.body.data.productOrders.map((o: { id: number }) => o.id)).toEqual([order.id]);
    expect(priceKeys(list.body.data)).toEqual([]);
    // The owner still sees them (the check above can fail).
    expect(priceKeys((await orderData(guest, order.n)).body.data).length).toBeGreaterThan(0);

    // A link the viewer makes (or a share) passes on no prices.
    const viewersLink = await makeLink(viewer, order.id);
    expect(viewersLink.pricingIsHidden).toBe(1);
    const viewersToken = linkParts(viewersLink.shareableLink).token!;
    const second = await openAnonymously(viewersToken);
    expect((await involvedOf(order.id))[String(second.res.body.data.userId)]).toEqual({ role: 'sharee', pricingIsHidden: 1, shareTokenId: await tokenIdOf(viewersToken) });
    expect(priceKeys((await orderData(second.c, order.n)).body.data)).toEqual([]);
    await share(viewer, order.n, ['told.by.viewer@example.test']);
    const told = (await t.repos.users.findOne({ email: 'told.by.viewer@example.test' }))!;
    expect((await involvedOf(order.id))[String(told.id)]).toEqual({ role: 'sharee', pricingIsHidden: 1 });

    // The viewer's status and payment answers carry no amount either; paying needs prices (403).
    const statusUpdate = await viewer.post(`${C}/request-status-update`, { productOrderId: order.id });
    expect(priceKeys(statusUpdate.body)).toEqual([]);
    const pay = await viewer.post(`${C}/create-stripe-payment-intent`, { productOrderId: order.id, isCardPayment: true, paymentEnvironment: 'live', payInFull: true });
    expect(pay.status).toBe(403);
    const manual = await viewer.post(`${C}/confirm-order-payment`, { productOrderId: order.id, paymentMethod: 'wire', paymentData: { amount: 0 } });
    expect(manual.status).toBe(403);

    // Employees may change it back; the viewer sees prices again.
    expect((await toggle(member, viewerId, 0)).status).toBe(200);
    expect(priceKeys((await orderData(viewer, order.n)).body.data).length).toBeGreaterThan(0);

    // A guest owner whose own prices are hidden (1392 hides them from its guest) may not toggle.
    const halden = await t.repos.productOrders.findOne({ orgId: 1392, orgSpecificId: 2 });
    expect(halden!.userId).toBe(ids['guest-1392@demo.test']);
    const haldenGuest = await t.as('guest-1392@demo.test');
    const refusedOwner = await haldenGuest.post(`${P}/update-involved-users-data`, { orgId: 1392, productOrderOrgSpecificId: 2, shareeId: ids['owner-1392@demo.test'], pricingIsHidden: 1 });
    expect(refusedOwner.status).toBe(403);
  });

  it('a sharee whose prices are hidden gets no payment amount in status answers', async () => {
    // Cliffside Villa (850 #4) is in production with its deposit paid.
    const order = (await t.repos.productOrders.findOne({ orgId: 850, orgSpecificId: 4 }))!;
    expect(Number(order.amountPaidInCents)).toBeGreaterThan(0);
    await share(owner, 4, ['paid.viewer@example.test']);
    const { c: viewer, res } = await openAnonymously(linkParts(mailer.sent.at(-1)!.text).token!);
    const viewerId = res.body.data.userId as number;
    expect((await owner.post(`${P}/update-involved-users-data`, { orgId: 850, productOrderOrgSpecificId: 4, shareeId: viewerId, pricingIsHidden: 1 })).status).toBe(200);
    const data = await orderData(viewer, 4);
    expect(data.status).toBe(200);
    expect(priceKeys(data.body.data)).toEqual([]);
    // The viewer asks to cancel: refused (something was paid), and the refusal names no amount.
    const cancel = await viewer.post(`${C}/product-order/cancel`, { productOrderId: order.id });
    expect(cancel.status).toBe(409);
    expect(priceKeys(cancel.body)).toEqual([]);
    // The status answer shaped for the viewer (what every status call returns): no payment amount, no amount paid.
    const { statusResponse } = await import('../src/services/orderStatus.ts');
    const access = { user: { id: viewerId, email: '', sessionId: 0, guestModeOrgIds: [] }, orgId: 850, role: 'guest', prevRole: null, policyRole: 'guest' as const, orgPricingHidden: false, catalogueVersion: 0 };
    const shaped = statusResponse(access, (await t.repos.productOrders.findOne({ id: order.id }))!);
    expect(priceKeys(shaped)).toEqual([]);
    expect(Object.keys(shaped.statusData)).toEqual(Object.keys(order.statusData));
  });

  it('the previous owner stays a sharee after an owner change', async () => {
    const order = await newOrder(guest, 'Changing hands');
    const res = await owner.post(`${C}/change-order-owner`, { productOrderId: order.id, userId: ids['multi@demo.test'] });
    expect(res.status).toBe(200);
    const list = (await involvedUsers(owner, order.n)).body.data;
    expect(list.ownerId).toBe(ids['multi@demo.test']);
    expect(list.involvedUsers.map((u: { userId: number; role: string }) => [u.userId, u.role])).toEqual([
      [ids['multi@demo.test'], 'owner'],
      [ids['guest-850@demo.test'], 'sharee'],
    ]);
    // The previous owner (a guest) still reaches the order, as a sharee who may not toggle prices any more.
    expect((await orderData(guest, order.n)).status).toBe(200);
    expect((await involvedUsers(guest, order.n)).body.data.canTogglePricing).toBe(false);
  });

  it('links point at PUBLIC_URL; without one, at the address the request came in on (the proxy’s only when it is trusted), in answers and in mail', async () => {
    const order = await newOrder(owner, 'Link addresses');
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example', origin: 'https://shop.example' };
    const link = async (as: Client, headers?: Record<string, string>) => {
      const res = await as.post(`${P}/generate-shareable-link`, { productOrderId: order.id }, { headers });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.shareableLink as string;
    };
    // With PUBLIC_URL: that address, whatever the request says, the proxy trusted or not.
    expect(await link(owner, { 'x-forwarded-host': 'shop.example' })).toMatch(/^https:\/\/portal\.test\/orders\//);
    const trustedWithUrl = await t.serve({ trustProxy: true });
    expect(await link(await trustedWithUrl.as('owner-850@demo.test'), forwarded)).toMatch(/^https:\/\/portal\.test\/orders\//);

    vi.stubEnv('PUBLIC_URL', '');
    try {
      // Without: the host the portal was reached at (here 127.0.0.1 and the test's port).
      const plain = await t.serve({ publicUrl: undefined });
      const plainOwner = await plain.as('owner-850@demo.test');
      expect(await link(plainOwner)).toMatch(new RegExp(`^${plain.url}/orders/${order.n}\\?shareToken=[A-Za-z0-9_-]{43}&shareableOrderId=${order.n}$`));
      // A proxy's headers count only when the app trusts the proxy.
      expect(await link(plainOwner, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' })).toMatch(new RegExp(`^${plain.url}/orders/`));
      const proxied = await t.serve({ publicUrl: undefined, trustProxy: true });
      expect(await link(await proxied.as('owner-850@demo.test'), forwarded)).toMatch(/^https:\/\/shop\.example\/orders\//);

      // Mail sent after the commit carries the same address: a share, an invitation, a status mail.
      expect((await plainOwner.post(`${P}/share`, { orgId: 850, productOrderOrgSpecificId: order.n, sharees: [{ email: 'by.host@example.test' }] })).status).toBe(200);
      expect(mailer.sent.at(-1)!.text).toContain(`Open the order: ${plain.url}/orders/${order.n}?shareToken=`);
      expect((await plainOwner.post('/api/orgs/invite-guest', { email: 'invited.by.host@example.test', activeOrgId: 850, pricingIsHidden: 0 })).status).toBe(200);
      expect(mailer.sent.at(-1)!.text).toContain(`${plain.url}/invitation?token=`);
      const villa = (await t.repos.productOrders.findOne({ orgId: 850, orgSpecificId: 4 }))!;
      expect((await plainOwner.post(`${C}/request-status-update`, { productOrderId: villa.id })).status).toBe(200);
      expect(mailer.sent.at(-1)!.text).toContain(`Open the order: ${plain.url}/orders/4`);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('replacing a link shuts out whoever came in only through it — the order, and the organisation when nothing else lets them in — and nobody invited directly', async () => {
    const order = await newOrder(owner, 'A link that ends');
    const elsewhere = await newOrder(owner, 'Another order');
    const token = linkParts((await makeLink(owner, order.id)).shareableLink).token!;
    const tokenId = await tokenIdOf(token);
    const userOf = async (c: Client) => (await c.get('/api/auth/session')).body.data.user.id as number;
    const createIn850 = (c: Client, title: string) => c.post(CREATE_ORDER, { productOrderProps: { orgId: 850, title, productCategoryId: 1 } });

    // Only through the link: a new "Guest", and someone signed in who was no member of 850.
    const only = (await openAnonymously(token)).c;
    const onlyId = await userOf(only);
    expect((await outsider.post(HANDLE_LINK, { shareToken: token })).status).toBe(200);
    const outsiderId = ids['owner-1450@demo.test']!;
    // Let in by that guest's own link: goes with them.
    const theirToken = linkParts((await makeLink(only, order.id)).shareableLink).token!;
    const passedOn = (await openAnonymously(theirToken)).c;
    const passedOnId = await userOf(passedOn);
    // Shared with by email by that guest: invited directly, stays.
    expect((await share(only, order.n, ['told.by.link.guest@example.test'])).status).toBe(200);
    const toldToken = linkParts(mailer.sent.at(-1)!.text).token!;
    const toldId = (await t.repos.users.findOne({ email: 'told.by.link.guest@example.test' }))!.id;
    // Came by the link, then owned an order of their own: loses this order, keeps the organisation.
    const owning = (await openAnonymously(token)).c;
    const owningId = await userOf(owning);
    const ownOrder = (await createIn850(owning, 'My own')).body.data as { orgSpecificId: number };
    // Came by the link, and into another order by another link: keeps that one and the organisation.
    const twice = (await openAnonymously(token)).c;
    const twiceId = await userOf(twice);
    const elsewhereToken = linkParts((await makeLink(member, elsewhere.id)).shareableLink).token!;
    expect((await twice.post(HANDLE_LINK, { shareToken: elsewhereToken })).status).toBe(200);
    // Came by the link signed in, then was shared with by email: invited directly, stays.
    const direct = await t.as('guest-1392@demo.test');
    const directId = ids['guest-1392@demo.test']!;
    expect((await direct.post(HANDLE_LINK, { shareToken: token })).status).toBe(200);
    expect(await membershipOf(directId)).toMatchObject({ shareTokenId: tokenId });
    expect((await share(owner, order.n, ['guest-1392@demo.test'])).status).toBe(200);
    expect((await involvedOf(order.id))[String(directId)]).toEqual({ role: 'sharee', pricingIsHidden: 0 });
    expect((await membershipOf(directId))!.shareTokenId).toBeNull();
    // Everyone reaches the order so far; the link-only guest could make orders in the organisation.
    for (const c of [only, passedOn, owning, twice, direct, outsider]) expect((await orderData(c, order.n)).status).toBe(200);

    const replaced = await makeLink(owner, order.id);
    expect((await roleFor(token)).status).toBe(404);
    expect((await roleFor(linkParts(replaced.shareableLink).token!)).status).toBe(200);

    // Only through the old link (and through the links of those): the order is gone, and the organisation.
    for (const id of [onlyId, passedOnId, outsiderId]) {
      expect(String(id) in (await involvedOf(order.id))).toBe(false);
      expect(await membershipOf(id)).toBeUndefined();
    }
    // The accounts the links made are signed out: nothing is left to them.
    for (const c of [only, passedOn]) {
      expect((await c.get('/api/auth/session')).status).toBe(401);
      expect((await orderData(c, order.n)).status).toBe(401);
      expect((await createIn850(c, 'Not any more')).status).toBe(401);
    }
    // Someone with an account of their own stays signed in, without this order or the organisation.
    expect((await orderData(outsider, order.n)).status).toBe(404);
    expect((await createIn850(outsider, 'Not any more')).status).toBe(404);
    expect((await outsider.get('/api/auth/session')).body.data.organisations.map((o: { id: number }) => o.id)).toEqual([1450]);
    expect((await roleFor(theirToken)).status).toBe(404);
    // Invited directly: still in, their personal link (made by the guest who is gone) still works.
    expect((await orderData(direct, order.n)).status).toBe(200);
    expect((await membershipOf(directId))!.role).toBe('guest');
    expect((await involvedOf(order.id))[String(toldId)]).toEqual({ role: 'sharee', pricingIsHidden: 0 });
    expect((await roleFor(toldToken)).status).toBe(200);
    // Other ways in keep the organisation, not this order.
    expect((await orderData(owning, order.n)).status).toBe(404);
    expect((await orderData(owning, ownOrder.orgSpecificId)).status).toBe(200);
    expect((await membershipOf(owningId))!.role).toBe('guest');
    expect((await orderData(twice, order.n)).status).toBe(404);
    expect((await orderData(twice, elsewhere.n)).status).toBe(200);
    expect((await membershipOf(twiceId))!.role).toBe('guest');
    // Audited: who lost the order, whose membership ended.
    const [audit] = await t.db('audit_log').where({ entity_id: order.id, action: 'generateShareableLink', user_id: ids['owner-850@demo.test'] }).orderBy('id', 'desc').limit(1);
    const data = typeof audit.data === 'string' ? JSON.parse(audit.data) : audit.data;
    const byNumber = (a: number, b: number) => a - b;
    expect([...data.shutOut].sort(byNumber)).toEqual([onlyId, passedOnId, owningId, twiceId, outsiderId].sort(byNumber));
    expect([...data.membershipsEnded].sort(byNumber)).toEqual([onlyId, passedOnId, outsiderId].sort(byNumber));
    expect(await t.db('audit_log').where({ action: 'endByShareLink', org_id: 850 }).whereIn('entity_id', [onlyId, passedOnId, outsiderId])).toHaveLength(3);
    // The owner's other links, and other people's, were not touched.
    expect((await roleFor(elsewhereToken)).status).toBe(200);
  });

  it('a link that cannot be replaced (the write fails half-way) changes nothing', async () => {
    const order = await newOrder(owner, 'Failing replacement');
    const token = linkParts((await makeLink(owner, order.id)).shareableLink).token!;
    const { c } = await openAnonymously(token);
    const guestId = (await c.get('/api/auth/session')).body.data.user.id as number;
    const state = async () => ({
      involved: await involvedOf(order.id),
      membership: await membershipOf(guestId),
      tokens: (await t.db('share_tokens').where({ product_order_id: order.id }).orderBy('id')).map((r) => [r.id, r.revoked]),
      audits: await countRows(t.db, 'audit_log'),
    });
    const before = await state();
    // The new token cannot be written: everything before it in the transaction must be undone.
    const mysql = dbCase.name === 'mysql';
    await t.db.raw(
      mysql
        ? "CREATE TRIGGER share_tokens_refused BEFORE INSERT ON share_tokens FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused by the test'"
        : "CREATE TRIGGER share_tokens_refused BEFORE INSERT ON share_tokens BEGIN SELECT RAISE(ABORT, 'refused by the test'); END",
    );
    try {
      const res = await owner.post(`${P}/generate-shareable-link`, { productOrderId: order.id });
      expect(res.status).toBe(500);
    } finally {
      await t.db.raw('DROP TRIGGER share_tokens_refused');
    }
    expect(await state()).toEqual(before);
    expect((await orderData(c, order.n)).status).toBe(200);
    expect((await roleFor(token)).status).toBe(200);
  });

  it('an IP that keeps giving bad tokens waits, growing with each further one, before any token is looked at', async () => {
    const order = await newOrder(owner, 'Guessing');
    const good = linkParts((await makeLink(owner, order.id)).shareableLink).token!;
    const bad = (i: number) => `guess${String(i).padStart(38, '0')}`;
    for (let i = 0; i < FREE_BAD_TOKENS; i++) {
      const res = i % 2 ? await roleFor(bad(i)) : (await openAnonymously(bad(i))).res;
      expect(res.status, `try ${i}`).toBe(404);
    }
    // Now even the good token waits (429 with Retry-After), on both token calls and the order data.
    for (const res of [await roleFor(good), (await openAnonymously(good)).res, await orderData(member, order.n, { shareToken: good })]) {
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe('tooManyAttempts');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // A waiting try is not counted: after the wait (1 s) the good token is answered.
    clock += 1000;
    expect((await roleFor(good)).status).toBe(200);
    // One more bad token: the wait doubles (2 s).
    expect((await roleFor(bad(99))).status).toBe(404);
    const waiting = await roleFor(good);
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBe(2);
  });
});

describe('links outside a request and the production start', () => {
  it('outside a request, links point where the portal was last reached; PUBLIC_URL always wins', async () => {
    const { linkAddress } = await import('../src/http/linkAddress.ts');
    const { requestScope } = await import('../src/log.ts');
    const links = linkAddress(undefined);
    // As in the app: each request runs in a scope of its own (http/requestLog.ts enters it).
    const fromRequests = { ...links, middleware: (c: Parameters<typeof links.middleware>[0], next: () => Promise<void>) => requestScope.run({ requestId: 'r' }, () => links.middleware(c, next)) };
    const ctx = (origin: string) => ({ origin }) as unknown as Parameters<typeof links.middleware>[0];
    let inside = '';
    await fromRequests.middleware(ctx('http://10.0.0.5:8193'), async () => {
      inside = fromRequests.base();
    });
    expect(inside).toBe('http://10.0.0.5:8193');
    expect(fromRequests.base()).toBe('http://10.0.0.5:8193');
    // Not an address (an empty Host): not remembered.
    await fromRequests.middleware(ctx('http://'), async () => undefined);
    expect(fromRequests.base()).toBe('http://10.0.0.5:8193');
    // Requests at the same time from two addresses: each keeps its own, through every await (a mail after a commit).
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let first = '';
    const a = fromRequests.middleware(ctx('https://a.example'), async () => {
      await held;
      first = fromRequests.base();
    });
    await fromRequests.middleware(ctx('https://b.example'), async () => undefined);
    release();
    await a;
    expect(first).toBe('https://a.example');
    const configured = linkAddress('https://portal.example.com/');
    await configured.middleware(ctx('http://10.0.0.5:8193'), async () => {
      inside = configured.base();
    });
    expect(inside).toBe('https://portal.example.com');
  });

  it('production refuses to start without PUBLIC_URL, or with one that is not an http(s) address', () => {
    const missing = 'PUBLIC_URL is not set. In production it must be the portal’s public address (for example PUBLIC_URL=https://portal.example.com): share links and mails point there.';
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(missing);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: '  ' })).toThrow(missing);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'portal.example.com' })).toThrow('PUBLIC_URL must be an http or https address such as https://portal.example.com, got "portal.example.com".');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.com' }).publicUrl).toBe('https://portal.example.com');
    // Elsewhere it may be left out: links follow the request.
    expect(loadConfig({ NODE_ENV: 'test' }).publicUrl).toBeUndefined();
  });

  it('the production server stops with one line saying so, before touching a database', () => {
    const sqliteFile = `${REPO_ROOT}/data/never-${process.pid}.sqlite`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'production', PUBLIC_URL: '', DATABASE_URL: '', SQLITE_FILE: sqliteFile, PORT: '0' },
      encoding: 'utf8',
      timeout: 300_000,
    });
    expect(run.status).toBe(1);
    // One structured line (docs/decisions/0117-logs-and-metrics.md).
    expect(run.stderr).toBe('');
    expect(run.stdout.trim().split('\n').map((l) => JSON.parse(l) as unknown)).toEqual([
      { level: 'fatal', time: expect.any(String), msg: 'Cannot start: PUBLIC_URL is not set. In production it must be the portal’s public address (for example PUBLIC_URL=https://portal.example.com): share links and mails point there.' },
    ]);
    expect(fs.existsSync(sqliteFile)).toBe(false);
  });
});

describe.each(databases)('migration 0020 on $name: links that end', (dbCase) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dbCase);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives links without an end one, and marks the guests an order link made before it; nobody loses access', async () => {
    const names = async () => ((await t.db.migrate.list({ migrationSource }))[0] as Array<string | { name: string }>).map((m) => (typeof m === 'string' ? m : m.name));
    while ((await names()).includes('0020_share_link_expiry_and_grants')) await t.db.migrate.down({ migrationSource });
    const order = (await t.repos.productOrders.findOne({ orgId: 850, orgSpecificId: 1 }))!;
    const now = '2026-11-20 10:00:00';
    const token = async (hash: string, revoked: string | null) =>
      ((await t.db('share_tokens').insert({ org_id: 850, token_hash: hash, product_order_id: order.id, kind: 'order', created_by: order.userId, pricing_is_hidden: 0, created: now, expires: null, revoked })) as number[])[0]!;
    const live = await token('a'.repeat(64), null);
    const revoked = await token('b'.repeat(64), now);
    // Two who came through the link before: a "Guest" without an email, and a signed-in person (who may also have been shared with directly: unknown).
    const person = async (email: string | null) => {
      const [id] = (await t.db('users').insert({ email, password_hash: null, first_name: 'Guest', last_name: '', personal_org_id: null, is_platform_admin: 0, app_data: '{}', created: now, last_updated: now })) as number[];
      await t.db('memberships').insert({ user_id: id, org_id: 850, role: 'guest', prev_role: null, access_data: '{}', created: now, last_updated: now });
      await t.db('audit_log').insert({ org_id: 850, user_id: id, entity: 'productOrder', entity_id: order.id, action: email === null ? 'guestByShareLink' : 'involveByShareLink', data: JSON.stringify({ userId: id, shareTokenId: revoked, pricingIsHidden: 1 }), created: now });
      return id!;
    };
    const anonymous = await person(null);
    const signedIn = await person('came.by.link@example.test');
    const involved = { ...order.involvedUsers, [String(anonymous)]: { role: 'sharee', pricingIsHidden: 1 }, [String(signedIn)]: { role: 'sharee', pricingIsHidden: 0 } };
    await t.db('product_orders').where({ id: order.id }).update({ involved_users: JSON.stringify(involved) });

    await migrateLatest(t.db);
    const tokens = await t.db('share_tokens').whereIn('id', [live, revoked]).orderBy('id');
    const in30 = shareLinkExpiry(new Date(), 30).toISOString().slice(0, 19).replace('T', ' ');
    expect(tokens.map((r) => (r.expires === null ? null : String(r.expires).replace('T', ' ').slice(0, 19)))).toEqual([in30, null]);
    const after = (await t.repos.productOrders.findOne({ id: order.id }))!.involvedUsers as Record<string, unknown>;
    // pricingIsHidden as it was; the link recorded for the guest it made, not for the signed-in person.
    expect(after[String(anonymous)]).toEqual({ role: 'sharee', pricingIsHidden: 1, shareTokenId: revoked });
    expect(after[String(signedIn)]).toEqual({ role: 'sharee', pricingIsHidden: 0 });
    expect((await t.repos.memberships.findOne({ userId: anonymous, orgId: 850 }))!.shareTokenId).toBe(revoked);
    expect((await t.repos.memberships.findOne({ userId: signedIn, orgId: 850 }))!.shareTokenId).toBeNull();
  });
});
