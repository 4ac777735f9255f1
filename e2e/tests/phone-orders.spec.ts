import { expect, test, type Locator, type Page } from '@playwright/test';
import { guestOrder, openOrder, signIn, snap } from './helpers.ts';

/**
 * Orders on a 390 px touch phone: the list is cards (nothing scrolls sideways), the status steps fit,
 * the order page keeps its total and next step in view wherever it is scrolled, the secondary actions
 * wait behind "More actions", and no keyboard shortcut tip shows on a touch screen. A desktop keeps
 * the table and the row of buttons.
 */

const PHONE = { width: 390, height: 844 };

/** One keypad on the guest's order; its finish (property 7) chosen. */
const ENTRY = [{ title: 'Entry', quantity: 1, properties: { '7': { optionId: 23 } } }];

/** The element's box lies wholly inside the window (left to right, top to bottom). */
async function expectInWindow(el: Locator, what: string): Promise<void> {
  const box = (await el.boundingBox())!;
  expect(box, `${what} is drawn`).not.toBeNull();
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(PHONE.width + 0.5);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(PHONE.height + 0.5);
}

/** Nothing else lies over the middle of the element: a tap there reaches it. */
async function expectOnTop(el: Locator, what: string): Promise<void> {
  const onTop = await el.evaluate((node) => {
    const r = node.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === node || node.contains(hit));
  });
  expect(onTop, `${what} is not covered`).toBe(true);
}

/** The order page's own header (its number, title and buttons). */
const orderHeader = (page: Page) => page.locator('header').filter({ has: page.getByTestId('order-number') });

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe('on a 390 px touch phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('the orders list is cards that fit, each opening its order', async ({ page }) => {
    await signIn(page, 'owner-850@demo.test');
    await page.goto('/orders');
    const cards = page.getByTestId('order-card');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByTestId('order-row')).toHaveCount(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    const count = await cards.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < Math.min(count, 5); i++) {
      const box = (await cards.nth(i).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    // Each card names its order and status, and keeps the row's menu.
    const first = cards.first();
    const n = await first.getAttribute('data-order');
    await expect(first.getByRole('link', { name: `Quote #${n}` })).toBeVisible();
    await expect(first.getByTestId('card-status')).not.toBeEmpty();
    await first.getByRole('button', { name: `More options for quote #${n}` }).tap();
    await expect(page.getByRole('menuitem', { name: /Archive Order|Unarchive Order/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await snap(page, 'phone-orders-01-list-390', { fullPage: false });
    await snap(first, 'phone-orders-01b-card-390');
    await first.getByRole('link', { name: `Quote #${n}` }).tap();
    await expect(page).toHaveURL(new RegExp(`/orders/${n}$`));
  });

  test('the order page: steps fit, total and Submit stay in view, secondary actions behind "More", no Ctrl+C tip', async ({ page }) => {
    await signIn(page, 'guest-850@demo.test');
    expect(await page.evaluate(() => matchMedia('(hover: hover) and (pointer: fine)').matches), 'the browser is a touch phone').toBe(false);
    const order = await guestOrder(page, `Phone ${Date.now().toString(36)}`, ENTRY);
    await openOrder(page, order);
    await expect(page.getByTestId('instance-bar')).toBeVisible();

    // The steps: one line saying where the order is; every step, in a column that fits, on request.
    const toggle = page.getByTestId('status-steps-toggle');
    await expect(toggle).toHaveText(/^Step 1 of \d+: Order Started/);
    await expectInWindow(toggle, 'the steps line');
    await expect(page.getByTestId('status-dot-orderStarted')).toBeHidden();
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const dots = page.locator('[data-testid^="status-dot-"]');
    expect(await dots.count()).toBeGreaterThan(4);
    for (const dot of await dots.all()) {
      await expect(dot).toBeVisible();
      const box = (await dot.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await snap(page, 'phone-orders-02-steps-open-390', { fullPage: false });
    await toggle.tap();

    // The bar: the total (the price summary's) and Submit, in view and uncovered once the page is drawn...
    const bar = page.getByTestId('phone-bar');
    const total = bar.getByTestId('phone-bar-total');
    const submit = bar.getByRole('button', { name: 'Submit' });
    await expect(total).toContainText(/\$[\d,]+\.\d\d/);
    expect(await total.locator('strong').textContent()).toBe(await page.getByTestId('order-total').textContent());
    await expectInWindow(total, 'the total');
    await expectInWindow(submit, 'Submit');
    await expectOnTop(submit, 'Submit');
    await expect(orderHeader(page).getByRole('button', { name: 'Submit' })).toHaveCount(0);
    await snap(page, 'phone-orders-03-order-top-390', { fullPage: false });
    // ...and half way down the page (the page is taller than the window: this is a real scroll).
    const { scrolled } = await page.evaluate(() => {
      const max = document.documentElement.scrollHeight - innerHeight;
      window.scrollTo(0, max / 2);
      return { scrolled: window.scrollY };
    });
    expect(scrolled).toBeGreaterThan(200);
    await expectInWindow(total, 'the total, scrolled');
    await expectInWindow(submit, 'Submit, scrolled');
    await expectOnTop(submit, 'Submit, scrolled');
    await snap(page, 'phone-orders-04-order-middle-390', { fullPage: false });
    await page.evaluate(() => window.scrollTo(0, 0));

    // The secondary actions are one tap away, each with its own label; the header row stays short.
    const more = page.getByRole('button', { name: 'More actions' });
    await expectInWindow(more, '"More actions"');
    for (const name of ['Hide Cart', 'View Cart', 'Show Dimensions', 'Hide Dimensions', 'Guided Tour', 'View Quote']) {
      await expect(page.getByRole('button', { name, exact: true })).toBeHidden();
    }
    await more.tap();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByTestId('more-actions-panel');
    for (const name of ['Hide Cart', 'Edit Order Details', 'Hide Dimensions', 'Guided Tour']) {
      const action = panel.getByRole('button', { name, exact: true });
      await expect(action).toBeVisible();
      const box = (await action.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await snap(page, 'phone-orders-05-more-open-390', { fullPage: false });
    // An action chosen runs and closes the panel (the preference is put back for the other journeys).
    const saved = () => page.waitForResponse((r) => r.url().endsWith('/api/users/update-preferences') && r.ok());
    let save = saved();
    await panel.getByRole('button', { name: 'Hide Dimensions' }).tap();
    await save;
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.tap();
    save = saved();
    await panel.getByRole('button', { name: 'Show Dimensions' }).tap();
    await save;
    await more.tap();
    await expect(panel.getByRole('button', { name: 'Hide Dimensions' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(more).toBeFocused();

    // No keyboard shortcut tip on a touch screen.
    await expect(page.getByText(/Ctrl\+C|⌘C/)).toHaveCount(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    // The end of the page: the bar rests after the price summary. (A full-page screenshot would drop the
    // phone emulation while it is taken: the window as a person sees it instead.)
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expectInWindow(submit, 'Submit, at the end');
    await snap(page, 'phone-orders-06-order-end-390', { fullPage: false });
  });
});

test('a desktop keeps the orders table and the order page row of buttons, with the shortcut tip', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await signIn(page, 'guest-850@demo.test');
  const order = await guestOrder(page, `Desk ${Date.now().toString(36)}`, ENTRY);
  await page.goto('/orders');
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await expect(page.getByTestId('order-card')).toHaveCount(0);

  await openOrder(page, order);
  await expect(page.getByTestId('instance-bar')).toBeVisible();
  const header = orderHeader(page);
  for (const name of ['Hide Cart', 'Hide Dimensions', 'Guided Tour', 'Add item', 'Submit']) await expect(header.getByRole('button', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'More actions' })).toHaveCount(0);
  await expect(page.getByTestId('phone-bar')).toHaveCount(0);
  await expect(page.getByTestId('status-steps-toggle')).toHaveCount(0);
  await expect(page.getByTestId('status-dot-orderStarted')).toBeVisible();
  await expect(page.getByText('Tip: Ctrl+C / ⌘C copies this item; Ctrl+V / ⌘V pastes a copy after it.')).toBeVisible();
  await snap(page, 'phone-orders-07-order-desktop', { fullPage: false });
});
