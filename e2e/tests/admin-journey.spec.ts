import { expect, test } from '@playwright/test';
import { signIn, signOut, snap } from './helpers.ts';

/**
 * The owner's catalogue journey end to end: a property with two options made in the admin area, a
 * product using it put in the Keypads category, and the product offered on the home page (to a
 * member too); a member cannot open the admin area. (Categories, Monaco and the test bench, media
 * and guests have their own journeys in admin-*.spec.ts.)
 */
test('an owner builds a product in the admin area and finds it on the home page', async ({ page }) => {
  const stamp = Date.now();
  const propertyTitle = `Journey Finish ${stamp}`;
  const productTitle = `Journey Keypad ${stamp}`;
  await signIn(page, 'owner-850@demo.test');

  // A property with two options.
  await page.goto('/admin/product-properties');
  await page.getByRole('button', { name: 'Add a property' }).click();
  await expect(page).toHaveURL(/\/admin\/product-properties\/\d+$/);
  const propertyId = page.url().split('/').pop()!;
  const title = page.getByLabel('Title', { exact: true });
  await title.fill(propertyTitle);
  await title.press('Enter');
  await expect(title).toHaveValue(propertyTitle);
  await page.getByRole('button', { name: 'Untitled Option' }).click();
  await page.getByRole('dialog').getByLabel('Title', { exact: true }).fill('Gold leaf');
  await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByRole('dialog').getByLabel('Title', { exact: true }).fill('Silver leaf');
  await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Gold leaf' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Silver leaf' })).toBeVisible();

  // A product in Keypads using the property.
  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Add product' }).click();
  await page.waitForURL(/\/admin\/products\/\d+$/);
  const productTitleInput = page.getByLabel('Product title');
  await productTitleInput.fill(productTitle);
  await productTitleInput.press('Enter');
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.getByLabel('Category').selectOption({ label: 'Keypads' });
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.getByRole('button', { name: 'Select Properties' }).click();
  await page.getByTestId('select-properties').getByRole('button', { name: `Add ${propertyTitle}` }).click();
  await page.getByTestId('select-properties').getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId(`applied-property-${propertyId}`)).toContainText('Gold leaf');
  await expect(page.getByTestId(`applied-property-${propertyId}`)).toContainText('Silver leaf');
  await snap(page, 'admin-journey-product');

  // The home page offers it in the Keypads dropdown, after a reload of the catalogue.
  await page.goto('/');
  await page.getByTestId('category-tile-1').click();
  await expect(page.getByTestId('product-dropdown').getByRole('button', { name: productTitle })).toBeVisible();
  await snap(page, 'admin-journey-home');

  // A member sees it too, and cannot open the admin area.
  await signOut(page);
  await signIn(page, 'member-850@demo.test');
  await page.getByTestId('category-tile-1').click();
  await expect(page.getByTestId('product-dropdown').getByRole('button', { name: productTitle })).toBeVisible();
  await page.goto('/admin/products');
  await expect(page.getByText("You don't have proper permissions to view this page.")).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
});
