import { expect, test } from '@playwright/test';
import { apiPost, freshPage, pricesIn, recordApiAnswers, sameOrigin, signIn, snap } from './helpers.ts';

/**
 * Hidden prices are per person: the owner hides prices from someone who came in by a link; that
 * person opens the order, its documents and its drawings through the link, and no price shows on a
 * page nor travels in any answer their browser receives (the catalogue's included). The owner then
 * replaces the link and the person is shut out.
 */

interface Order {
  id: number;
  orgSpecificId: number;
  title: string;
}

const fresh = freshPage;

test('a sharee whose prices are hidden reads the order, its documents and drawings through the link without a price; a new link shuts them out', async ({ browser }) => {
  const owner = await fresh(browser);
  await signIn(owner, 'owner-850@demo.test');
  const created = await apiPost<Order>(owner, '/api/configurator/create-product-order', { productOrderProps: { orgId: 850, productCategoryId: 1 } });
  const order = await apiPost<Order>(owner, '/api/resources/productOrders/update', { where: { id: created.id }, props: { title: `Hidden from the sharee ${Date.now()}`, promptedForProjectInfo: 1 } });
  await apiPost(owner, '/api/resources/productInstances/create', { props: { productOrderId: order.id, productId: 98, title: 'Hall', quantity: 3, properties: { '7': { optionId: 23 } } } });
  const { shareableLink } = await apiPost<{ shareableLink: string }>(owner, '/api/configurator/product-order/generate-shareable-link', { productOrderId: order.id });

  // The sharee comes in through the link; the owner then hides prices from them.
  const sharee = await fresh(browser);
  await sharee.goto(`/orders/${order.orgSpecificId}${new URL(shareableLink).search}`);
  await expect(sharee.getByTestId('order-title')).toHaveText(order.title);
  const shareeId = ((await (await sharee.request.get('/api/auth/session')).json()) as { data: { user: { id: number } } }).data.user.id;
  await apiPost(owner, '/api/configurator/product-order/update-involved-users-data', { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId, shareeId, pricingIsHidden: 1 });

  const answers = recordApiAnswers(sharee);
  const noPriceOnPage = async (name: string) => {
    // The quote's terms are the organisation's published conditions (a storage fee), not this order's prices.
    const terms = sharee.getByTestId('quote-terms');
    await terms.evaluateAll((els) => els.forEach((el) => ((el as HTMLElement).style.display = 'none')));
    const text = await sharee.locator('body').innerText();
    await terms.evaluateAll((els) => els.forEach((el) => ((el as HTMLElement).style.display = '')));
    expect(text, name).not.toMatch(/\$\s?\d/);
    await snap(sharee, `hidden-prices-${name}`);
  };
  // The order page (a reload: the browser starts afresh, the catalogue included).
  await sharee.reload();
  await expect(sharee.getByTestId('order-title')).toHaveText(order.title);
  await expect(sharee.getByTestId('instance-title')).toBeVisible();
  await expect(sharee.getByTestId('order-total')).toHaveCount(0);
  await noPriceOnPage('order');
  // The documents: the quote and the invoice.
  await sharee.goto(`/orders/${order.orgSpecificId}/documents`);
  await expect(sharee.getByTestId('document-page').first()).toBeVisible();
  await expect(sharee.getByTestId('document-page').first()).toContainText('Hall');
  await noPriceOnPage('documents');
  // The drawings.
  await sharee.goto(`/orders/${order.orgSpecificId}/drawings`);
  await expect(sharee.getByTestId('drawings-screen')).toHaveAttribute('data-status', 'loaded');
  await noPriceOnPage('drawings');
  // The orders list and the home page, with the catalogue they read.
  await sharee.goto('/orders');
  await expect(sharee.getByText(order.title)).toBeVisible();
  await noPriceOnPage('orders');
  await sharee.goto('/');
  await expect(sharee.getByTestId('app-header')).toBeVisible();
  await sharee.waitForLoadState('networkidle');

  expect(answers.some((a) => a.url.includes('get-configurator-order-data'))).toBe(true);
  expect(answers.some((a) => a.url.includes('/catalogue'))).toBe(true);
  for (const a of answers) expect(pricesIn(a.body), a.url).toEqual([]);

  // The owner still sees the prices of the same order.
  await owner.goto(`/orders/${order.orgSpecificId}`);
  await expect(owner.getByTestId('order-total')).toBeVisible();

  // A new link of the owner's ends the one the sharee came in by, and their access with it.
  await apiPost(owner, '/api/configurator/product-order/generate-shareable-link', { productOrderId: order.id });
  await sharee.goto(`/orders/${order.orgSpecificId}`);
  await expect(sharee.getByTestId('order-title')).toHaveCount(0);
  const shutOut = await sharee.request.post('/api/configurator/get-configurator-order-data', { headers: sameOrigin(sharee), data: { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId } });
  expect([401, 404]).toContain(shutOut.status());
});
