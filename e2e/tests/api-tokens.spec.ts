import { expect, request as apiRequest, test } from '@playwright/test';
import { signIn, snap } from './helpers.ts';

/**
 * API tokens for machine clients (decision 0119), as an owner and a script meet them: the owner makes
 * a token in admin and sees it once; a script calls the API with it, only as far as its scope goes;
 * the owner reads the token's calls and revokes it, after which the script is refused.
 */
test('an owner makes an API token, a script uses it within its scope, and the owner reads its calls and revokes it', async ({ page, baseURL }) => {
  await signIn(page, 'owner-1392@demo.test');
  await page.goto('/admin/api-tokens');
  await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'API tokens' })).toBeVisible();

  await page.getByRole('button', { name: 'New token' }).click();
  const dialog = page.getByTestId('api-token-new');
  await dialog.getByLabel('Name').fill('Warehouse sync');
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose at least one thing the token may do.');
  await dialog.getByRole('checkbox', { name: /Read orders/ }).check();
  await dialog.getByRole('button', { name: 'Create token' }).click();

  const created = page.getByTestId('api-token-created');
  await expect(created.getByText('Copy this token now. It will not be shown again.')).toBeVisible();
  const token = await created.getByTestId('api-token-value').inputValue();
  expect(token).toMatch(/^cpq_[A-Za-z0-9_-]{43}$/);
  await snap(page, 'api-token-created');
  await created.getByRole('button', { name: 'Done' }).click();

  const row = page.locator('tr', { hasText: 'Warehouse sync' });
  await expect(row).toContainText('Read orders');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Never');
  await expect(row).toContainText(token.slice(0, 8));
  await expect(page.getByText(token)).toHaveCount(0);

  // A script: no cookie, no page, only the token.
  const script = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  const read = await script.post('/api/configurator/get-configurator-orders-data', { data: { orgId: 1392 } });
  expect(read.status()).toBe(200);
  const write = await script.post('/api/configurator/create-product-order', { data: { productOrderProps: { orgId: 1392 } } });
  expect(write.status()).toBe(403);

  await page.reload();
  await expect(row).not.toContainText('Never');
  await row.getByRole('button', { name: 'Calls made with Warehouse sync' }).click();
  const calls = page.getByTestId('api-token-calls');
  await expect(calls.locator('tbody tr')).toHaveCount(2);
  await expect(calls.locator('tbody tr').first()).toContainText('POST /api/configurator/create-product-order');
  await expect(calls.locator('tbody tr').first()).toContainText('403');
  await snap(page, 'api-token-calls');
  await calls.getByRole('button', { name: 'Done' }).click();

  await row.getByRole('button', { name: 'Revoke Warehouse sync' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('Revoke “Warehouse sync”? Anything still using it will be refused from now on. This cannot be undone.');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText(/Revoked .* by /);
  await expect(row.getByRole('button', { name: 'Revoke Warehouse sync' })).toHaveCount(0);

  const refused = await script.post('/api/configurator/get-configurator-orders-data', { data: { orgId: 1392 } });
  expect(refused.status()).toBe(401);
  await script.dispose();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await snap(page, 'api-tokens-390');
});
