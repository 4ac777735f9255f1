import { expect, test, type Page } from '@playwright/test';
import { apiPost, guestOrder, KEYPAD, openOrder, personAt, snap } from './helpers.ts';

/**
 * Words written for the people reading them (decisions 0087, 0088), as a guest and an owner of 850 live
 * them on one order: the drawing engine's warnings are the owner's alone; "Why this price" reads as a
 * sale, with the engine's trace behind "Show technical detail" for the owner; at the review step the
 * guest reads the required sentence once and the owner what is theirs to do; paying by wire shows the
 * payment reference beside the bank details; a seeded delivered order has a history.
 */

/** Property 99 is no property of the keypad: a formula naming it fails, and the engine warns. */
const BROKEN = '=p99.width + 3';

interface Graphic {
  nodes: Array<Record<string, unknown>>;
}

async function openWhy(page: Page) {
  const why = page.getByTestId('why-this-price').first();
  await why.locator('summary').first().click();
  await expect(why.getByTestId('why-steps')).toBeVisible();
  await why.scrollIntoViewIfNeeded();
  return why;
}

test('a guest reads no engine warning and no trace; the owner reads both; status and payment words fit each', async ({ browser }) => {
  const owner = await personAt(browser, 'owner-850@demo.test');
  // The Crestnet keypad's graphic (1) gets a node whose formula fails; put back at the end.
  const [graphic] = await apiPost<Graphic[]>(owner, '/api/resources/productGraphics/get', { where: { orgId: 850, id: 1 } });
  const original = graphic!.nodes;
  await apiPost(owner, '/api/resources/productGraphics/update', {
    where: { id: 1 },
    props: { nodes: [...original, { id: 'broken', type: 'rect', title: 'Broken', props: { x: 0, y: 0, width: BROKEN, height: 5 }, children: [] }] },
  });
  try {
    const guest = await personAt(browser, 'guest-850@demo.test');
    const order = await guestOrder(guest, 'Quay Street words', [{ title: 'Entry', quantity: 12, properties: KEYPAD }]);

    // 1. The drawing: the guest sees it and no warning; the owner reads the failed formula under it.
    await openOrder(guest, order);
    await expect(guest.getByTestId('item-drawing').locator('svg')).toBeVisible();
    await expect(guest.getByTestId('item-drawing-warnings')).toHaveCount(0);
    await expect(guest.locator('body')).not.toContainText('Graphic formula');
    await snap(guest, 'words-01-guest-drawing');
    await openOrder(owner, order);
    await expect(owner.getByTestId('item-drawing-warnings')).toContainText(`Graphic formula "${BROKEN}" failed (undefined variable: p99); drawn as 0.`);
    await snap(owner, 'words-02-owner-drawing-warning');

    // 2. Why this price: sales lines for both (12 keypads: the 5 % volume discount); the trace for the owner only.
    const ownerWhy = await openWhy(owner);
    await expect(ownerWhy.getByTestId('why-steps')).toContainText('Base price: Keypad base (2025)');
    await expect(ownerWhy.getByTestId('why-steps')).toContainText('Volume discount for 10 or more');
    await expect(ownerWhy.getByTestId('why-steps')).toContainText('(5% off)');
    await expect(ownerWhy.getByTestId('why-steps')).not.toContainText('fixed value');
    await expect(ownerWhy.getByTestId('why-result')).toContainText('× quantity 12 =');
    await snap(owner, 'words-03-owner-why-this-price');
    await ownerWhy.getByText('Show technical detail').click();
    await expect(ownerWhy.getByTestId('why-technical')).toContainText('fixed value 19900');
    await snap(owner, 'words-04-owner-why-technical');
    const guestWhy = await openWhy(guest);
    await expect(guestWhy.getByTestId('why-steps')).toContainText('Base price: Keypad base (2025)');
    await expect(guestWhy.getByTestId('why-technical')).toHaveCount(0);
    await expect(guestWhy).not.toContainText('fixed value');
    await snap(guest, 'words-05-guest-why-this-price');

    // 3. Submitted: the guest reads the required sentence once; the owner reads what is theirs to do.
    await guest.getByRole('button', { name: 'Submit', exact: true }).click();
    await guest.getByTestId('confirm-yes').click();
    await expect(guest.getByTestId('pending-review')).toHaveText('Your order has been submitted and is pending review by Lumen & Brass.');
    await expect(guest.getByTestId('status-description')).toHaveCount(0);
    await expect(guest.getByText(/pending review/)).toHaveCount(1);
    await guest.getByTestId('status-header').scrollIntoViewIfNeeded();
    await snap(guest, 'words-06-guest-submitted');
    await openOrder(owner, order);
    await expect(owner.getByTestId('status-description')).toHaveText("This order is waiting for your team's review.");
    await expect(owner.locator('body')).not.toContainText('Your order is pending review');
    await owner.getByTestId('status-header').scrollIntoViewIfNeeded();
    await snap(owner, 'words-07-owner-review');

    // 4. Approved; the guest pays the deposit by wire: the payment reference stands beside the bank details.
    await owner.getByTestId('feedback-box').getByRole('button', { name: 'Approve' }).click();
    await expect(owner.getByTestId('payment-panel')).toBeVisible();
    await openOrder(guest, order);
    await guest.getByTestId('payment-panel').getByLabel(/Wire Transfer/).check();
    const details = guest.getByTestId('method-details');
    await expect(details).toContainText('First Harbor Bank');
    // 850 calls its orders quotes: the reference reads as the page's heading does.
    await expect(details.getByTestId('payment-reference')).toHaveText(`Quote #${order.orgSpecificId}`);
    await guest.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(guest.getByTestId('payment-thanks')).toBeVisible();
    await expect(guest.getByTestId('payment-reference')).toHaveText(`Quote #${order.orgSpecificId}`);
    await guest.getByTestId('payment-panel').scrollIntoViewIfNeeded();
    await snap(guest, 'words-08-guest-payment-thanks');
    // The same on a 390 px phone: the details and the reference fit the screen.
    const phone = await personAt(browser, 'guest-850@demo.test', { width: 390, height: 844 });
    await openOrder(phone, order);
    await expect(phone.getByTestId('payment-reference')).toHaveText(`Quote #${order.orgSpecificId}`);
    const box = await phone.getByTestId('method-details').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await phone.getByTestId('payment-panel').scrollIntoViewIfNeeded();
    await snap(phone, 'words-10-guest-payment-phone', { fullPage: false });

    // 5. The owner's history of this order lists what happened.
    await openOrder(owner, order);
    const history = owner.getByTestId('status-history');
    await expect(history.getByTestId('history-event').first()).toBeVisible();
    await expect(history).toContainText('Submitted');
    await expect(history).toContainText('Approved');
  } finally {
    await apiPost(owner, '/api/resources/productGraphics/update', { where: { id: 1 }, props: { nodes: original } });
  }
});

test("a seeded order that reached its last steps shows a history, and the demo keypads' drawings carry no warning", async ({ browser }) => {
  const owner = await personAt(browser, 'owner-850@demo.test');
  // Back boxes for Cliffside (850's fifth seeded order): the demo's 850 order furthest along.
  await openOrder(owner, { orgSpecificId: 5, title: 'Back boxes for Cliffside' });
  const history = owner.getByTestId('status-history');
  await expect(history.getByTestId('history-event').first()).toBeVisible();
  await expect(history.getByTestId('history-empty')).toHaveCount(0);
  await history.scrollIntoViewIfNeeded();
  await snap(owner, 'words-09-owner-seeded-history');

  // The demo's keypad without a plate size (Kitchen, on Harbour View Residence) draws its bevel from the drawn size: no failed formula.
  await openOrder(owner, { orgSpecificId: 1, title: 'Harbour View Residence' });
  await owner.getByTestId('item-list').getByText('Kitchen').click();
  await expect(owner.getByTestId('item-drawing').locator('svg')).toBeVisible();
  await expect(owner.locator('body')).not.toContainText('Graphic formula');
});
