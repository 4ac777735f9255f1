import { expect, test, type Page } from '@playwright/test';
import { signIn, snap, sameOrigin } from './helpers.ts';

type Row = Record<string, unknown> & { id: number };
interface Property extends Row {
  title: string;
  type: string;
  rank: number;
  archived: number;
  data: { minDimension?: number | null } | null;
}
interface Option extends Row {
  productPropertyId: number;
  rank: number;
  archived: number;
  publishLevel?: string | null;
}
interface Product extends Row {
  title: string;
  archived: number;
  associations: { productProperties?: Record<string, unknown> };
}

/** Publish levels a role sees: owner all, member internal and all, others all only. */
const VISIBLE_LEVELS: Record<string, string[]> = { owner: ['admin', 'internal', 'all'], member: ['internal', 'all'] };
const sees = (role: string, level: string | null | undefined) => (VISIBLE_LEVELS[role] ?? ['all']).includes(level ?? 'all');

async function post<T>(page: Page, path: string, body: unknown): Promise<{ status: number; json: { data?: T; error?: { code: string; message: string; details?: Record<string, unknown> } } }> {
  const res = await page.request.post(path, { headers: sameOrigin(page), data: body });
  return { status: res.status(), json: await res.json() };
}

/**
 * Creates one item of the product with quantity 2: for each single-select property the first
 * option (rank order) that is not archived and that the role sees; when the server refuses one
 * (400 optionNotAvailable) the next of that property is tried. Dimensions get their minimum.
 */
async function createItem(page: Page, role: string, orderId: number, product: Product, properties: Property[], options: Option[]): Promise<void> {
  const used = properties
    .filter((p) => !p.archived && String(p.id) in (product.associations.productProperties ?? {}))
    .sort((a, b) => a.rank - b.rank || a.id - b.id);
  const candidates = new Map<number, Option[]>();
  for (const p of used) {
    if (p.type !== 'singleSelect' && p.type !== 'select') continue;
    const list = options
      .filter((o) => o.productPropertyId === p.id && !o.archived && sees(role, o.publishLevel))
      .sort((a, b) => a.rank - b.rank || a.id - b.id);
    candidates.set(p.id, list);
  }
  const choice = new Map<number, number>([...candidates.keys()].map((id) => [id, 0]));

  for (let attempt = 0; attempt < 500; attempt++) {
    const props: Record<string, unknown> = {};
    for (const p of used) {
      if (p.type === 'dimensions' && typeof p.data?.minDimension === 'number') props[String(p.id)] = { value: p.data.minDimension };
      const list = candidates.get(p.id);
      const option = list?.[choice.get(p.id) ?? 0];
      if (option) props[String(p.id)] = { optionId: option.id };
    }
    const res = await post<Row>(page, '/api/resources/productInstances/create', {
      props: { productOrderId: orderId, productId: product.id, title: product.title.slice(0, 40), quantity: 2, properties: props },
    });
    if (res.status === 200) return;
    const refusedProperty = Number(res.json.error?.details?.propertyId);
    expect(res.status, `${product.title}: ${res.json.error?.message}`).toBe(400);
    expect(res.json.error?.code, `${product.title}: ${res.json.error?.message}`).toBe('optionNotAvailable');
    expect(choice.has(refusedProperty), `refused property ${refusedProperty} of ${product.title}`).toBe(true);
    // Past the last candidate the property is left without a choice.
    choice.set(refusedProperty, (choice.get(refusedProperty) ?? 0) + 1);
  }
  throw new Error(`No accepted configuration found for ${product.title}`);
}

async function pricesEveryProduct(page: Page, email: string, orgId: number, role: string, shot: string): Promise<void> {
  await signIn(page, email);
  const created = await post<{ id: number; orgSpecificId: number }>(page, '/api/configurator/create-product-order', { productOrderProps: { orgId } });
  expect(created.status).toBe(200);
  const order = created.json.data!;

  // The catalogue the order page receives for this order (it travels apart from the order data).
  const catalogueRes = await page.request.get(`/api/configurator/catalogue?orgId=${orgId}&productOrderOrgSpecificId=${order.orgSpecificId}`);
  expect(catalogueRes.status()).toBe(200);
  const data = ((await catalogueRes.json()) as { data: Record<string, unknown> }).data;
  const products = (data.products as Product[]).filter((p) => !p.archived);
  expect(products.length).toBeGreaterThan(0);
  for (const product of products) {
    await createItem(page, role, order.id, product, data.productProperties as Property[], data.productOptions as Option[]);
  }

  await page.goto(`/orders/${order.orgSpecificId}`);
  const rows = page.locator('[data-testid^="item-row-"]');
  await expect(rows).toHaveCount(products.length);

  let priced = 0;
  for (const row of await rows.all()) {
    const unit = row.getByTestId('item-unit-price');
    const cents = await unit.getAttribute('data-cents');
    const serverCents = await unit.getAttribute('data-server-cents');
    const title = await row.getByTestId('item-title').textContent();
    expect(cents, `browser price of ${title}`).not.toBeNull();
    expect(cents, `browser and server price of ${title}`).toBe(serverCents);
    expect(await row.getAttribute('data-valid'), `browser and server validity of ${title}`).toBe(await row.getAttribute('data-server-valid'));
    if (Number(cents) > 0) priced++;
  }
  const total = page.getByTestId('order-total');
  await expect(total).toHaveAttribute('data-cents', /^\d+$/);
  expect(await total.getAttribute('data-cents')).toBe(await total.getAttribute('data-server-cents'));
  await expect(page.getByTestId('price-mismatch')).toHaveCount(0);
  await expect(page.getByTestId('total-mismatch')).toHaveCount(0);
  // The demo catalogue prices its products: an all-zero order means the pricing data is missing.
  expect(priced, 'items with a non-zero price').toBeGreaterThan(0);
  await snap(page, shot);
}

test.describe('pricing in the browser', () => {
  test('The engine prices and validates every demo product in the browser and the API identically (owner of 850)', async ({ page }) => {
    await pricesEveryProduct(page, 'owner-850@demo.test', 850, 'owner', 'order-priced-850');

    // "Why this price" opens the engine's explanation of the first item.
    const why = page.getByTestId('why-this-price').first();
    await why.locator('summary').click();
    await expect(why).toHaveAttribute('open', '');
    await expect(why).toContainText('Unit price');
    await why.scrollIntoViewIfNeeded();
    await snap(page, 'order-why-850');
    await snap(page.getByTestId('item-list').locator('li').first(), 'order-why-850-row');
  });

  test('The engine prices and validates every demo product in the browser and the API identically (member of 1053)', async ({ page }) => {
    await pricesEveryProduct(page, 'member-1053@demo.test', 1053, 'member', 'order-priced-1053');
  });
});

test('a new order shows an empty cart and a zero price summary', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  const created = await post<{ orgSpecificId: number }>(page, '/api/configurator/create-product-order', { productOrderProps: { orgId: 850 } });
  await page.goto(`/orders/${created.json.data!.orgSpecificId}`);
  await expect(page.getByTestId('cart-empty')).toHaveText('There are no items in the cart');
  await expect(page.getByTestId('order-total')).toHaveText('$0.00');
  await expect(page.getByTestId('cost-shipping')).toContainText('TBD');
});
