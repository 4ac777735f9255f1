import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { apiPost, guestOrder, KEYPAD, openOrder, personAt, snap } from './helpers.ts';

/**
 * The keyboard and the reviewer (decisions 0093, 0094): the skip link takes a guest to Submit in a few
 * Tabs and Enter on the confirmation submits; the owner reviewing the guest's order reads a summary of
 * what they approve (and the feedback it was sent back with) before the editor; "Guided Tour" starts
 * the tour for anyone, at a desk and on a 390 px phone.
 */

const PHONE = { width: 390, height: 844 };

/** Two keypad lines, every required option chosen: the guest's order is ready to submit. */
const TWO_KEYPADS = [
  { title: 'Front door', quantity: 2, properties: KEYPAD },
  { title: 'Garage', quantity: 1, properties: KEYPAD },
];

async function noSeriousAxeViolation(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Nothing on the page reaches past the right edge of the window. */
async function fitsWidth(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a guest reaches Submit through the skip link in 2 Tabs, and Enter on the confirmation submits', async ({ browser }) => {
  const guest = await personAt(browser, 'guest-850@demo.test');
  const order = await guestOrder(guest, 'Skip link journey', TWO_KEYPADS);
  await openOrder(guest, order);
  await expect(guest.getByRole('button', { name: 'Submit', exact: true })).toBeVisible();
  // From the top of the page, as after loading it.
  await guest.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  await guest.keyboard.press('Tab');
  await expect(guest.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await guest.keyboard.press('Tab');
  const skip = guest.getByRole('link', { name: 'Skip to order actions' });
  await expect(skip).toBeFocused();
  // Shown once focused, inside the window.
  const box = (await skip.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  await snap(guest, 'reviewer-tour-01-skip-link', { fullPage: false });
  await guest.keyboard.press('Enter');
  await expect(guest.getByRole('button', { name: 'Submit', exact: true })).toBeFocused();

  // Enter on Submit asks; Enter again answers Yes (the focus is on it).
  await guest.keyboard.press('Enter');
  const dialog = guest.getByRole('alertdialog', { name: 'Please confirm' });
  await expect(dialog.getByTestId('confirm-text')).toHaveText('Are you sure you want to submit your order? It will be sent to Lumen & Brass for review.');
  await expect(dialog.getByRole('button', { name: 'Yes' })).toBeFocused();
  await snap(guest, 'reviewer-tour-02-confirm-focus', { fullPage: false });
  await guest.keyboard.press('Enter');
  await expect(guest.getByTestId('submitted-view')).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test('the owner reviewing a guest-submitted order reads what they approve and the feedback it was sent back with, then opens the editor', async ({ browser }) => {
  const guest = await personAt(browser, 'guest-850@demo.test');
  const order = await guestOrder(guest, 'Reviewer summary journey', TWO_KEYPADS);
  const owner = await personAt(browser, 'owner-850@demo.test');
  await apiPost(guest, '/api/configurator/submit-order', { productOrderId: order.id });
  await apiPost(owner, '/api/configurator/product-order/action-required', { productOrderId: order.id, feedbackNotes: 'Please add the garage keypad.' });
  // The customer changes the garage's quantity (1 → 3) before submitting again.
  const sentBack = await apiPost<{ productInstances: Array<{ id: number; title: string }> }>(guest, '/api/configurator/get-configurator-order-data', { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId });
  const garage = sentBack.productInstances.find((i) => i.title === 'Garage')!;
  await apiPost(guest, '/api/resources/productInstances/update', { where: { id: garage.id }, props: { quantity: 3 } });
  await apiPost(guest, '/api/configurator/submit-order', { productOrderId: order.id });

  await openOrder(owner, order);
  const summary = owner.getByRole('region', { name: 'What you are approving' });
  await expect(summary).toBeVisible();
  const rows = summary.getByTestId('review-item');
  await expect(rows.getByTestId('review-item-title')).toHaveText(['Front door', 'Garage']);
  await expect(rows.getByTestId('review-item-quantity')).toHaveText(['Quantity 2', 'Quantity 3']);
  await expect(rows.first().getByTestId('review-item-options')).toContainText('Satin Brass');
  // The summary's total is the order's stored total, the one the customer was shown.
  const stored = await apiPost<{ productOrders: Array<{ costs: { orderTotal: number } }> }>(owner, '/api/configurator/get-configurator-order-data', { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId });
  const total = stored.productOrders[0]!.costs.orderTotal;
  expect(total).toBeGreaterThan(0);
  const dollars = `$${(total / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(summary.getByTestId('review-cost-total')).toContainText(dollars);
  await expect(summary.getByTestId('review-sent-back-feedback')).toHaveText('Please add the garage keypad.');
  await expect(summary.getByTestId('review-sent-back')).toContainText('Sent back for changes on');
  // What changed since the revision it was sent back as: the garage's quantity, first of its lines.
  const changes = summary.getByRole('region', { name: 'What changed since revision 1' });
  await expect(changes.getByTestId('diff-item').filter({ hasText: 'Garage' }).getByTestId('diff-line').first()).toHaveText('Quantity: 1 → 3');
  await changes.scrollIntoViewIfNeeded();
  // Not the editor, and the decision right below.
  await expect(owner.getByRole('region', { name: 'Item editor' })).toHaveCount(0);
  await expect(owner.getByTestId('feedback-box').getByRole('button', { name: 'Approve' })).toBeVisible();
  await snap(owner, 'reviewer-tour-03-owner-summary');
  await noSeriousAxeViolation(owner);

  await summary.getByRole('button', { name: 'Open the full editor' }).click();
  await expect(owner.getByRole('region', { name: 'Item editor' })).toBeVisible();
  await owner.getByRole('button', { name: 'Back to the summary' }).click();
  await expect(summary).toBeVisible();

  // On a phone: the summary fits the width.
  const phoneOwner = await personAt(browser, 'owner-850@demo.test', PHONE);
  await openOrder(phoneOwner, order);
  await expect(phoneOwner.getByRole('region', { name: 'What you are approving' })).toBeVisible();
  await expect(phoneOwner.getByTestId('diff-item').filter({ hasText: 'Garage' }).getByTestId('diff-line').first()).toHaveText('Quantity: 1 → 3');
  await fitsWidth(phoneOwner);
  await snap(phoneOwner, 'reviewer-tour-04-owner-summary-phone');

  // Approving from the summary moves the order on.
  await owner.getByTestId('feedback-box').getByRole('button', { name: 'Approve' }).click();
  await expect(owner.getByTestId('payment-panel')).toBeVisible();
  await expect(owner.getByRole('region', { name: 'What you are approving' })).toHaveCount(0);
});

/** Clicks "Guided Tour", opening the phone's "More" menu first when it is folded in there. */
async function startTour(page: Page) {
  const button = page.getByRole('button', { name: 'Guided Tour' });
  if (!(await button.isVisible())) {
    await page.getByTestId('more-actions').click();
    // The panel puts the focus on its first action as it opens: moved before that, the focus was taken
    // back and Enter pressed that first action instead.
    await expect(page.getByTestId('more-actions-panel').locator(':focus')).toHaveCount(1);
  }
  await button.focus();
  await page.keyboard.press('Enter');
}

for (const [who, email, viewport] of [
  ['a guest on a 390 px phone', 'guest-850@demo.test', PHONE],
  ['a member at a desk', 'member-850@demo.test', undefined],
  ['the owner on a 390 px phone', 'owner-850@demo.test', PHONE],
] as const) {
  test(`"Guided Tour" starts the tour for ${who}, by keyboard`, async ({ browser }) => {
    const guest = await personAt(browser, 'guest-850@demo.test');
    const order = await guestOrder(guest, `Tour journey ${email}`, TWO_KEYPADS);
    const page = await personAt(browser, email, viewport);
    await openOrder(page, order);
    await startTour(page);
    const tour = page.getByTestId('sharee-tour').getByRole('dialog');
    await expect(tour).toBeVisible();
    await expect(tour).toContainText('Step 1 of');
    await expect(tour.getByRole('heading', { name: 'Where it stands' })).toBeVisible();
    await expect(page.getByTestId('tour-next')).toBeFocused();
    // The box stays inside the window.
    const box = (await tour.boundingBox())!;
    const width = viewport?.width ?? 1280;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await snap(page, `reviewer-tour-05-tour-${email.split('@')[0]}`, { fullPage: false });
    await page.keyboard.press('Enter'); // Next
    await expect(tour).toContainText('Step 2 of');
    await snap(page, `reviewer-tour-06-tour-step2-${email.split('@')[0]}`, { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('sharee-tour')).toHaveCount(0);
  });
}
