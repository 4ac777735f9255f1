import { expect, test } from '@playwright/test';
import { signIn, snap } from './helpers.ts';

/** An owner builds a small catalogue in the admin area: a category, a property with two options, a group holding it. */
test('owner creates a category, a property with two options and a group containing it', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');

  await page.goto('/admin/product-categories');
  await expect(page.getByRole('columnheader', { name: 'Internal Title' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add a category' }).click();
  await page.getByRole('link', { name: 'Untitled Category' }).click();
  await expect(page).toHaveURL(/\/admin\/product-categories\/\d+$/);
  const categoryTitle = page.getByLabel('Title', { exact: true });
  await categoryTitle.fill('Wall plates');
  await categoryTitle.press('Enter');
  await expect(page.getByText('This category has no products.')).toBeVisible();
  await snap(page, 'admin-category-detail');

  await page.goto('/admin/product-properties');
  await page.getByRole('button', { name: 'Add a property' }).click();
  await expect(page).toHaveURL(/\/admin\/product-properties\/\d+$/);
  const propertyId = page.url().split('/').pop()!;
  await expect(page.getByRole('button', { name: 'Untitled Option' })).toBeVisible();
  const propertyTitle = page.getByLabel('Title', { exact: true });
  await propertyTitle.fill('Backbox depth');
  await propertyTitle.press('Enter');
  await expect(propertyTitle).toHaveValue('Backbox depth');

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog').getByLabel('Type').selectOption('dimensions');
  await page.getByRole('button', { name: 'Add data field' }).click();
  await page.getByLabel('Key of data field 1').fill('depth');
  await page.getByLabel('Title of data field 1').fill('Depth (mm)');
  await page.getByLabel('Type of data field 1').selectOption('number');
  await snap(page, 'admin-property-settings');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel('Maximum')).toHaveValue('0');
  await expect(page.getByRole('columnheader', { name: 'Depth (mm)' })).toBeVisible();

  await page.getByRole('button', { name: 'Add option' }).click();
  const option = page.getByRole('dialog');
  await option.getByLabel('Title', { exact: true }).fill('35 mm');
  await option.getByLabel('Depth (mm)').fill('35');
  await option.getByLabel('Publish level').selectOption('internal');
  // owner-850 is a platform administrator: the JSON editor is there.
  await expect(option.getByLabel('Data fields (JSON)')).toBeVisible();
  await snap(page, 'admin-option-dialog');
  await option.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('row', { name: /35 mm/ })).toContainText('35');
  await page.reload();
  await expect(page.getByRole('button', { name: '35 mm' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Untitled Option' })).toBeVisible();
  await snap(page, 'admin-property-detail');

  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('dialog')).toContainText('This property has been successfully duplicated. Would you like to be redirect to the new property?');
  await page.getByRole('button', { name: 'Go to the copy' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/${propertyId}$`));
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Backbox depth (copy)');
  await expect(page.getByRole('button', { name: '35 mm' })).toBeVisible();

  await page.goto('/admin/product-property-groups');
  await page.getByRole('button', { name: 'Add a property group' }).click();
  await expect(page).toHaveURL(/\/admin\/product-property-groups\/\d+$/);
  await expect(page.getByText('This group has no properties')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Properties' }).click();
  await page.getByRole('dialog').getByRole('checkbox', { name: new RegExp(`Backbox depth.*ID ${propertyId}`) }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: 'Backbox depth' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Backbox depth' })).toBeVisible();
  await snap(page, 'admin-group-detail');
});
