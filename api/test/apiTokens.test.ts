import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/log.ts';
import { databases, startTestApp, type Client, type TestApp } from './helpers.ts';

/**
 * API tokens for machine clients (decision 0119), from the rules: an owner makes them in person; a
 * token is shown once and kept only as its sha256; it acts as its maker in its organisation, only for
 * the calls its scopes name; revoked it is refused; it is not held to the browser origin rule; its calls
 * are rate-limited across processes and each one is in its audit trail.
 */
const C = '/api/configurator';
const R = '/api/resources';
const T = '/api/orgs/api-tokens';

/** A caller with nothing but a bearer token, as a script sends it (no cookie, no Origin). */
function bearer(t: TestApp, token: string) {
  const c = t.client();
  const headers = { authorization: `Bearer ${token}`, origin: '' };
  return {
    post: (p: string, body?: unknown, more: Record<string, string> = {}) => c.post(p, body, { headers: { ...headers, ...more } }),
    get: (p: string) => c.get(p, { authorization: `Bearer ${token}` }),
  };
}

describe.each(databases)('API tokens on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client;
  const lines: Array<Record<string, unknown>> = [];
  const made: Record<string, { id: number; token: string }> = {};

  async function make(name: string, scopes: string[], orgId = 850, by = owner) {
    const res = await by.post(`${T}/create`, { orgId, name, scopes });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { id: res.body.data.apiToken.id as number, token: res.body.data.token as string };
  }

  beforeAll(async () => {
    // A small window limit so the rate-limit test stays short; every other test stays far below it.
    const logger = createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } });
    t = await startTestApp(dbCase, { apiTokenLimits: { calls: 40, windowMs: 60_000 }, logger });
    owner = await t.as('owner-850@demo.test');
    made.read = await make('ERP read', ['orders:read']);
    made.write = await make('ERP write', ['orders:write', 'orders:read']);
    made.catalogue = await make('PIM', ['catalogue']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is shown once, starts with cpq_, and is stored only as its sha256', async () => {
    const { token, id } = made.read!;
    expect(token).toMatch(/^cpq_[A-Za-z0-9_-]{43}$/);
    const row = await t.db('api_tokens').where({ id }).first();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
    const list = await owner.post(`${T}/get`, { orgId: 850 });
    expect(list.status).toBe(200);
    const listed = list.body.data.apiTokens.find((x: { id: number }) => x.id === id);
    expect(listed).toMatchObject({ name: 'ERP read', scopes: ['orders:read'], hint: token.slice(0, 8), revoked: null });
    expect(JSON.stringify(list.body)).not.toContain(token.slice(8));
  });

  it('reads orders with orders:read, and is refused a write for want of orders:write', async () => {
    const api = bearer(t, made.read!.token);
    const list = await api.post(`${C}/get-configurator-orders-data`, { orgId: 850 });
    expect(list.status).toBe(200);
    expect(list.body.data.productOrders.length).toBeGreaterThan(0);
    const create = await api.post(`${C}/create-product-order`, { productOrderProps: { orgId: 850 } });
    expect(create.status).toBe(403);
    expect(create.body.error.code).toBe('tokenScope');
    const catalogue = await api.post(`${R}/productCategories/update`, { where: { id: 1 }, props: { title: 'Keypads' } });
    expect(catalogue.status).toBe(403);
    expect(catalogue.body.error.code).toBe('tokenScope');
  });

  it('writes orders with orders:write: the order is its maker’s, and no Origin is asked for', async () => {
    const api = bearer(t, made.write!.token);
    const res = await api.post(`${C}/create-product-order-with-items`, {
      productOrderProps: { orgId: 850, title: 'From the ERP', productCategoryId: 1 },
      propsSets: [{ productId: 98, title: 'Entry', quantity: 2 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ownerId = (await t.repos.users.findOne({ email: 'owner-850@demo.test' }))!.id;
    const [order] = await t.repos.productOrders.find({ orgId: 850, title: 'From the ERP' });
    expect(order!.userId).toBe(ownerId);
  });

  it('changes the catalogue with the catalogue scope, as an owner may', async () => {
    const api = bearer(t, made.catalogue!.token);
    const res = await api.post(`${R}/productCategories/update`, { where: { id: 1 }, props: { title: 'Keypads' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const orders = await api.post(`${C}/get-configurator-orders-data`, { orgId: 850 });
    expect(orders.status).toBe(403);
  });

  it('reaches only its own organisation: another answers like a missing one', async () => {
    const api = bearer(t, made.read!.token);
    const res = await api.post(`${C}/get-configurator-orders-data`, { orgId: 1053 });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('organisationNotFound');
  });

  it('cannot make the calls of a person: session, sharing, preferences, tokens, platform', async () => {
    const api = bearer(t, made.write!.token);
    const calls = [
      await api.get('/api/auth/session'),
      await api.post('/api/users/update-preferences', { cartIsVisible: true }),
      await api.post(`${T}/create`, { orgId: 850, name: 'More', scopes: ['catalogue'] }),
      await api.get('/api/platform/background-tasks'),
      await api.post(`${C}/product-order/generate-shareable-link`, { productOrderId: 1 }),
      await api.post(`${C}/get-configurator-guests-data`, { orgId: 850 }),
    ];
    expect(calls.map((c) => c.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(calls.every((c) => c.body.error.code === 'tokenNotAllowed')).toBe(true);
  });

  it('is refused when unknown, malformed, sent with a cookie, or revoked (and revoking twice changes nothing)', async () => {
    expect((await bearer(t, 'cpq_' + 'A'.repeat(43)).post(`${C}/get-configurator-orders-data`, { orgId: 850 })).status).toBe(401);
    const malformed = await t.client().post(`${C}/get-configurator-orders-data`, { orgId: 850 }, { headers: { authorization: 'Bearer', origin: '' } });
    expect(malformed.status).toBe(401);
    const both = await owner.post(`${C}/get-configurator-orders-data`, { orgId: 850 }, { headers: { authorization: `Bearer ${made.read!.token}` } });
    expect(both.status).toBe(400);

    const doomed = await make('Old script', ['orders:read']);
    const api = bearer(t, doomed.token);
    expect((await api.post(`${C}/get-configurator-orders-data`, { orgId: 850 })).status).toBe(200);
    const revoked = await Promise.all(Array.from({ length: 10 }, () => owner.post(`${T}/revoke`, { orgId: 850, id: doomed.id })));
    expect(revoked.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(revoked.map((r) => r.body.data.apiToken.revoked)).size).toBe(1);
    const refused = await api.post(`${C}/get-configurator-orders-data`, { orgId: 850 });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('invalidToken');
  });

  it('is made and revoked by owners only, in person', async () => {
    const member = await t.as('member-850@demo.test');
    expect((await member.post(`${T}/create`, { orgId: 850, name: 'Mine', scopes: ['orders:read'] })).status).toBe(403);
    expect((await member.post(`${T}/revoke`, { orgId: 850, id: made.read!.id })).status).toBe(403);
    const other = await t.as('owner-1053@demo.test');
    expect((await other.post(`${T}/revoke`, { orgId: 1053, id: made.read!.id })).status).toBe(404);
    expect((await other.post(`${T}/calls`, { orgId: 1053, id: made.read!.id })).status).toBe(404);
    const bad = await owner.post(`${T}/create`, { orgId: 850, name: '   ', scopes: [] });
    expect(bad.status).toBe(400);
    expect(await t.db('api_tokens').where({ name: '   ' }).first()).toBeUndefined();
  });

  it('keeps an audit trail of its calls, path without the query', async () => {
    const { id, token } = await make('Audited', ['orders:read']);
    const api = bearer(t, token);
    await api.post(`${C}/get-configurator-orders-data`, { orgId: 850 });
    await api.post(`${C}/create-product-order`, { productOrderProps: { orgId: 850 } });
    const trail = await owner.post(`${T}/calls`, { orgId: 850, id });
    expect(trail.status).toBe(200);
    expect(trail.body.data.calls.map((c: { path: string; status: number }) => [c.path, c.status])).toEqual([
      [`${C}/create-product-order`, 403],
      [`${C}/get-configurator-orders-data`, 200],
    ]);
    const listed = (await owner.post(`${T}/get`, { orgId: 850 })).body.data.apiTokens.find((x: { id: number }) => x.id === id);
    expect(listed.lastUsed).not.toBeNull();
    // The access log names the token by its id, never the token itself.
    const logged = lines.filter((l) => l.msg === 'request' && l.apiTokenId === id);
    expect(logged.map((l) => [l.path, l.status])).toEqual([
      [`${C}/get-configurator-orders-data`, 200],
      [`${C}/create-product-order`, 403],
    ]);
    expect(JSON.stringify(lines)).not.toContain(token.slice(4));
  });

  it('is rate-limited: of 50 calls at once in two processes, exactly the window’s 40 get through', async () => {
    const { token } = await make('Busy', ['orders:read']);
    const second = await t.serve({}, { separateDb: true });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const c = i % 2 ? second.client() : t.client();
        return c.post(`${C}/get-configurator-orders-count`, { orgId: 850, statusKeys: ['orderStarted'] }, { headers: { authorization: `Bearer ${token}`, origin: '' } });
      }),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const limited = answers.find((a) => a.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
