import { expect, test, type Page } from '@playwright/test';
import { signIn, signOut, snap } from './helpers.ts';

/**
 * The organisation's brand everywhere (docs/decisions/0095, 0096): a sign-in page branded for the
 * organisation the visitor came for (its address, or the last one used on this device), a tab icon
 * per organisation, every page titled "{page} · {organisation}", and a quote with the logo, a
 * validity date and the organisation's terms. Expected values come from the demo settings.
 */
const L_AND_B = { title: 'Lumen & Brass', accent: 'rgb(138, 109, 59)' };
const NORDVIK = { title: 'Nordvik Millwork', accent: 'rgb(47, 93, 80)' };

const iconHref = (page: Page) => page.locator('link[rel~="icon"]').first().getAttribute('href');
const cssVar = (page: Page, name: string) => page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

test('sign-in is branded for the organisation in the address, then for the last one used here', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveTitle('Sign in · Configurator');
  await expect(page.getByTestId('sign-in-logo')).toHaveCount(0);
  const portalIcon = await iconHref(page);

  await page.goto('/?org=850');
  const logo = page.getByTestId('sign-in-logo');
  await expect(logo).toHaveAttribute('alt', L_AND_B.title);
  await expect(page).toHaveTitle(`Sign in · ${L_AND_B.title}`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCSS('background-color', L_AND_B.accent);
  const icon850 = await iconHref(page);
  expect(icon850).toMatch(/^data:image\/svg\+xml,/);
  expect(icon850).not.toBe(portalIcon);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'brand-sign-in-850-390', { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });
  await snap(page, 'brand-sign-in-850-1440', { fullPage: false });

  await page.goto('/?org=1053');
  await expect(page.getByTestId('sign-in-logo')).toHaveAttribute('alt', NORDVIK.title);
  const icon1053 = await iconHref(page);
  expect(icon1053).not.toBe(icon850);

  // An organisation that does not exist: the portal's own sign-in page.
  await page.goto('/?org=999999');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveTitle('Sign in · Configurator');
  await expect(page.getByTestId('sign-in-logo')).toHaveCount(0);

  // Signing in through 850's link opens 850 (the 850 owner belongs to it) and remembers it on this device.
  await page.goto('/?org=850');
  await page.getByLabel(/email/i).fill('owner-850@demo.test');
  await page.getByLabel(/password/i).fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('app-header')).toBeVisible();
  expect(await iconHref(page)).toBe(icon850);
  await page.goto('/');
  await signOut(page);
  await expect(page.getByTestId('sign-in-logo')).toHaveAttribute('alt', L_AND_B.title);
  await expect(page).toHaveTitle(`Sign in · ${L_AND_B.title}`);
});

test('every page is titled "{page} · {organisation}"; each organisation has its own tab icon', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  const org = L_AND_B.title;
  for (const [path, title] of [
    ['/', `Configuration System · ${org}`],
    ['/orders', `My Quotes · ${org}`],
    ['/orders/1', `Quote #1 · ${org}`],
    ['/orders/1/documents', `Documents · Quote #1 · ${org}`],
    ['/orders/1/drawings', `Drawings · Quote #1 · ${org}`],
    ['/admin/products', `Products · Admin · ${org}`],
    ['/admin/guests', `Guests · Admin · ${org}`],
    ['/no-such-page', `Page not found · ${org}`],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
  const icon850 = await iconHref(page);
  await signOut(page);

  await signIn(page, 'owner-1053@demo.test');
  await page.goto('/orders');
  await expect(page).toHaveTitle(`My Orders · ${NORDVIK.title}`);
  const icon1053 = await iconHref(page);
  expect(icon1053).toMatch(/^data:image\/svg\+xml,/);
  expect(icon1053).not.toBe(icon850);
});

test("checkboxes, radios and the focus ring take the organisation's accent", async ({ page }) => {
  await signIn(page, 'owner-1053@demo.test');
  await page.goto('/orders');
  await expect(page.getByTestId('orders-page')).toBeVisible();
  await expect.poll(() => cssVar(page, '--color-focus')).toBe('#2f5d50');
  const accent = await page.evaluate(() => {
    const box = Object.assign(document.createElement('input'), { type: 'checkbox' });
    const radio = Object.assign(document.createElement('input'), { type: 'radio' });
    document.body.append(box, radio);
    return [getComputedStyle(box).accentColor, getComputedStyle(radio).accentColor];
  });
  expect(accent).toEqual([NORDVIK.accent, NORDVIK.accent]);
  await page.keyboard.press('Tab');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineColor);
  expect(outline).toBe(NORDVIK.accent);
});

test("the quote carries the organisation's logo, its validity and its terms", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/orders/1/documents');
  const header = page.getByTestId('document-header');
  await expect(header.getByRole('img', { name: L_AND_B.title })).toBeVisible();
  // Last updated 5/7/2025, valid 30 days (850's setting).
  await expect(page.getByTestId('valid-until')).toHaveText('Valid until 6/6/2025');
  const terms = page.getByTestId('quote-terms');
  await expect(terms).toContainText('A 50% deposit starts production of made-to-order items');
  await expect(terms).toContainText('24-month warranty');
  await expect(terms.getByRole('listitem')).toHaveCount(7);
  await expect(page.locator('html')).toHaveAttribute('data-print-ready', 'true');
  await snap(page, 'brand-quote-850-1440', { fullPage: false });
  await terms.scrollIntoViewIfNeeded();
  await snap(page, 'brand-quote-terms-850-1440', { fullPage: false });

  // The invoice has neither.
  await page.getByRole('button', { name: 'INVOICE' }).click();
  await expect(page.getByTestId('summary-balance')).toBeVisible();
  await expect(page.getByTestId('valid-until')).toHaveCount(0);
  await expect(page.getByTestId('quote-terms')).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/orders/1/documents');
  await expect(page.getByTestId('valid-until')).toBeVisible();
  await snap(page, 'brand-quote-850-390', { fullPage: false });
  await page.getByTestId('quote-terms').scrollIntoViewIfNeeded();
  await snap(page, 'brand-quote-terms-850-390', { fullPage: false });
});
