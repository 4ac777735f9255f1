import { expect, test } from '@playwright/test';
import { signIn, snap } from './helpers.ts';

const PLUGIN_850 = '**/plugins/org-850/**';

test("an organisation's plugin that fails to load shows an error with Retry, not an endless spinner", async ({ page }) => {
  let attempts = 0;
  await page.route(PLUGIN_850, (route) => {
    attempts++;
    return route.abort();
  });
  await signIn(page, 'owner-850@demo.test');

  const error = page.getByTestId('plugin-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText('The settings of Lumen & Brass could not be loaded.');
  await expect(page.getByTestId('loading-screen')).toHaveCount(0);
  // Nothing renders with the defaults in the meantime: the server prices with 850's rules.
  await expect(page.getByTestId('home-page')).toBeHidden();
  await snap(page, 'plugin-error');

  // Retry really loads again: while the plugin is still unreachable it fails again.
  const before = attempts;
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => attempts).toBeGreaterThan(before);
  await expect(page.getByTestId('plugin-error').getByRole('button', { name: 'Retry' })).toBeEnabled();

  // Once it is reachable, Retry brings the portal up with the organisation's own rules.
  await page.unroute(PLUGIN_850);
  await page.getByTestId('plugin-error').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.getByText('Welcome to the Lumen & Brass Client Portal')).toBeVisible();
  await expect(page.getByTestId('plugin-error')).toHaveCount(0);
});

test("switching to an organisation whose plugin fails shows the error and never the previous organisation's page", async ({ page }) => {
  await signIn(page, 'multi@demo.test');
  const switcher = page.getByTestId('org-switcher');
  await switcher.selectOption({ label: 'Lumen & Brass' });
  await expect(page.getByText('Welcome to the Lumen & Brass Client Portal')).toBeVisible();

  await page.route('**/plugins/org-1053/**', (route) => route.abort());
  await switcher.selectOption({ label: 'Nordvik Millwork' });
  await expect(page.getByTestId('plugin-error')).toContainText('The settings of Nordvik Millwork could not be loaded.');
  await expect(page.getByTestId('home-page')).toBeHidden();

  // The header still works: back to an organisation whose plugin loads.
  await switcher.selectOption({ label: 'Lumen & Brass' });
  await expect(page.getByText('Welcome to the Lumen & Brass Client Portal')).toBeVisible();
  await expect(page.getByTestId('plugin-error')).toHaveCount(0);
});
