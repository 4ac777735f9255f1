import { expect, test, type Page } from '@playwright/test';
import { signIn, signOut, snap } from './helpers.ts';

const ORG_TITLES: Record<number, string> = {
  850: 'Lumen & Brass',
  1053: 'Nordvik Millwork',
  1798: 'Calico Murals',
  1392: 'Halden Lighting & Doors',
  1450: 'Overture Systems',
};

/** Creates an order from the home page the way the organisation's layout allows. */
async function createOrderFromHome(page: Page, orgId: number): Promise<void> {
  if (orgId === 1798) {
    await page.getByTestId('new-project').click();
    return;
  }
  const firstTile: Record<number, number> = { 850: 1, 1053: 8, 1392: 14, 1450: 18 };
  const tile = page.getByTestId(`category-tile-${firstTile[orgId]}`);
  await tile.click();
  if (orgId === 850 || orgId === 1053) {
    const dropdown = page.getByTestId('product-dropdown');
    await expect(dropdown).toBeVisible();
    await dropdown.getByRole('button').first().click();
  }
}

async function expectOrderPage(page: Page): Promise<string> {
  await page.waitForURL(/\/orders\/\d+$/);
  const id = page.url().split('/').pop()!;
  await expect(page.getByTestId('order-number')).toContainText(`#${id}`);
  await expect(page.getByTestId('order-title')).toHaveText('Untitled Order');
  return id;
}

for (const orgId of [850, 1053, 1798, 1392, 1450]) {
  for (const who of ['owner', 'guest'] as const) {
    test(`${who} of ${orgId} sees the organisation's home page and creates an order`, async ({ page }) => {
      await signIn(page, `${who}-${orgId}@demo.test`);
      await expect(page.getByTestId('home-page')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Configuration System' })).toBeVisible();
      const greeting = orgId === 850
        ? `Welcome to the ${ORG_TITLES[orgId]} Client Portal`
        : `Welcome to the ${ORG_TITLES[orgId]} Configurator`;
      await expect(page.getByText(greeting)).toBeVisible();
      await expect(page.getByTestId('my-orders-link')).toHaveAttribute('href', '/orders');
      await snap(page, `home-${orgId}-${who}`);

      await createOrderFromHome(page, orgId);
      const first = Number(await expectOrderPage(page));
      await snap(page, `order-${orgId}-${who}`);

      // A second order gets the next number of the organisation (the first, left untouched, is
      // discarded on the way out; its number is not given again). The new order's first dialog is
      // modal, so the way home is the address bar.
      await page.goto('/');
      await expect(page.getByTestId('home-page')).toBeVisible();
      await createOrderFromHome(page, orgId);
      expect(Number(await expectOrderPage(page))).toBe(first + 1);
    });
  }
}

test('850 home page: sections, stocked tiles and resource links', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  for (const title of ['Purchase Stocked Items', 'Configure | Price | Quote', 'Resources']) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  for (const id of [5, 6, 1, 2, 3, 4, 13]) await expect(page.getByTestId(`category-tile-${id}`)).toBeVisible();
  const links = page.getByRole('link', { name: /price list/i });
  await expect(links.first()).toHaveAttribute('target', '_blank');

  // Back Boxes create a stocked order directly, without a dropdown.
  await page.getByTestId('category-tile-5').click();
  await expectOrderPage(page);
});

test('category dropdown: same tile or Escape closes, another tile switches', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  const keypads = page.getByTestId('category-tile-1');
  const floor = page.getByTestId('category-tile-2');
  const dropdown = page.getByTestId('product-dropdown');

  await keypads.click();
  await expect(dropdown).toBeVisible();
  await expect(keypads).toHaveAttribute('aria-expanded', 'true');
  await snap(page, 'home-850-dropdown');
  await keypads.click();
  await expect(dropdown).toHaveCount(0);

  await keypads.click();
  await expect(dropdown).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dropdown).toHaveCount(0);

  await keypads.click();
  const keypadItems = await dropdown.getByRole('button').allTextContents();
  await floor.click();
  await expect(floor).toHaveAttribute('aria-expanded', 'true');
  await expect(keypads).toHaveAttribute('aria-expanded', 'false');
  await expect(dropdown).toHaveCount(1);
  expect(await dropdown.getByRole('button').allTextContents()).not.toEqual(keypadItems);
});

test('products in a dropdown follow the role in force (publish levels)', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await page.getByTestId('category-tile-1').click();
  const ownerCount = await page.getByTestId('product-dropdown').getByRole('button').count();
  await page.keyboard.press('Escape');

  // The same owner in guest mode sees only products published to all users.
  await page.getByTestId('guest-mode-toggle').click();
  await expect(page.getByTestId('guest-mode-toggle')).toHaveText('EMPLOYEE MODE');
  await page.getByTestId('category-tile-1').click();
  const guestModeCount = await page.getByTestId('product-dropdown').getByRole('button').count();
  expect(guestModeCount).toBeGreaterThan(0);
  expect(guestModeCount).toBeLessThan(ownerCount);
  await page.getByTestId('guest-mode-toggle').click();
  await expect(page.getByTestId('guest-mode-toggle')).toHaveText('GUEST MODE');

  await signOut(page);
  await signIn(page, 'guest-850@demo.test');
  await page.getByTestId('category-tile-1').click();
  expect(await page.getByTestId('product-dropdown').getByRole('button').count()).toBe(guestModeCount);
});

test('order page of a missing order says so', async ({ page }) => {
  await signIn(page, 'member-850@demo.test');
  await page.goto('/orders/999999');
  await expect(
    page.getByText("You might need to ask for an invite or the order you're looking for might have been deleted"),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to orders' })).toHaveAttribute('href', '/orders');
});
