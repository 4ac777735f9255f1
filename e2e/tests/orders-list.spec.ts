import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn, snap, sameOrigin } from './helpers.ts';

const ORDERS_DATA = '/api/configurator/get-configurator-orders-data';

/** Creates orders of the signed-in user through the API (titles carry `tag`, so a search finds exactly them). */
async function createOrders(page: Page, orgId: number, tag: string, count: number): Promise<void> {
  for (let i = 1; i <= count; i++) {
    const res = await page.request.post('/api/configurator/create-product-order', {
      headers: sameOrigin(page),
      data: { productOrderProps: { orgId, title: `${tag} order ${i}`, productCategoryId: 1, isStocked: 0 } },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

function query(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

const rows = (page: Page) => page.getByTestId('order-row');

/** The signed-in user's saved orders-page settings, as the session reports them. */
async function savedSettings(page: Page): Promise<Record<string, unknown>> {
  const res = await page.request.get('/api/auth/session');
  const body = (await res.json()) as { data: { user: { preferences?: { ordersPageSettings?: Record<string, unknown> } } } };
  return body.data.user.preferences?.ordersPageSettings ?? {};
}

test('850 owner: filters, search, paging, reload and back/forward keep the view in the URL', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  const tag = `Paging${Date.now().toString(36)}`;
  await createOrders(page, 850, tag, 55);

  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Quotes' })).toBeVisible();
  await expect(page).toHaveTitle('My Quotes · Lumen & Brass');
  await expect(rows(page).first()).toBeVisible();

  // Type Archived, then a status: the seeded archived sample request is at its first status.
  await page.getByTestId('filter-type').selectOption('archived');
  await expect.poll(() => query(page).get('type')).toBe('archived');
  await expect(rows(page).filter({ hasText: 'Old sample request' })).toHaveCount(1);
  await page.getByTestId('filter-status').selectOption('orderStarted');
  await expect.poll(() => query(page).get('status')).toBe('orderStarted');
  await expect(rows(page).filter({ hasText: 'Old sample request' })).toHaveCount(1);
  await page.getByTestId('filter-status').selectOption('submittedForApproval');
  await expect(page.getByTestId('orders-empty')).toHaveText('No quotes found');
  await snap(page, 'orders-850-archived-empty');
  await page.getByTestId('filter-type').selectOption('active');
  await page.getByTestId('filter-status').selectOption('all');

  // Search: a request once the typing stops (400 ms debounce), not one per key. A machine busy enough
  // to stall the typing for 400 ms may send one for the part typed so far: the rule is the last search
  // is the whole word, and far fewer searches than keys.
  const searches: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith(ORDERS_DATA)) {
      const term = (req.postDataJSON() as { searchTerm?: string }).searchTerm;
      if (term) searches.push(term);
    }
  });
  await page.getByTestId('orders-search').pressSequentially(tag, { delay: 40 });
  await expect.poll(() => query(page).get('q')).toBe(tag);
  await expect(rows(page)).toHaveCount(55);
  expect(searches.at(-1)).toBe(tag);
  expect(searches.length).toBeLessThanOrEqual(Math.floor(tag.length / 4));

  // Items/Page 50: page 1 is full, page 2 holds the last 5 and has no next page.
  await page.getByTestId('page-size').selectOption('50');
  await expect(rows(page)).toHaveCount(50);
  await expect(page.getByTestId('page-previous')).toBeDisabled();
  await expect(page.getByTestId('page-next')).toBeEnabled();
  // Newest first: the last created order leads.
  await expect(rows(page).first()).toContainText(`${tag} order 55`);
  await page.getByTestId('page-next').click();
  await expect(rows(page)).toHaveCount(5);
  await expect.poll(() => query(page).get('page')).toBe('2');
  await expect(page.getByTestId('page-next')).toBeDisabled();
  await expect(rows(page).last()).toContainText(`${tag} order 1`);
  await snap(page, 'orders-850-page-2');

  // Reload: same URL, same filters, same rows.
  const url = page.url();
  await page.reload();
  await expect(rows(page)).toHaveCount(5);
  expect(page.url()).toBe(url);
  await expect(page.getByTestId('orders-search')).toHaveValue(tag);
  await expect(page.getByTestId('page-size')).toHaveValue('50');
  await expect(page.getByTestId('page-number')).toHaveText('Page 2');

  // Back to page 1, forward to page 2.
  await page.goBack();
  await expect.poll(() => query(page).get('page')).toBeNull();
  await expect(rows(page)).toHaveCount(50);
  await page.goForward();
  await expect.poll(() => query(page).get('page')).toBe('2');
  await expect(rows(page)).toHaveCount(5);

  // A row opens its order.
  await rows(page).first().getByRole('link').click();
  await page.waitForURL(/\/orders\/\d+$/);
});

test('850 owner: the saved settings give the filters of a bare /orders', async ({ page }) => {
  await signIn(page, 'member-850@demo.test');
  await page.goto('/orders');
  await page.getByTestId('filter-type').selectOption('all');
  await expect.poll(() => query(page).get('type')).toBe('all');
  // Saved after a short pause; then a fresh visit of /orders starts from it.
  await expect.poll(async () => (await savedSettings(page)).archivedFilterValue).toBe('all');
  await page.goto('/orders');
  await expect.poll(() => query(page).get('type')).toBe('all');
  await expect(page.getByTestId('filter-type')).toHaveValue('all');
  // Back to the default for the other journeys.
  await page.getByTestId('filter-type').selectOption('active');
  await expect.poll(async () => (await savedSettings(page)).archivedFilterValue).toBe('active');
});

test('850 owner: CSV export downloads orders-export-{date}.csv with a header line', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/orders');
  await expect(rows(page).first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^orders-export-\d{4}-\d{2}-\d{2}\.csv$/);
  const today = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  expect(download.suggestedFilename()).toBe(`orders-export-${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.csv`);
  const text = readFileSync(await download.path(), 'utf8');
  const [header, ...lines] = text.trim().split('\n');
  expect(header).toContain('Title');
  expect(lines.length).toBeGreaterThan(0);
  await expect(page.getByTestId('orders-notice')).toContainText('Exported');
});

test('850 owner: archive and unarchive a row from its menu', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  const tag = `Archive${Date.now().toString(36)}`;
  await createOrders(page, 850, tag, 1);
  await page.goto(`/orders?type=active&q=${tag}`);
  await expect(rows(page)).toHaveCount(1);

  const menuButton = rows(page).first().getByTestId('row-menu');
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Archive Order' })).toBeFocused();
  await snap(page, 'orders-850-row-menu');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Archive Order' }).click();
  await expect(page.getByTestId('orders-empty')).toHaveText('No quotes found');

  await page.getByTestId('filter-type').selectOption('archived');
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().getByTestId('row-menu').click();
  await page.getByRole('menuitem', { name: 'Unarchive Order' }).click();
  await expect(page.getByTestId('orders-empty')).toBeVisible();
});

test('850 owner: shortcuts and status counts filter by status; the Advanced view adds its columns', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/orders?owner=mine&type=archived');
  await page.getByTestId('shortcut-SUB').click();
  await expect.poll(() => Object.fromEntries(query(page))).toMatchObject({ owner: 'all', type: 'active', category: 'all', status: 'submittedForApproval' });
  await expect(rows(page).filter({ hasText: 'Maple Street Renovation' })).toHaveCount(1);
  await page.getByTestId('shortcut-PP').click();
  await expect.poll(() => query(page).get('pp')).toBe('1');
  await expect(page.getByTestId('shortcut-PP')).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('status-count-inProduction').click();
  await expect.poll(() => query(page).get('status')).toBe('inProduction');
  await expect(page.getByTestId('status-count-inProduction')).not.toContainText('…');

  await page.getByTestId('filter-status').selectOption('all');
  await page.getByTestId('filter-view').selectOption('advanced');
  for (const title of ['Command #', 'Command Total', 'Plate Finish', 'Mechanism Finish', 'Engraving Type']) {
    await expect(page.getByRole('columnheader', { name: title, exact: true })).toBeVisible();
  }
  await snap(page, 'orders-850-advanced');
  // Back to the defaults for the other journeys (the settings are saved as filters change).
  await page.getByTestId('filter-view').selectOption('basic');
  await expect.poll(() => savedSettings(page)).toMatchObject({ detailLevelFilterValue: 'basic', statusFilterValue: 'all', archivedFilterValue: 'active', orderOwnerFilterValue: 'all' });
});

test('1798 shows its project columns and "No projects found" on an impossible search', async ({ page }) => {
  await signIn(page, 'owner-1798@demo.test');
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Projects' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  const headers = await page.getByRole('columnheader').allTextContents();
  for (const title of ['Project', 'Account / Client', 'Invoice #', 'Salesforce Link']) expect(headers).toContain(title);
  for (const title of ['Project #', 'Product', 'Category']) expect(headers).not.toContain(title);
  await snap(page, 'orders-1798');
  await page.getByTestId('orders-search').fill('zz-no-such-project-qq');
  await expect(page.getByTestId('orders-empty')).toHaveText('No projects found');
});

test('a guest does not see the owner column nor the employee tools', async ({ page }) => {
  await signIn(page, 'guest-850@demo.test');
  await page.goto('/orders');
  await expect(rows(page).first()).toBeVisible();
  const headers = await page.getByRole('columnheader').allTextContents();
  expect(headers).not.toContain('Owner');
  await expect(page.getByTestId('csv-export')).toHaveCount(0);
  await expect(page.getByTestId('status-counts')).toHaveCount(0);
  await snap(page, 'orders-850-guest');
});

test('/orders has no serious or critical axe violation', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/orders');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByTestId('status-count-orderStarted')).not.toContainText('…');
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('390 px wide: the page does not scroll sideways; each order is a card that opens it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/orders');
  const cards = page.getByTestId('order-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  for (const id of ['orders-search', 'filter-type', 'page-size', 'page-next', 'csv-export']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.width).toBeGreaterThan(30);
  }
  const card = (await cards.first().boundingBox())!;
  expect(card.x).toBeGreaterThanOrEqual(0);
  expect(card.x + card.width).toBeLessThanOrEqual(390);
  await snap(page, 'orders-850-390');
  // A tap anywhere on the card (here its middle, away from its menu) opens its order.
  const n = await cards.first().getAttribute('data-order');
  await cards.first().click({ position: { x: card.width / 2, y: card.height / 2 } });
  await expect(page).toHaveURL(new RegExp(`/orders/${n}$`));
});
