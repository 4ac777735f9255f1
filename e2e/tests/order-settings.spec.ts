import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { signIn, snap, sameOrigin } from './helpers.ts';

/**
 * The order settings popup (order fields, owner, pricing, export, duplicate, archive) and 850's
 * "Generate Back Box Quote". The tests marked "page wiring" need the order page to open
 * OrderSettingsDialog from its "Edit Order Details" button and to render
 * <PluginSlot name="orderPage.actions"> among its controls; the others call the API and open pages
 * that exist already.
 */

interface Order {
  id: number;
  orgSpecificId: number;
  title: string;
  phone?: string | null;
  deliveryAddress?: Record<string, string> | null;
  archived?: number;
}

async function post<T>(page: Page, path: string, body: unknown): Promise<T> {
  const res = await page.request.post(path, { headers: sameOrigin(page), data: body });
  const json = (await res.json()) as { data?: T; error?: { message: string } };
  expect(res.status(), `${path}: ${json.error?.message ?? ''}`).toBe(200);
  return json.data as T;
}

/** A fresh 850 keypad quote titled `title`, with items choosing back boxes (option 209 → product 116, 210 → 117). */
async function keypadQuote(page: Page, title: string): Promise<Order> {
  const order = await post<Order>(page, '/api/configurator/create-product-order', { productOrderProps: { orgId: 850, productCategoryId: 1 } });
  const named = await post<Order>(page, '/api/resources/productOrders/update', { where: { id: order.id }, props: { title, promptedForProjectInfo: 1, phone: '2075550100', deliveryAddress: { streetAddress: '1 Quay St', city: 'Portland', state: 'ME', zip: '04101', country: 'US' } } });
  const items = [
    { title: 'Entry', quantity: 2, backBox: 209 },
    { title: 'Kitchen', quantity: 3, backBox: 210 },
    { title: 'Hall', quantity: 1, backBox: 209 },
  ];
  for (const it of items) {
    await post(page, '/api/resources/productInstances/create', { props: { productOrderId: order.id, productId: 98, title: it.title, quantity: it.quantity, properties: { '7': { optionId: 23 }, '10': { optionId: it.backBox } } } });
  }
  return named;
}

async function orderByNumber(page: Page, orgSpecificId: number): Promise<{ order: Order; items: Array<{ productId: number; quantity: number }> }> {
  const data = await post<{ productOrders: Order[]; productInstances: Array<{ productId: number; quantity: number; rank: number }> }>(page, '/api/configurator/get-configurator-order-data', { orgId: 850, productOrderOrgSpecificId: orgSpecificId });
  return { order: data.productOrders[0]!, items: [...data.productInstances].sort((a, b) => a.rank - b.rank) };
}

async function openSettings(page: Page, order: Order, opts: { guestOnEmptyOrder?: boolean } = {}) {
  await page.goto(`/orders/${order.orgSpecificId}`);
  await expect(page.getByTestId('order-title')).toHaveText(order.title);
  if (opts.guestOnEmptyOrder) {
    // A guest on an order without items goes straight to a new item: leave that popup first.
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Edit Order Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quote Details' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('order actions through the API (no page wiring needed)', () => {
  test('a duplicated quote opens at its own page as "Copy of …"', async ({ page }) => {
    await signIn(page, 'owner-850@demo.test');
    const source = await keypadQuote(page, 'Dune Road House');
    const copy = await post<Order>(page, '/api/configurator/duplicate-product-order', { productOrderId: source.id });
    await page.goto(`/orders/${copy.orgSpecificId}`);
    await expect(page.getByTestId('order-title')).toHaveText('Copy of Dune Road House');
    await expect(page.getByTestId('item-list').getByRole('listitem')).toHaveCount(3);
  });

  test('a back-box quote made with create-product-order-with-items opens with its summed items', async ({ page }) => {
    await signIn(page, 'guest-850@demo.test');
    const quote = await post<Order>(page, '/api/configurator/create-product-order-with-items', {
      productOrderProps: { orgId: 850, title: 'Guest Cottage - Back Boxes', productCategoryId: 5, isStocked: 1, type: 'standalone' },
      propsSets: [{ productId: 116, quantity: 3 }],
    });
    await page.goto(`/orders/${quote.orgSpecificId}`);
    await expect(page.getByTestId('order-title')).toHaveText('Guest Cottage - Back Boxes');
  });
});

test.describe('order settings popup (page wiring)', () => {
  test('the name: the untitled default and an empty name are refused, a good one is saved with symbols as spaces', async ({ page }) => {
    await signIn(page, 'owner-850@demo.test');
    const order = await keypadQuote(page, 'Settings Name Check');
    const dialog = await openSettings(page, order);
    const name = dialog.getByLabel('Name', { exact: true });
    await name.fill('Untitled Order');
    await name.press('Tab');
    await expect(dialog.getByRole('alert')).toHaveText('The order name cannot be "Untitled Order". Please enter a valid name.');
    await name.fill('');
    await name.press('Tab');
    await expect(dialog.getByRole('alert')).toHaveText('A valid order name is required.');
    await name.fill('Lighthouse Keeper’s Cottage #2');
    await name.press('Enter');
    await expect(dialog.getByTestId('settings-save-state')).toContainText('All changes saved.');
    expect((await orderByNumber(page, order.orgSpecificId)).order.title).toBe('Lighthouse Keeper s Cottage 2');
    await snap(page, 'order-settings-850-owner');
    const axe = await new AxeBuilder({ page }).include('[data-testid="order-settings"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  test('phone and delivery address are saved as they are left', async ({ page }) => {
    await signIn(page, 'guest-850@demo.test');
    const order = await post<Order>(page, '/api/configurator/create-product-order', { productOrderProps: { orgId: 850, productCategoryId: 1 } });
    const named = await post<Order>(page, '/api/resources/productOrders/update', { where: { id: order.id }, props: { title: 'Guest Phone Check', promptedForProjectInfo: 1 } });
    const dialog = await openSettings(page, named, { guestOnEmptyOrder: true });
    // A guest sees no owner, pricing or 850's employee-only fields.
    await expect(dialog.getByLabel('Tax rate (%)')).toHaveCount(0);
    await expect(dialog.getByText('Tracking number')).toHaveCount(0);
    await dialog.getByLabel('Phone').fill('(207) 555-0199');
    await dialog.getByLabel('Phone').press('Tab');
    const address = dialog.getByTestId('settings-deliveryAddress');
    await address.getByLabel('Street address', { exact: true }).fill('12 Lantern Way');
    await address.getByLabel('City').fill('Rockland');
    await address.getByLabel('State').fill('ME');
    await address.getByLabel('ZIP').fill('04841');
    await dialog.getByLabel('Company').click(); // focus leaves the address
    await expect(dialog.getByTestId('settings-save-state')).toContainText('All changes saved.');
    const saved = (await orderByNumber(page, named.orgSpecificId)).order;
    expect(saved.phone).toBe('(207) 555-0199');
    expect(saved.deliveryAddress).toMatchObject({ streetAddress: '12 Lantern Way', city: 'Rockland', state: 'ME', zip: '04841', country: 'US' });
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'order-settings-850-guest-390');
  });

  test('Duplicate Order opens the copy, "Copy of …"', async ({ page }) => {
    await signIn(page, 'member-850@demo.test');
    const order = await keypadQuote(page, 'Quarry Hill Studio');
    const dialog = await openSettings(page, order);
    await dialog.getByRole('button', { name: 'Duplicate Order' }).click();
    await expect(page.getByTestId('order-title')).toHaveText('Copy of Quarry Hill Studio');
    expect(page.url()).not.toContain(`/orders/${order.orgSpecificId}`);
  });

  test('Export CSV downloads "{title in kebab-case}-export-{UTC date and time}.csv" with a row per item', async ({ page }) => {
    await signIn(page, 'owner-850@demo.test');
    const order = await keypadQuote(page, 'Harbour Export Check');
    const dialog = await openSettings(page, order);
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export CSV' }).click()]);
    // Browsers may replace the time's colons when saving; the name is built with them.
    expect(download.suggestedFilename()).toMatch(/^harbour-export-check-export-\d{4}-\d{2}-\d{2} \d{2}[:_-]\d{2}[:_-]\d{2}\.csv$/);
    const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('Rank,Title,Product,Quantity,Options,Unit Price,Total Price');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^1,Entry,Crestnet Keypad,2,/);
  });
});

test.describe("850's Generate Back Box Quote (page wiring: the orderPage.actions slot)", () => {
  test('creates a stocked back-box quote with quantities summed per back box and opens it', async ({ page }) => {
    await signIn(page, 'owner-850@demo.test');
    const order = await keypadQuote(page, 'Saltmarsh Residence');
    await page.goto(`/orders/${order.orgSpecificId}`);
    await page.getByRole('button', { name: 'Generate Back Box Quote' }).click();
    await expect(page.getByTestId('order-title')).toHaveText('Saltmarsh Residence - Back Boxes');
    const orderNo = Number(/\/orders\/(\d+)/.exec(page.url())![1]);
    const { order: quote, items } = await orderByNumber(page, orderNo);
    expect(quote.phone).toBe('2075550100');
    expect(items.map((i) => [i.productId, i.quantity])).toEqual([
      [116, 3],
      [117, 3],
    ]);
  });

  test('is not offered by an organisation without it (1053)', async ({ page }) => {
    await signIn(page, 'owner-1053@demo.test');
    await page.goto('/orders/1');
    await expect(page.getByTestId('order-title')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate Back Box Quote' })).toHaveCount(0);
  });
});
