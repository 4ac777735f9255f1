import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn, snap } from './helpers.ts';

/**
 * Every admin screen of 850's owner, lists and details: it loads (its heading, no loading screen,
 * no error), has no serious or critical axe-core violation, and is photographed for a person to look at.
 */
const SCREENS: Array<[name: string, path: string]> = [
  ['products', '/admin/products'],
  ['product-detail', '/admin/products/98'],
  ['properties', '/admin/product-properties'],
  ['property-detail', '/admin/product-properties/7'],
  ['property-groups', '/admin/product-property-groups'],
  ['property-group-detail', '/admin/product-property-groups/2'],
  ['categories', '/admin/product-categories'],
  ['category-detail', '/admin/product-categories/1'],
  ['pricing-rules', '/admin/product-pricing-rules'],
  ['pricing-rule-detail', '/admin/product-pricing-rules/1'],
  ['media', '/admin/media'],
  ['guests', '/admin/guests'],
  ['user-groups', '/admin/user-groups'],
  ['integrations', '/admin/integrations'],
];

test('every admin screen loads, passes axe and is photographed', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  for (const [name, path] of SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Admin' }), name).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }).first(), name).toBeVisible();
    await expect(page.getByTestId('loading-screen'), name).toHaveCount(0);
    await expect(page.getByText('This area is not available yet.'), name).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: /failed|error|could not/i }), name).toHaveCount(0);
    // Settled before axe reads it: nothing busy, and two frames painted since.
    await expect(page.locator('[aria-busy="true"]'), name).toHaveCount(0);
    await page.evaluate(() => new Promise<void>((drawn) => requestAnimationFrame(() => requestAnimationFrame(() => drawn()))));
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await snap(page, `admin-screen-${name}`);
  }
});

test('the admin sidebar is keyboard reachable with a visible focus, and /admin opens products', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/products$/);
  const link = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Guests' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/guests$/);
  await expect(link).toHaveAttribute('aria-current', 'page');
});
