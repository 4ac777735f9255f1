import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN_SCREENS } from '../../mfe-admin/src/routes.ts';
import { apiPost, KEEP_SCREENSHOTS, signIn, snap } from './helpers.ts';
import { overflowOn } from './overflow.ts';

/**
 * No screen of the portal is wider than a 390 px phone: every route each role can reach is walked at
 * 390×844 (touch), and any visible element past the viewport's right edge (or cut off at its left
 * edge) fails the walk with its selector, so the failure says what to fix. A container that scrolls
 * sideways on purpose may hold wider content only if the container itself fits. Each route is also
 * photographed at 390 px and at 1440×900 for people to look at (e2e/screenshots, git-ignored); a run
 * that keeps no screenshots (the second database's) skips the desktop visits, which only take pictures.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

type Stop = { name: string; path: string };

/**
 * Waits until the route has drawn: its heading, no loading screen, nothing busy, fonts in, the images
 * in view loaded, and two frames painted since (a size a ResizeObserver sets lands in the next frame).
 * Named states, not a pause: a pause is too short on a busy machine and wasted on a quiet one.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.getByTestId('loading-screen')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete || (img.loading === 'lazy' && img.getBoundingClientRect().top >= window.innerHeight)));
  await page.evaluate(() => new Promise<void>((drawn) => requestAnimationFrame(() => requestAnimationFrame(() => drawn()))));
}

type OrdersData = { productOrders: Array<{ orgSpecificId: number }> };

/** The role's stops: home, orders, one order's three tabs, and for an owner every admin screen with a detail of each kind. */
async function stopsFor(page: Page, orgId: number, owner: boolean): Promise<Stop[]> {
  const { productOrders } = await apiPost<OrdersData>(page, '/api/configurator/get-configurator-orders-data', { orgId });
  // The demo's first order (other journeys on the same server add orders; theirs are not the walk's).
  const order = [...productOrders].sort((a, b) => a.orgSpecificId - b.orgSpecificId)[0];
  expect(order, `an order of ${orgId} to walk`).toBeTruthy();
  const n = order!.orgSpecificId;
  const stops: Stop[] = [
    { name: 'home', path: '/' },
    { name: 'orders', path: '/orders' },
    { name: 'order-edit', path: `/orders/${n}` },
    { name: 'order-documents', path: `/orders/${n}/documents` },
    { name: 'order-drawings', path: `/orders/${n}/drawings` },
    { name: '404', path: '/no-such-page' },
  ];
  if (!owner) return stops;
  // An owner sees every document: the other three modes are the same route with another layout.
  for (const mode of ['invoice', 'packingSlip', 'factory']) stops.push({ name: `order-documents-${mode}`, path: `/orders/${n}/documents?mode=${mode}` });
  const detailOf: Record<string, string> = {
    products: 'products',
    'product-properties': 'productProperties',
    'product-property-groups': 'productPropertyGroups',
    'product-categories': 'productCategories',
    'product-pricing-rules': 'productPricingRules',
    'product-graphics': 'productGraphics',
  };
  for (const section of ADMIN_SCREENS) {
    if (section !== 'product-graphics') stops.push({ name: `admin-${section}`, path: `/admin/${section}` });
    const resource = detailOf[section];
    if (!resource) continue;
    const rows = await apiPost<Array<{ id: number }>>(page, `/api/resources/${resource}/get`, { where: { orgId } });
    if (rows[0]) stops.push({ name: `admin-${section}-detail`, path: `/admin/${section}/${rows[0].id}` });
  }
  return stops;
}

async function walk(browser: Browser, who: string, orgId: number, owner: boolean): Promise<void> {
  const phone = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
  await signIn(phone, who);
  const stops = await stopsFor(phone, orgId, owner);
  const desktop = KEEP_SCREENSHOTS ? await (await browser.newContext({ viewport: DESKTOP })).newPage() : null;
  if (desktop) await signIn(desktop, who);
  const problems: string[] = [];
  const tag = who.replace(/@.*/, '');
  for (const stop of stops) {
    await phone.goto(stop.path);
    await settle(phone);
    for (const p of await overflowOn(phone)) problems.push(`${stop.path}: ${p}`);
    await snap(phone, `phone-${tag}-${stop.name}-390`);
    if (!desktop) continue;
    await desktop.goto(stop.path);
    await settle(desktop);
    await snap(desktop, `phone-${tag}-${stop.name}-1440`);
  }
  await phone.context().close();
  await desktop?.context().close();
  expect(problems, `${who} at 390 px`).toEqual([]);
}

for (const [who, orgId, owner] of [
  ['owner-850@demo.test', 850, true],
  ['member-850@demo.test', 850, false],
  ['guest-850@demo.test', 850, false],
  ['owner-1798@demo.test', 1798, true],
  ['guest-1392@demo.test', 1392, false],
] as const) {
  // @layout: npm test walks once, on the first database: what fits a phone does not depend on the database.
  test(`every route ${who} can reach fits a 390 px phone`, { tag: '@layout' }, async ({ browser }) => {
    await walk(browser, who, orgId, owner);
  });
}

test('signed out, the sign-in page fits a 390 px phone', { tag: '@layout' }, async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
  await page.goto('/');
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(await overflowOn(page)).toEqual([]);
  await snap(page, 'phone-signed-out-sign-in-390');
  await page.context().close();
});
