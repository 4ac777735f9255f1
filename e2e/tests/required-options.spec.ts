import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { apiPost, openOrder, personAt, sameOrigin, snap } from './helpers.ts';

/**
 * Guidance while configuring (decision 0091), as a customer lives it: a keypad with options still to
 * choose is marked in the cart, Submit points at the first one instead of submitting, and once every
 * required option is chosen the order goes; an order whose phone number is wrong opens its details at
 * the phone field with the reason beside it, and the page's notice goes once it is fixed.
 */

interface Order {
  id: number;
  orgSpecificId: number;
  title: string;
}

const CONTACT = {
  promptedForProjectInfo: 1,
  phone: '2075550100',
  firmName: 'Quay Street Builders',
  clientEmails: ['buyer@quay.example'],
  deliveryAddress: { streetAddress: '1 Quay St', city: 'Portland', state: 'ME', zip: '04101', country: 'US' },
};

async function guestOrder(guest: Page, title: string, properties: Record<string, unknown>, contact: Record<string, unknown> = {}): Promise<Order> {
  const created = await apiPost<Order>(guest, '/api/configurator/create-product-order', { productOrderProps: { orgId: 850, productCategoryId: 1 } });
  const order = await apiPost<Order>(guest, '/api/resources/productOrders/update', { where: { id: created.id }, props: { title, ...CONTACT, ...contact } });
  await apiPost(guest, '/api/resources/productInstances/create', { props: { productOrderId: order.id, productId: 98, title: 'Entry', quantity: 1, properties } });
  return order;
}

const statusOf = async (page: Page, order: Order) =>
  (await apiPost<{ productOrders: Array<{ lastCompletedStatusKey: string | null }> }>(page, '/api/configurator/get-configurator-order-data', { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId })).productOrders[0]!.lastCompletedStatusKey;

const property = (page: Page, id: number) => page.getByTestId(`property-${id}`);
const header = (page: Page, id: number) => property(page, id).locator('[data-property-header]');

/** Opens a property of the active item and chooses one of its options. */
async function choose(page: Page, propertyId: number, optionId: number) {
  const h = header(page, propertyId);
  if ((await h.getAttribute('aria-expanded')) !== 'true') await h.click();
  await property(page, propertyId).getByTestId(`option-${optionId}`).click();
  await expect(property(page, propertyId)).toHaveAttribute('data-missing', '0');
}

async function noSeriousAxeViolation(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-testid="order-editor"]').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('an item with options still to choose: marked, counted in the cart, and Submit points at the first one until all are chosen', async ({ browser }) => {
  const guest = await personAt(browser, 'guest-850@demo.test');
  // Only the finish is chosen: the Crestnet keypad's other six select properties are required.
  const order = await guestOrder(guest, 'Quay Street keypads', { '7': { optionId: 23 } });
  await openOrder(guest, order);

  const row = guest.getByTestId('item-list').locator('li').first();
  await expect(row.getByTestId('item-completeness')).toHaveText('6 options to choose');
  for (const id of [8, 9, 12, 11, 7, 10, 26]) await expect(property(guest, id).getByTestId('property-required')).toHaveText('Required');
  await expect(header(guest, 8)).toHaveAccessibleName(/Plate Size Required Not chosen/);

  // Choosing in the editor counts down in the cart.
  await choose(guest, 8, 200);
  await expect(row.getByTestId('item-completeness')).toHaveText('5 options to choose');

  // Submit: nothing is sent; the page names what is missing and takes the person to the first one.
  await guest.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(guest.getByTestId('notice-alert')).toContainText('Choose Collection, Plate Finish, Mechanism Layout, Back Box and Engraving Type for item 1 “Entry” before submitting.');
  await expect(guest.getByTestId('confirm-text')).toHaveCount(0);
  await expect(header(guest, 9)).toBeFocused();
  await expect(header(guest, 9)).toHaveAttribute('aria-expanded', 'true');
  await expect(property(guest, 9).getByTestId('property-needed')).toHaveText('Choose a Collection to submit this order.');
  await expect(header(guest, 9)).toBeInViewport();
  expect(await statusOf(guest, order)).toBe('orderStarted');
  await noSeriousAxeViolation(guest);
  await snap(guest, 'required-01-submit-points-at-collection', { fullPage: false });

  // The server refuses it too, with the same sentence, whatever the page does.
  const refused = await guest.request.post('/api/configurator/submit-order', { headers: sameOrigin(guest), data: { productOrderId: order.id } });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.message).toBe('Choose Collection, Plate Finish, Mechanism Layout, Back Box and Engraving Type for item 1 “Entry” before submitting.');

  // Choosing the rest: the cart says Complete and the notice goes without a reload.
  await choose(guest, 9, 204);
  await choose(guest, 12, 218);
  await choose(guest, 11, 212);
  await choose(guest, 10, 211);
  await choose(guest, 26, 138);
  await expect(row.getByTestId('item-completeness')).toHaveText('Complete');
  await expect(guest.getByTestId('notice-alert')).toHaveCount(0);
  await snap(guest, 'required-02-complete', { fullPage: false });

  await guest.getByRole('button', { name: 'Submit', exact: true }).click();
  await guest.getByTestId('confirm-yes').click();
  await expect(guest.getByTestId('submitted-view')).toBeVisible();
  expect(await statusOf(guest, order)).toBe('submittedForApproval');
});

test('a wrong phone number: the order details open at the phone field with the reason beside it; fixed, the notice goes and the order submits', async ({ browser }) => {
  const guest = await personAt(browser, 'guest-850@demo.test', { width: 390, height: 844 });
  const keypad = { '8': { optionId: 200 }, '9': { optionId: 204 }, '12': { optionId: 218 }, '11': { optionId: 212 }, '7': { optionId: 23 }, '26': { optionId: 138 }, '10': { optionId: 211 } };
  const order = await guestOrder(guest, 'Wharf Lane keypads', keypad, { phone: '555-0142' });
  await openOrder(guest, order);

  const message = 'A valid, 10-digit contact phone number is required to proceed.';
  await guest.getByRole('button', { name: 'Submit', exact: true }).click();
  const dialog = guest.getByRole('dialog');
  const phone = dialog.getByTestId('settings-phone');
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByTestId('field-problem')).toHaveText(message);
  await expect(dialog.getByTestId('field-problem')).toBeInViewport();
  await snap(guest, 'required-03-phone-field-390', { fullPage: false });

  await phone.fill('(207) 555-0142');
  await phone.blur();
  await expect(dialog.getByTestId('settings-save-state')).toHaveAttribute('data-state', 'saved');
  await expect(dialog.getByTestId('field-problem')).toHaveCount(0);
  await guest.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(guest.getByTestId('notices').getByText(message)).toHaveCount(0);

  await guest.getByRole('button', { name: 'Submit', exact: true }).click();
  await guest.getByTestId('confirm-yes').click();
  await expect(guest.getByTestId('submitted-view')).toBeVisible();
  expect(await statusOf(guest, order)).toBe('submittedForApproval');
});
