import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, prefetchHomepageData } from './api.ts';

/** The home page data asked for by the shell ahead of the page is used once, by the page's own call. */
describe('prefetchHomepageData', () => {
  const calls: Array<{ path: string; body: unknown }> = [];

  beforeEach(() => {
    calls.length = 0;
    vi.useFakeTimers();
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { orgId: number };
      calls.push({ path, body });
      return new Response(JSON.stringify({ data: { orgId: body.orgId, call: calls.length } }), { status: 200 });
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("answers the page's call with the early answer: one request", async () => {
    prefetchHomepageData(850);
    const data = await api.homepageData({ orgId: 850 });
    expect(calls).toEqual([{ path: '/api/configurator/get-configurator-homepage-data', body: { orgId: 850 } }]);
    expect(data).toEqual({ orgId: 850, call: 1 });
  });

  it('is used once: the next call asks the server again', async () => {
    prefetchHomepageData(850);
    await api.homepageData({ orgId: 850 });
    const again = await api.homepageData({ orgId: 850 });
    expect(calls).toHaveLength(2);
    expect(again).toEqual({ orgId: 850, call: 2 });
  });

  it("is not used for another organisation's page", async () => {
    prefetchHomepageData(850);
    const other = await api.homepageData({ orgId: 1053 });
    expect(other).toEqual({ orgId: 1053, call: 2 });
    expect(calls.map((c) => c.body)).toEqual([{ orgId: 850 }, { orgId: 1053 }]);
  });

  it('is not used once it is older than 10 seconds', async () => {
    prefetchHomepageData(850);
    vi.advanceTimersByTime(10_001);
    const late = await api.homepageData({ orgId: 850 });
    expect(calls).toHaveLength(2);
    expect(late).toEqual({ orgId: 850, call: 2 });
  });

  it("leaves a failed early answer to the page's call to report", async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: { code: 'forbidden', message: 'Not yours.' } }), { status: 403 }));
    prefetchHomepageData(850);
    await expect(api.homepageData({ orgId: 850 })).rejects.toThrow('Not yours.');
  });
});

/** The sharing calls post their body to the paths of the contract (packages/domain/src/schemas/sharing.ts). */
describe('sharing calls', () => {
  const calls: Array<{ path: string; method: string | undefined; body: unknown }> = [];
  beforeEach(() => {
    calls.length = 0;
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      calls.push({ path, method: init.method, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ data: { ok: path } }), { status: 200 });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const order = { orgId: 850, productOrderOrgSpecificId: 12 };
  it.each([
    ['getInvolvedUsers', order, '/api/configurator/product-order/get-involved-users'],
    ['getShareeCandidates', { productOrderId: 31 }, '/api/configurator/product-order/get-sharee-candidates'],
    ['generateShareableLink', { productOrderId: 31 }, '/api/configurator/product-order/generate-shareable-link'],
    ['share', { ...order, sharees: [{ email: 'a@b.co' }], shareNote: 'Hi' }, '/api/configurator/product-order/share'],
    ['addSharee', { productOrderId: 31, shareeEmail: 'a@b.co' }, '/api/configurator/product-order/add-sharee'],
    ['getOrCreateSharee', { productOrderId: 31, shareeEmail: 'a@b.co' }, '/api/configurator/product-order/get-or-create-sharee'],
    ['removeSharee', { ...order, shareeEmail: 'a@b.co' }, '/api/configurator/product-order/remove-sharee'],
    ['updateInvolvedUsersData', { ...order, shareeId: 3, pricingIsHidden: 1 }, '/api/configurator/product-order/update-involved-users-data'],
    ['getOrgRoleForToken', { shareToken: 'abcdefghijklmnopqrstuvwxyz' }, '/api/configurator/get-org-role-for-token'],
    ['handleGuestShareLink', { shareToken: 'abcdefghijklmnopqrstuvwxyz' }, '/api/configurator/product-order/handle-guest-share-link'],
  ] as const)('%s posts to its path', async (name, body, path) => {
    const call = api[name] as (b: unknown) => Promise<unknown>;
    expect(await call(body)).toEqual({ ok: path });
    expect(calls).toEqual([{ path, method: 'POST', body }]);
  });
});

/** The order data is revalidated: the page's kept answer is reused on a 304, and a changed order's answer replaces it. */
describe('orderData revalidation', () => {
  const sent: Array<string | null> = [];
  let server: { etag: string; data: unknown };
  beforeEach(() => {
    sent.length = 0;
    vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => {
      const match = (init.headers as Record<string, string>)['if-none-match'] ?? null;
      sent.push(match);
      if (match === server.etag) return new Response(null, { status: 304, headers: { etag: server.etag } });
      return new Response(JSON.stringify({ data: server.data }), { status: 200, headers: { etag: server.etag } });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the kept tag, uses the kept answer on 304, and takes the new one after a change', async () => {
    const body = { orgId: 850, productOrderOrgSpecificId: 77 };
    server = { etag: '"od-1"', data: { productOrders: [{ title: 'First' }] } };
    const first = await api.orderData(body);
    // A caller changing its copy does not change what is kept.
    (first.productOrders[0] as { title: string }).title = 'Mutated';
    const again = await api.orderData(body);
    expect(again).toEqual({ productOrders: [{ title: 'First' }] });
    server = { etag: '"od-2"', data: { productOrders: [{ title: 'Second' }] } };
    const changed = await api.orderData(body);
    expect(changed).toEqual({ productOrders: [{ title: 'Second' }] });
    expect(sent).toEqual([null, '"od-1"', '"od-1"']);
    // Another order is asked for without a tag; signing out forgets every kept answer.
    await api.orderData({ orgId: 850, productOrderOrgSpecificId: 78 });
    await api.logout().catch(() => undefined);
    await api.orderData(body);
    expect(sent.slice(3)).toEqual([null, null, null]);
  });
});
