import { expect, test } from '@playwright/test';
import { pricesIn, recordApiAnswers, signIn, snap } from './helpers.ts';

/**
 * Pricing is hidden from a guest whose organisation access data says so (the 1392 demo guest): the
 * order page, its documents and its drawings show the items without prices, and no API answer the
 * browser receives carries a price, cost, pricing rule or option price.
 */
test('a guest with hidden pricing sees items without prices, and receives none', async ({ page }) => {
  const answers = recordApiAnswers(page);
  await signIn(page, 'guest-1392@demo.test');
  await page.goto('/orders/2');
  await expect(page.getByTestId('item-list')).toBeVisible();
  await expect(page.getByTestId('item-title').first()).toBeVisible();
  await expect(page.getByTestId('item-unit-price')).toHaveCount(0);
  await expect(page.getByTestId('item-total-price')).toHaveCount(0);
  await expect(page.getByTestId('order-total')).toHaveCount(0);
  await expect(page.getByTestId('price-mismatch')).toHaveCount(0);
  await snap(page, 'order-1392-guest-pricing-hidden');
  // Its documents and drawings: no amount on the page either.
  await page.goto('/orders/2/documents');
  await expect(page.getByTestId('document-page').first()).toBeVisible();
  expect(await page.locator('body').innerText()).not.toMatch(/\$\s?\d/);
  await page.goto('/orders/2/drawings');
  await expect(page.getByTestId('drawings-screen')).toHaveAttribute('data-status', 'loaded');
  expect(await page.locator('body').innerText()).not.toMatch(/\$\s?\d/);
  expect(answers.some((a) => a.url.includes('get-configurator-order-data'))).toBe(true);
  expect(answers.some((a) => a.url.includes('/catalogue'))).toBe(true);
  for (const a of answers) expect(pricesIn(a.body), a.url).toEqual([]);
});

test('the owner of the same organisation sees the prices of that order', async ({ page }) => {
  await signIn(page, 'owner-1392@demo.test');
  await page.goto('/orders/2');
  await expect(page.getByTestId('item-total-price').first()).toBeVisible();
  await expect(page.getByTestId('order-total')).toBeVisible();
});
