import { expect, test, type Page } from '@playwright/test';
import { apiPost, signIn } from './helpers.ts';

/**
 * The order data is revalidated (decision 0105): coming back to an order page within the portal, the
 * browser sends the ETag it kept and an unchanged order answers 304 with no body; after a change the
 * answer is the new order, and the page shows it — never the kept copy.
 */

const ORDER_DATA = '/api/configurator/get-configurator-order-data';

type Call = { ifNoneMatch: string | null; status: number; bytes: number };

/**
 * The order data calls as the page's own code made them (window.fetch wrapped before the page's
 * scripts): the If-None-Match each sent, the status and the body bytes each got.
 */
async function orderDataCalls(page: Page): Promise<() => Promise<Call[]>> {
  await page.addInitScript((path) => {
    const calls: Array<{ ifNoneMatch: string | null; status: number; bytes: number }> = [];
    (window as unknown as { __orderDataCalls: typeof calls }).__orderDataCalls = calls;
    const original = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await original(input, init);
      if (String(input instanceof Request ? input.url : input).endsWith(path)) {
        const headers = new Headers(init?.headers);
        const bytes = (await res.clone().arrayBuffer()).byteLength;
        calls.push({ ifNoneMatch: headers.get('if-none-match'), status: res.status, bytes });
      }
      return res;
    };
  }, ORDER_DATA);
  return () => page.evaluate(() => (window as unknown as { __orderDataCalls: Call[] }).__orderDataCalls.slice());
}

/** Away to the orders list and back to the order, within the portal (no reload: history, as the Back button does). */
async function awayAndBack(page: Page, title: string): Promise<void> {
  const here = page.url();
  await page.evaluate(() => window.history.pushState(null, '', '/orders'));
  await expect(page.getByTestId('order-title')).toHaveCount(0);
  // The list writes its filters into its address once drawn: wait for it, or it lands on the order's entry after Back.
  await expect(page).toHaveURL(/\/orders\?.*owner=/);
  await page.goBack();
  expect(page.url()).toBe(here);
  await expect(page.getByTestId('order-title')).toHaveText(title);
}

test('an unchanged order is revalidated with a 304; a changed one comes back new', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  const order = await apiPost<{ id: number; orgSpecificId: number }>(page, '/api/configurator/create-product-order-with-items', {
    productOrderProps: { orgId: 850, title: 'Revisited', productCategoryId: 1 },
    propsSets: [{ productId: 98, title: 'Hall', quantity: 2 }],
  });
  const calls = await orderDataCalls(page);
  await page.goto(`/orders/${order.orgSpecificId}`);
  await expect(page.getByTestId('order-title')).toHaveText('Revisited');
  await expect.poll(async () => (await calls()).length).toBeGreaterThan(0);
  expect((await calls())[0]).toMatchObject({ ifNoneMatch: null, status: 200 });

  // Back to the same, unchanged order: the kept copy is confirmed, no body crosses.
  let seen = (await calls()).length;
  await awayAndBack(page, 'Revisited');
  await expect.poll(async () => (await calls()).length).toBeGreaterThan(seen);
  const revisit = (await calls())[seen]!;
  expect(revisit.ifNoneMatch).toMatch(/^"od-/);
  expect(revisit.status).toBe(304);
  expect(revisit.bytes).toBe(0);

  // Someone renames the order meanwhile: the next visit gets the new order and shows it.
  await apiPost(page, '/api/resources/productOrders/update', { where: { id: order.id }, props: { title: 'Renamed while away' } });
  seen = (await calls()).length;
  await awayAndBack(page, 'Renamed while away');
  await expect.poll(async () => (await calls()).length).toBeGreaterThan(seen);
  const changed = (await calls())[seen]!;
  expect(changed.status).toBe(200);
  expect(changed.ifNoneMatch).toBe(revisit.ifNoneMatch);
  expect(changed.bytes).toBeGreaterThan(0);
});
