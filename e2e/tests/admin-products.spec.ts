import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { signIn, snap } from './helpers.ts';

async function expectNoSeriousViolations(page: Page, name: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('an owner creates a product, renames it, applies a property and archives it', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/admin/products');
  await expect(page.getByTestId('products-list')).toBeVisible();
  await expect(page.getByTestId('product-row-98')).toContainText('Crestnet Keypad');
  await snap(page, 'admin-products-list');

  await page.getByRole('button', { name: 'Add product' }).click();
  await page.waitForURL(/\/admin\/products\/\d+$/);
  const title = page.getByLabel('Product title');
  await expect(title).toHaveValue('Untitled Product');
  const name = `Brass Pull ${Date.now()}`;
  await title.fill(name);
  await title.press('Enter');
  await expect(page.getByText('All changes saved')).toBeVisible();

  await page.getByRole('button', { name: 'Select Properties' }).click();
  const popup = page.getByTestId('select-properties');
  await popup.getByRole('button', { name: 'Add Plate Finish' }).click();
  await expect(popup.getByRole('list', { name: 'Applied properties' })).toContainText('Plate Finish');
  await snap(page, 'admin-products-select-properties');
  await popup.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('applied-property-12')).toContainText('Polished Brass');

  // Duplicate, decline the redirect first, then accept it: the copy opens with ' (copy)' added.
  const ownUrl = page.url();
  await page.getByRole('button', { name: 'Duplicate' }).click();
  const question = page.getByTestId('confirm-dialog');
  await expect(question).toContainText('This product has been successfully duplicated. Would you like to be redirect to the new product?');
  await snap(page, 'admin-products-duplicated');
  await question.getByRole('button', { name: 'No' }).click();
  await expect(question).toHaveCount(0);
  expect(page.url()).toBe(ownUrl);
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByLabel('Product title')).toHaveValue(`${name} (copy)`);
  expect(page.url()).not.toBe(ownUrl);
  await expect(page.getByTestId('applied-property-12')).toBeVisible();
  await page.goto(ownUrl);
  await expect(page.getByLabel('Product title')).toHaveValue(name);

  await page.getByRole('button', { name: 'ARCHIVE' }).click();
  await expect(page.getByRole('button', { name: 'UNARCHIVE' })).toBeVisible();
  await snap(page, 'admin-products-detail');

  // Reloaded from the server: the name, the property and the archive stuck.
  await page.goto('/admin/products');
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  await page.getByLabel('Status').selectOption('archived');
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
});

test('an owner exports the price list of a product', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/admin/products/110');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Prices' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('flush-floor-outlet-110-prices.csv');
  const lines = (await readFile((await file.path())!, 'utf8')).trim().split('\n');
  expect(lines[0]).toBe('Plate Size,Polished Brass,Brushed Steel,Matte Black,Oiled Bronze');
  // Demo rule 2: 64.00 (69.00 from 2027) + size (1 Gang 0) + finish (15.00, 0, 8.00, 24.00).
  const base = Date.now() >= Date.parse('2027-01-01T00:00:00Z') ? 69 : 64;
  expect(lines[1]).toBe(`1 Gang,${[15, 0, 8, 24].map((f) => `${base + f}.00`).join(',')}`);
  await expect(page.getByTestId('export-result')).toContainText('Exported');
  await snap(page, 'admin-products-export');
});

test('a member gets the permission page at /admin/products', async ({ page }) => {
  await signIn(page, 'member-850@demo.test');
  await page.goto('/admin/products');
  await expect(page.getByText("You don't have proper permissions to view this page.")).toBeVisible();
  await expect(page.locator('[data-remote="mfe-admin"]')).toHaveCount(0);
});

test('the products pages and popups have no serious accessibility violation', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/admin/products');
  await expect(page.getByTestId('product-row-98')).toBeVisible();
  await expectNoSeriousViolations(page, 'products list');
  await page.goto('/admin/products/116');
  await expect(page.getByLabel('Amount in stock')).toHaveValue('240');
  await expectNoSeriousViolations(page, 'product detail');
  await page.getByRole('button', { name: 'Select Properties' }).click();
  await expect(page.getByTestId('select-properties')).toBeVisible();
  await expectNoSeriousViolations(page, 'select properties');
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByTestId('product-settings')).toBeVisible();
  await expectNoSeriousViolations(page, 'product settings');
});
