import { expect, test } from '@playwright/test';
import { signIn, signOut, snap } from './helpers.ts';

test('wrong password gets the exact message and no session', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel(/email/i).fill('owner-850@demo.test');
  await page.getByLabel(/password/i).fill('not-the-password');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await expect(page.getByTestId('app-header')).toHaveCount(0);
  await snap(page, 'sign-in-error');
});

test('the loading screen shows its three lines while the session loads', async ({ page }) => {
  await signIn(page, 'owner-1392@demo.test');
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/auth/session', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const loading = page.getByTestId('loading-screen');
  await expect(loading).toContainText('Loading up');
  await expect(loading).toContainText('This can take a few seconds');
  await expect(loading).toContainText('Hold tight...');
  await expect(page.getByTestId('app-header')).toHaveCount(0);
  release();
  await expect(page.getByTestId('home-page')).toBeVisible();
});

test('multi@demo.test switches organisation: home, wording and theme follow', async ({ page }) => {
  await signIn(page, 'multi@demo.test');
  const switcher = page.getByTestId('org-switcher');
  await expect(switcher).toBeVisible();
  await switcher.selectOption({ label: 'Lumen & Brass' });
  await expect(page.getByText('Welcome to the Lumen & Brass Client Portal')).toBeVisible();
  await switcher.selectOption({ label: 'Nordvik Millwork' });
  await expect(page.getByText('Welcome to the Nordvik Millwork Configurator')).toBeVisible();
  await expect(page.getByTestId('category-tile-8')).toBeVisible();
  const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(font).toContain('DIN');
  await snap(page, 'multi-1053');

  // Single-organisation users get no switcher.
  await signOut(page);
  await signIn(page, 'member-1392@demo.test');
  await expect(page.getByTestId('org-switcher')).toHaveCount(0);
});

test('header: ADMIN for owners only, guest mode toggle, hidden toggle for employee-only organisations', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await expect(page.getByRole('link', { name: 'ADMIN' })).toBeVisible();
  await page.getByTestId('guest-mode-toggle').click();
  await expect(page.getByRole('link', { name: 'ADMIN' })).toHaveCount(0);
  // Guest mode is held by the server (the session): still on after a reload.
  await page.reload();
  await expect(page.getByTestId('guest-mode-toggle')).toHaveText('EMPLOYEE MODE');
  await page.getByTestId('guest-mode-toggle').click();
  await expect(page.getByRole('link', { name: 'ADMIN' })).toBeVisible();
  await snap(page, 'header-850-owner');

  await signOut(page);
  await signIn(page, 'member-850@demo.test');
  await expect(page.getByRole('link', { name: 'ADMIN' })).toHaveCount(0);
  await expect(page.getByTestId('guest-mode-toggle')).toHaveText('GUEST MODE');

  await signOut(page);
  await signIn(page, 'guest-850@demo.test');
  await expect(page.getByTestId('guest-mode-toggle')).toHaveCount(0);

  await signOut(page);
  await signIn(page, 'owner-1450@demo.test');
  await expect(page.getByTestId('guest-mode-toggle')).toHaveCount(0);

  // The architectural organisation's owner gets no ADMIN link.
  await signOut(page);
  await signIn(page, 'owner-1798@demo.test');
  await expect(page.getByRole('link', { name: 'ADMIN' })).toHaveCount(0);
});

test('admin routes: owners land on products, others on the permission page', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/admin');
  await page.waitForURL('**/admin/products');
  await expect(page.locator('[data-remote="mfe-admin"]')).toBeVisible();

  await signOut(page);
  await signIn(page, 'member-850@demo.test');
  await page.goto('/admin/products');
  await expect(page.getByText("You don't have proper permissions to view this page.")).toBeVisible();
  await expect(page.locator('[data-remote="mfe-admin"]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page.getByTestId('home-page')).toBeVisible();
});

test('fallback pages and the quote redirect', async ({ page }) => {
  await signIn(page, 'member-1053@demo.test');
  await page.goto('/404/order');
  await expect(
    page.getByText("You might need to ask for an invite or the order you're looking for might have been deleted"),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  await snap(page, 'not-found-order');

  await page.goto('/orders/1/quote');
  await page.waitForURL('**/orders/1/documents');
  await expect(page.locator('[data-remote="mfe-documents"]')).toBeVisible();
  for (const tab of ['EDIT', 'DOCUMENTS', 'DRAWINGS']) await expect(page.getByRole('link', { name: tab })).toBeVisible();
  await expect(page.getByRole('link', { name: 'DOCUMENTS' })).toHaveAttribute('aria-current', 'page');
});
