import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadOrderWithCatalogue, prefetchOrderWithCatalogue } from './orderLoad.ts';

/** An order asked for by the shell ahead of its page is used once, by the page's own load. */
describe('prefetchOrderWithCatalogue', () => {
  const calls: string[] = [];
  let n = 0;

  beforeEach(() => {
    calls.length = 0;
    vi.useFakeTimers();
    vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
      n++;
      if (path.startsWith('/api/configurator/catalogue')) {
        calls.push(path);
        return new Response(JSON.stringify({ data: { version: 1, call: n } }), { status: 200 });
      }
      const body = JSON.parse(String(init?.body)) as { orgId: number; productOrderOrgSpecificId: number };
      calls.push(`${path} ${JSON.stringify(body)}`);
      const order = { orgSpecificId: body.productOrderOrgSpecificId, call: n };
      return new Response(JSON.stringify({ data: { productOrders: [order], catalogueVersion: 1 } }), { status: 200 });
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("answers the page's load with the early one: one order call and one catalogue call", async () => {
    prefetchOrderWithCatalogue({ orgId: 850, productOrderOrgSpecificId: 7 });
    const loaded = await loadOrderWithCatalogue({ orgId: 850, productOrderOrgSpecificId: 7 });
    expect(calls).toEqual(['/api/configurator/get-configurator-order-data {"orgId":850,"productOrderOrgSpecificId":7}', '/api/configurator/catalogue?orgId=850&productOrderOrgSpecificId=7']);
    expect(loaded?.order.orgSpecificId).toBe(7);
  });

  it('is used once: a second load (Retry) asks the server again', async () => {
    prefetchOrderWithCatalogue({ orgId: 850, productOrderOrgSpecificId: 7 });
    await loadOrderWithCatalogue({ orgId: 850, productOrderOrgSpecificId: 7 });
    await loadOrderWithCatalogue({ orgId: 850, productOrderOrgSpecificId: 7 });
    expect(calls).toHaveLength(4);
  });

  it('is not used for another order, another organisation, or a load carrying a share link', async () => {
    prefetchOrderWithCatalogue({ orgId: 850, productOrderOrgSpecificId: 7 });
    await loadOrderWithCatalogue({ orgId: 850, productOrderOrgSpecificId: 8 });
    await loadOrderWithCatalogue({ orgId: 1053, productOrderOrgSpecificId: 7 });
    await loadOrderWithCatalogue({ orgId: 850, productOrderOrgSpecificId: 7, shareToken: 'abc' });
    expect(calls).toHaveLength(8);
  });

  it('is not used once it is older than 10 seconds', async () => {
    prefetchOrderWithCatalogue({ orgId: 850, productOrderOrgSpecificId: 7 });
    await vi.advanceTimersByTimeAsync(10_001);
    await loadOrderWithCatalogue({ orgId: 850, productOrderOrgSpecificId: 7 });
    expect(calls).toHaveLength(4);
  });

  it("leaves a failed early load to the page's load to report", async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: { code: 'notFound', message: 'No such order.' } }), { status: 404 }));
    prefetchOrderWithCatalogue({ orgId: 850, productOrderOrgSpecificId: 7 });
    await expect(loadOrderWithCatalogue({ orgId: 850, productOrderOrgSpecificId: 7 })).rejects.toThrow('No such order.');
  });
});
