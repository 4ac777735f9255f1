import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { apiPost, openOrder, personAt, sameOrigin, snap } from './helpers.ts';

/** A keypad with every required option chosen (decision 0091): Satin Brass, the rest the choices that cost nothing. */
const KEYPAD = { '8': { optionId: 200 }, '9': { optionId: 204 }, '12': { optionId: 218 }, '11': { optionId: 212 }, '7': { optionId: 23 }, '26': { optionId: 138 }, '10': { optionId: 211 } };

/**
 * Money you can trust, as the people involved live it: a customer pays the deposit of an approved
 * order, then wants another keypad: the page says why the order is locked (and the server refuses
 * the change too); an employee reopens it with a reason; the customer makes the change, which leaves
 * a balance due (what was paid stays paid), submits again, the employee approves, and the customer
 * pays the balance.
 */

interface Order {
  id: number;
  orgSpecificId: number;
  title: string;
}
type Stored = { productOrders: Array<{ amountPaidInCents: number; lastCompletedStatusKey: string; costs: { orderTotal: number } }>; productInstances: Array<{ id: number; quantity: number }> };

const cents = (t: string) => Math.round(Number(t.replace(/[$,]/g, '')) * 100);

const stored = (page: Page, order: Order) => apiPost<Stored>(page, '/api/configurator/get-configurator-order-data', { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId });

/** Pays what the panel asks (deposit or full) by card with the simulated provider; answers the amount paid. */
async function payByCard(page: Page, choice: 'pay-deposit' | 'pay-full'): Promise<string> {
  const panel = page.getByTestId('payment-panel');
  await expect(panel).toBeVisible();
  await panel.getByTestId(choice).check();
  const amount = (await panel.getByTestId(choice === 'pay-deposit' ? 'deposit-amount' : 'full-amount').textContent())!;
  await panel.getByLabel('Card number').fill('4242 4242 4242 4242');
  await panel.getByLabel('MM / YY').fill('12 / 30');
  await panel.getByLabel('CVC').fill('123');
  await expect(panel.getByTestId('pay-button')).toHaveText(`PAY ${amount} NOW`);
  await panel.getByTestId('pay-button').click();
  await expect(page.getByTestId('payment-paid')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('paid-amount')).toHaveText(amount);
  return amount;
}

async function noSeriousAxeViolation(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-testid="order-editor"]').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a customer pays the deposit, is told why the order is locked, staff reopen it with a reason, the change leaves a balance the customer pays', async ({ browser }) => {
  const guest = await personAt(browser, 'guest-850@demo.test');
  const owner = await personAt(browser, 'owner-850@demo.test');

  // An approved order of one keypad (set up through the API: the review itself has its own journey).
  const created = await apiPost<Order>(guest, '/api/configurator/create-product-order', { productOrderProps: { orgId: 850, productCategoryId: 1 } });
  const order = await apiPost<Order>(guest, '/api/resources/productOrders/update', {
    where: { id: created.id },
    props: {
      title: 'Harbour Lofts keypads',
      promptedForProjectInfo: 1,
      phone: '2075550100',
      firmName: 'Harbour Lofts',
      clientEmails: ['buyer@lofts.example'],
      deliveryAddress: { streetAddress: '9 Wharf St', city: 'Portland', state: 'ME', zip: '04101', country: 'US' },
    },
  });
  await apiPost(guest, '/api/resources/productInstances/create', { props: { productOrderId: order.id, productId: 98, title: 'Entry', quantity: 1, properties: KEYPAD } });
  await apiPost(guest, '/api/configurator/submit-order', { productOrderId: order.id });
  await apiPost(owner, '/api/configurator/approve-order', { productOrderId: order.id });

  // 1. The customer pays the deposit.
  await openOrder(guest, order);
  const deposit = await payByCard(guest, 'pay-deposit');
  const firstTotal = (await stored(guest, order)).productOrders[0]!.costs.orderTotal;
  expect(cents(deposit)).toBe(Math.round(firstTotal / 2));

  // 2. They want a second keypad: nothing on the page changes the order, and it says why.
  await openOrder(guest, order);
  const locked = guest.getByTestId('order-locked');
  await expect(locked).toHaveText('This order has been approved, so its items and prices are locked. If something needs to change, contact us: staff can reopen the order for changes.');
  await expect(guest.getByTestId('add-item')).toHaveCount(0);
  await expect(guest.getByTestId('instance-quantity')).toBeDisabled();
  await expect(guest.getByTestId('cart-delete')).toHaveCount(0);
  await snap(guest, 'lifecycle-01-guest-locked');
  await noSeriousAxeViolation(guest);
  // The server refuses the change too (a stale tab, a script), with the same reason, and changes nothing.
  const itemId = (await stored(guest, order)).productInstances[0]!.id;
  const refused = await guest.request.post('/api/resources/productInstances/update', { data: { where: { id: itemId }, props: { quantity: 2 } }, headers: sameOrigin(guest) });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('staff can reopen the order for changes');
  expect((await stored(guest, order)).productInstances[0]!.quantity).toBe(1);

  // 3. Staff reopen it, with a reason (asked for before anything is sent).
  await openOrder(owner, order);
  await expect(owner.getByTestId('order-locked')).toContainText('Reopen it for changes first');
  await owner.getByRole('button', { name: 'Reopen for changes' }).click();
  const dialog = owner.getByTestId('reopen-dialog');
  await expect(dialog.getByLabel('Why is this order reopened?')).toBeFocused();
  await dialog.getByTestId('reopen-submit').click();
  await expect(dialog.getByTestId('reopen-error')).toBeVisible();
  await dialog.getByLabel('Why is this order reopened?').fill('The customer asked for a second keypad for the back door.');
  await snap(owner, 'lifecycle-02-owner-reopen');
  await dialog.getByTestId('reopen-submit').click();
  await expect(dialog).toHaveCount(0);
  await expect(owner.getByTestId('status-dot-orderStarted')).toHaveAttribute('data-current', '1');
  const history = owner.getByTestId('status-history');
  await expect(history).toContainText('Reopened for changes');
  await expect(history).toContainText('Eleanor Whitcombe');

  // 4. The customer sees why, makes the change: the total rises, what was paid stays, a balance is due.
  await openOrder(guest, order);
  await expect(guest.getByTestId('action-required-notes')).toHaveText('The customer asked for a second keypad for the back door.');
  await expect(guest.getByTestId('order-locked')).toHaveCount(0);
  await guest.getByTestId('instance-quantity').fill('2');
  await guest.getByTestId('instance-quantity').blur();
  await expect(guest.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');
  const afterChange = (await stored(guest, order)).productOrders[0]!;
  expect(afterChange.costs.orderTotal).toBeGreaterThan(firstTotal);
  expect(afterChange.amountPaidInCents).toBe(cents(deposit));
  await expect(guest.getByTestId('cost-paid')).toContainText(deposit);
  const balance = afterChange.costs.orderTotal - cents(deposit);
  await expect(guest.getByTestId('cost-balance')).toContainText((balance / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' }));
  await snap(guest, 'lifecycle-03-guest-balance-due');
  await guest.getByRole('button', { name: 'Submit', exact: true }).click();
  await guest.getByTestId('confirm-yes').click();
  await expect(guest.getByTestId('submitted-view')).toBeVisible();

  // 5. Staff approve again; the customer pays the balance, in full.
  await openOrder(owner, order);
  await owner.getByTestId('feedback-box').getByRole('button', { name: 'Approve' }).click();
  await expect(owner.getByTestId('payment-panel')).toBeVisible();
  await openOrder(guest, order);
  const paid = await payByCard(guest, 'pay-full');
  expect(cents(paid)).toBe(balance);
  const done = (await stored(guest, order)).productOrders[0]!;
  expect(done.amountPaidInCents).toBe(done.costs.orderTotal);
  await snap(guest, 'lifecycle-04-guest-paid-in-full');

  // 6. On a phone the locked order still reads well.
  const phone = await personAt(browser, 'guest-850@demo.test', { width: 390, height: 844 });
  await openOrder(phone, order);
  await expect(phone.getByTestId('order-locked')).toBeVisible();
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(phone, 'lifecycle-05-phone-locked');
});
