import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

/** Landmark rules checked whatever their impact: one top-level <main> (the shell's), landmarks told apart. */
const LANDMARK_RULES = ['landmark-no-duplicate-main', 'landmark-main-is-top-level', 'landmark-unique'];

/** No serious or critical axe-core violation, and no landmark violation, on the pages this release touches. */
async function expectNoSeriousViolations(page: Page, name: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || LANDMARK_RULES.includes(v.id));
  expect(serious.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('sign-in page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  await expectNoSeriousViolations(page, 'sign-in');
});

test('home page and order page with prices', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'home 850');
  await page.goto('/orders/1');
  await expect(page.getByTestId('order-total')).toBeVisible();
  await expectNoSeriousViolations(page, 'order 850 #1');
});

test('order page with pricing hidden', async ({ page }) => {
  await signIn(page, 'guest-1392@demo.test');
  await page.goto('/orders/2');
  await expect(page.getByTestId('item-list')).toBeVisible();
  await expectNoSeriousViolations(page, 'order 1392 #2 (guest)');
});

test("an organisation's plugin that fails to load", async ({ page }) => {
  await page.route('**/plugins/org-850/**', (route) => route.abort());
  await signIn(page, 'owner-850@demo.test');
  await expect(page.getByTestId('plugin-error')).toBeVisible();
  await expectNoSeriousViolations(page, 'plugin error');
});

test('admin API tokens: the list and the new-token dialog', async ({ page }) => {
  await signIn(page, 'owner-1450@demo.test');
  await page.goto('/admin/api-tokens');
  await expect(page.getByTestId('api-tokens-screen')).toBeVisible();
  await expect(page.getByTestId('api-tokens-empty').or(page.locator('table'))).toBeVisible();
  await expectNoSeriousViolations(page, 'api tokens');
  await page.getByRole('button', { name: 'New token' }).click();
  await expect(page.getByTestId('api-token-new')).toBeVisible();
  await expectNoSeriousViolations(page, 'new api token');
});

test('documents, drawings and admin pages have one main landmark', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  for (const [path, testId] of [
    ['/orders', 'orders-page'],
    ['/orders/1/documents', 'documents-screen'],
    ['/orders/1/drawings', 'drawings-screen'],
    ['/admin/products', 'products-list'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(testId).first()).toBeVisible();
    await expect(page.locator('main')).toHaveCount(1);
    await expectNoSeriousViolations(page, path);
  }
});
