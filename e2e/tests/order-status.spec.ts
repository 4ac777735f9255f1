import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { apiPost, guestOrder, KEYPAD, openOrder, personAt, snap } from './helpers.ts';

/**
 * Order status and payment, as the people involved live it: a guest submits; an owner asks for
 * changes; the guest fixes and resubmits; the owner approves; the guest pays the deposit by card with
 * the simulated provider (processing, then paid); an employee moves the order on to delivered. The
 * server's mail goes to an outbox folder (MAIL_OUTBOX_DIR, given to this run as E2E_MAIL_OUTBOX_DIR).
 */

const OUTBOX = process.env.E2E_MAIL_OUTBOX_DIR;

interface Mail {
  to: string[] | string;
  subject: string;
  text: string;
}

/** The outbox's messages about one order (its number appears in every subject). */
async function mailAbout(orgSpecificId: number): Promise<Mail[]> {
  const names = (await readdir(OUTBOX!).catch(() => [] as string[])).filter((n) => n.endsWith('.json') && !n.startsWith('.')).sort();
  const all = await Promise.all(names.map(async (n) => JSON.parse(await readFile(path.join(OUTBOX!, n), 'utf8')) as Mail));
  return all.filter((m) => m.subject.includes(`#${orgSpecificId} “`));
}

/** One keypad, every required option chosen: the guest's order is ready to submit. */
const ONE_KEYPAD = [{ title: 'Entry', quantity: 1, properties: KEYPAD }];

const dot = (page: Page, key: string) => page.getByTestId(`status-dot-${key}`);

async function noSeriousAxeViolation(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-testid="status-header"]').include('[data-testid="status-panels"]').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a guest submits, the owner asks for changes, the guest resubmits, the owner approves, the guest pays the deposit, an employee ships it', async ({ browser }) => {
  expect(OUTBOX, 'E2E_MAIL_OUTBOX_DIR names the outbox folder the server writes to').toBeTruthy();

  const guest = await personAt(browser, 'guest-850@demo.test');
  const order = await guestOrder(guest, 'Quay Street keypads', ONE_KEYPAD);

  // 1. The guest submits: a confirmation naming the organisation, then the waiting view.
  await openOrder(guest, order);
  await expect(dot(guest, 'orderStarted')).toHaveAttribute('data-lit', '1');
  await expect(dot(guest, 'submittedForApproval')).toHaveAttribute('data-lit', '0');
  await snap(guest, 'status-01-guest-order-started');
  await guest.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(guest.getByTestId('confirm-text')).toHaveText('Are you sure you want to submit your order? It will be sent to Lumen & Brass for review.');
  await guest.getByTestId('confirm-yes').click();
  const submitted = guest.getByTestId('submitted-view');
  await expect(submitted.getByRole('heading', { name: 'Order Submitted' })).toBeVisible();
  await expect(submitted.getByTestId('pending-review')).toHaveText('Your order has been submitted and is pending review by Lumen & Brass.');
  await expect(dot(guest, 'submittedForApproval')).toHaveAttribute('data-lit', '1');
  await expect(guest.getByRole('button', { name: 'Submit', exact: true })).toHaveCount(0);
  await submitted.getByRole('button', { name: 'Request a status update' }).click();
  await expect(guest.getByTestId('notice-info')).toBeVisible();
  await snap(guest, 'status-02-guest-submitted');
  await noSeriousAxeViolation(guest);

  // 2. The owner reviews it and asks for changes.
  const owner = await personAt(browser, 'owner-850@demo.test');
  await openOrder(owner, order);
  const review = owner.getByTestId('feedback-box');
  await expect(review.getByRole('heading', { name: 'Feedback for Customer' })).toBeVisible();
  await review.getByLabel('Feedback for Customer').fill('Please make it two keypads: one for each side of the door.');
  await snap(owner, 'status-03-owner-review');
  await noSeriousAxeViolation(owner);
  await review.getByRole('button', { name: 'Requires Changes' }).click();
  await expect(owner.getByTestId('feedback-box')).toHaveCount(0);
  await expect(dot(owner, 'submittedForApproval')).toHaveAttribute('data-lit', '0');

  // 3. The guest sees what to change, changes it and submits again.
  await openOrder(guest, order);
  const actionRequired = guest.getByTestId('action-required');
  await expect(actionRequired.getByRole('heading', { name: 'Action Required' })).toBeVisible();
  await expect(actionRequired.getByTestId('action-required-notes')).toHaveText('Please make it two keypads: one for each side of the door.');
  await snap(guest, 'status-04-guest-action-required');
  await guest.getByTestId('instance-quantity').fill('2');
  // Submitting waits for the quantity to be saved: the server judges the order as stored.
  await guest.getByRole('button', { name: 'Submit', exact: true }).click();
  await guest.getByTestId('confirm-yes').click();
  await expect(guest.getByTestId('submitted-view')).toBeVisible();
  await expect(guest.getByTestId('action-required')).toHaveCount(0);
  const stored = await apiPost<{ productInstances: Array<{ quantity: number }> }>(guest, '/api/configurator/get-configurator-order-data', { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId });
  expect(stored.productInstances.map((i) => i.quantity)).toEqual([2]);

  // 4. The owner approves: the order waits for its deposit.
  await openOrder(owner, order);
  await owner.getByTestId('feedback-box').getByRole('button', { name: 'Approve' }).click();
  await expect(owner.getByTestId('payment-panel')).toBeVisible();
  await expect(dot(owner, 'readyToPayDeposit')).toHaveAttribute('data-current', '1');
  await expect(owner.getByTestId('status-description')).toHaveText('A 50% deposit starts production.');

  // 5. The guest pays the deposit by card: processing (the page asks again every 2 s), then paid.
  await openOrder(guest, order);
  const panel = guest.getByTestId('payment-panel');
  await expect(panel.getByTestId('method-stripe')).toBeChecked();
  await expect(panel.getByTestId('method-stripe').locator('..')).toContainText('(Preferred)');
  await expect(panel.getByTestId('pay-deposit')).toBeChecked();
  const deposit = (await panel.getByTestId('deposit-amount').textContent())!;
  const full = (await panel.getByTestId('full-amount').textContent())!;
  const cents = (t: string) => Math.round(Number(t.replace(/[$,]/g, '')) * 100);
  expect(cents(deposit)).toBe(Math.round(cents(full) / 2));
  await panel.getByLabel('Card number').fill('4242 4242 4242 4242');
  await panel.getByLabel('MM / YY').fill('12 / 30');
  await panel.getByLabel('CVC').fill('123');
  const pay = panel.getByTestId('pay-button');
  await expect(pay).toHaveText(`PAY ${deposit} NOW`);
  await snap(guest, 'status-05-guest-payment');
  await noSeriousAxeViolation(guest);
  // A double click pays once.
  await pay.dblclick();
  const processing = panel.getByTestId('payment-processing');
  await expect(processing).toContainText('Payment processing...');
  await expect(processing).toContainText('You can safely close this window or navigate to another order.');
  await snap(guest, 'status-06-guest-processing');
  await expect(guest.getByTestId('payment-paid')).toBeVisible({ timeout: 60_000 });
  await expect(guest.getByTestId('paid-amount')).toHaveText(deposit);
  await expect(guest.getByTestId('cost-paid')).toContainText(deposit);
  await expect(guest.getByTestId('cost-balance')).toContainText(deposit);
  // The deposit paid, the order moves on to its next step.
  await expect(dot(guest, 'depositReceived')).toHaveAttribute('data-current', '1');
  await snap(guest, 'status-07-guest-paid');
  const paid = await apiPost<{ productOrders: Array<{ amountPaidInCents: number; isProcessingPayment: number; lastCompletedStatusKey: string }> }>(
    guest,
    '/api/configurator/get-configurator-order-data',
    { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId },
  );
  expect(paid.productOrders[0]).toMatchObject({ amountPaidInCents: cents(deposit), isProcessingPayment: 0 });

  // 6. An employee moves it on: in production, shipped (850 ships before the final payment), delivered.
  await openOrder(owner, order);
  for (const [key, title] of [
    ['inProduction', 'In Production'],
    ['shipped', 'Shipped'],
    ['delivered', 'Delivered'],
  ] as const) {
    await dot(owner, key).click();
    const dialog = owner.getByRole('dialog', { name: 'Change status' });
    await expect(dialog).toContainText(`Move this order to ${title}?`);
    if (key === 'inProduction') await snap(owner, 'status-08-owner-change-status');
    await dialog.getByRole('button', { name: 'Change status' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(dot(owner, key)).toHaveAttribute('data-lit', '1');
  }
  await expect(owner.getByTestId('status-description')).toHaveText('Your order has been delivered.');
  // The timeline says who moved the order, from which step to which, and the payment.
  const history = owner.getByTestId('status-history');
  await expect(history).toContainText('Payment received');
  await expect(history).toContainText('Delivered');
  await snap(owner, 'status-09-owner-delivered');

  // The guest sees where the order is.
  await openOrder(guest, order);
  await expect(dot(guest, 'delivered')).toHaveAttribute('data-lit', '1');
  await expect(guest.getByTestId('status-description')).toHaveText('Your order has been delivered.');

  // 7. The mail: to the organisation on submit and on the status request; to the customer on
  // requires changes, approval, the payment and each step they see.
  const mail = await mailAbout(order.orgSpecificId);
  const subjects = mail.map((m) => m.subject);
  const count = (re: RegExp) => subjects.filter((s) => re.test(s)).length;
  expect(count(/submitted/i), subjects.join('\n')).toBe(2);
  expect(count(/status update/i), subjects.join('\n')).toBe(1);
  expect(count(/changes/i), subjects.join('\n')).toBe(1);
  expect(count(/approved/i), subjects.join('\n')).toBe(1);
  expect(count(/payment/i), subjects.join('\n')).toBeGreaterThanOrEqual(1);
  for (const step of ['In Production', 'Shipped', 'Delivered']) expect(subjects.some((s) => s.includes(step)), `${step} in:\n${subjects.join('\n')}`).toBe(true);
  const changes = mail.find((m) => /changes/i.test(m.subject))!;
  expect(changes.text).toContain('Please make it two keypads: one for each side of the door.');
  const toText = (m: Mail) => (Array.isArray(m.to) ? m.to.join(',') : m.to);
  expect(toText(changes)).toContain('guest-850@demo.test');
  expect(toText(mail.find((m) => /submitted/i.test(m.subject))!)).not.toContain('guest-850@demo.test');
});

test('a declined card says why, charges nothing and can be tried again; at 390 px the panel still fits', async ({ browser }) => {
  const guest = await personAt(browser, 'guest-850@demo.test');
  await guest.setViewportSize({ width: 390, height: 844 });
  const owner = await personAt(browser, 'owner-850@demo.test');
  const order = await guestOrder(guest, 'Declined card', ONE_KEYPAD);
  await apiPost(guest, '/api/configurator/submit-order', { productOrderId: order.id });
  await apiPost(owner, '/api/configurator/approve-order', { productOrderId: order.id });

  await openOrder(guest, order);
  const panel = guest.getByTestId('payment-panel');
  // At 390 px the steps scroll sideways: a keyboard can reach them too. Checked once the card payment
  // is ready (the button settled: no fade between its disabled and enabled looks).
  await guest.emulateMedia({ reducedMotion: 'reduce' });
  await expect(panel.getByTestId('pay-button')).toBeEnabled();
  await noSeriousAxeViolation(guest);
  await panel.getByLabel('Card number').fill('4000 0000 0000 0002');
  await panel.getByLabel('MM / YY').fill('12 / 30');
  await panel.getByLabel('CVC').fill('123');
  await panel.getByTestId('pay-button').click();
  const error = panel.getByTestId('payment-error');
  await expect(error).toBeVisible({ timeout: 60_000 });
  await expect(error).toContainText(/declined/i);
  await snap(guest, 'status-10-guest-declined-390');
  const width = await guest.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  const after = await apiPost<{ productOrders: Array<{ amountPaidInCents: number; isProcessingPayment: number }> }>(guest, '/api/configurator/get-configurator-order-data', {
    orgId: 850,
    productOrderOrgSpecificId: order.orgSpecificId,
  });
  expect(after.productOrders[0]).toMatchObject({ amountPaidInCents: 0, isProcessingPayment: 0 });
  // Another card works.
  await panel.getByLabel('Card number').fill('4242 4242 4242 4242');
  await expect(panel.getByTestId('pay-button')).toBeEnabled();
  await panel.getByTestId('pay-button').click();
  await expect(guest.getByTestId('payment-paid')).toBeVisible({ timeout: 60_000 });
});
