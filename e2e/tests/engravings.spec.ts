import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiPost, signIn, signOut, snap } from './helpers.ts';

/**
 * The order page's live drawing and the engravings popup: an 850 owner engraves a six-button keypad
 * (text above mechanism 1, a symbol below mechanism 2), sees it drawn, hides the dimensions; a member
 * confirms a custom engraving. Expected texts are the spec's.
 */

const CONFIRMATION =
  'Custom engravings do not enforce design constraints. All custom designs will be reviewed and may be rejected if they are not feasible for production. Are you sure you want to proceed?';
const PLATE_1_GANG = 200;
const SIX_BUTTONS = 214;

async function keypadOrder(page: Page): Promise<number> {
  const created = await apiPost<{ id: number; orgSpecificId: number }>(page, '/api/configurator/create-product-order', { productOrderProps: { orgId: 850, productCategoryId: 1 } });
  await apiPost(page, '/api/resources/productOrders/update', { where: { id: created.id }, props: { title: 'Engraved keypads', promptedForProjectInfo: 1 } });
  await apiPost(page, '/api/resources/productInstances/create', {
    props: { productOrderId: created.id, productId: 98, title: 'Hall', properties: { '8': { optionId: PLATE_1_GANG } } },
  });
  return created.orgSpecificId;
}

async function expectSaved(page: Page) {
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');
}

test('an 850 owner engraves a six-button keypad and sees it in the live drawing; a member confirms a custom engraving', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  const n = await keypadOrder(page);
  await page.goto(`/orders/${n}`);

  const drawing = page.getByTestId('item-drawing');
  await expect(drawing.getByRole('img', { name: 'Drawing of Hall' })).toBeVisible();
  // The engravings are edited in the popup, not as text inputs.
  await expect(page.getByTestId('property-27')).toHaveCount(0);

  // A six-button layout: the drawing follows at once.
  const layout = page.getByTestId('property-11');
  await layout.locator('button[aria-expanded]').first().click();
  await layout.getByTestId(`option-${SIX_BUTTONS}`).click();
  await expect(drawing.locator('g.mechanism')).toHaveCount(6);
  await expectSaved(page);

  await page.getByRole('button', { name: 'Engravings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Engravings — Hall' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('fieldset[data-testid^="engraving-"]')).toHaveCount(12);

  const above1 = dialog.getByTestId('engraving-0-above');
  await above1.getByTestId('engraving-text').fill('Lights');
  // A third line is refused.
  await above1.getByTestId('engraving-text').press('Enter');
  await above1.getByTestId('engraving-text').pressSequentially('on');
  await above1.getByTestId('engraving-text').press('Enter');
  await expect(above1.getByTestId('engraving-status')).toHaveText('At most 2 lines fit above and below each mechanism.');
  await expect(above1.getByTestId('engraving-text')).toHaveValue('Lights\non');
  await above1.getByTestId('engraving-text').fill('Lights');

  const below2 = dialog.getByTestId('engraving-1-below');
  await below2.getByText('Symbol', { exact: true }).click();
  // The symbol picker: a picture per symbol (its radio is for the keyboard and screen readers).
  await below2.locator('label', { has: page.getByRole('radio', { name: /^4\. / }) }).click();
  await expect(below2.getByRole('radio', { name: /^4\. / })).toBeChecked();
  const preview = dialog.getByTestId('engravings-preview');
  await expect(preview.locator('text.engraving')).toHaveText('Lights');
  await expect(preview.locator('g.engraving[data-mechanism="1"][data-location="below"]')).toHaveCount(1);

  const { violations } = await new AxeBuilder({ page }).include('[data-testid="engravings-dialog"]').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((x) => x.target.join(' ')).join(', ')}`)).toEqual([]);
  await snap(page, 'engravings-popup', { fullPage: false });

  await dialog.getByTestId('engravings-save').click();
  await expect(dialog).toHaveCount(0);
  await expectSaved(page);
  // Drawn on the keypad: the text as typed above mechanism 1, the symbol below mechanism 2.
  await expect(drawing.locator('text.engraving[data-mechanism="0"][data-location="above"]')).toHaveText('Lights');
  await expect(drawing.locator('g.engraving[data-mechanism="1"][data-location="below"]')).toHaveCount(1);
  await expect(drawing.locator('g.dimensions')).toHaveCount(1);
  await drawing.scrollIntoViewIfNeeded();
  await snap(page, 'order-live-drawing', { fullPage: false });

  // Hide Dimensions: gone at once, and still hidden after a reload (a saved preference). The reload
  // waits for the save: a reload while it is on its way would cancel it.
  const preferenceSaved = page.waitForResponse((r) => r.url().endsWith('/api/users/update-preferences') && r.ok());
  await page.getByRole('button', { name: 'Hide Dimensions' }).click();
  await expect(drawing.locator('g.dimensions')).toHaveCount(0);
  await preferenceSaved;
  await page.reload();
  await expect(page.getByTestId('item-drawing').locator('.engraving')).toHaveCount(2);
  await expect(page.getByTestId('item-drawing').locator('g.dimensions')).toHaveCount(0);
  const shownSaved = page.waitForResponse((r) => r.url().endsWith('/api/users/update-preferences') && r.ok());
  await page.getByRole('button', { name: 'Show Dimensions' }).click();
  await expect(page.getByTestId('item-drawing').locator('g.dimensions')).toHaveCount(1);
  // The journeys after this one expect the owner's dimensions shown.
  await shownSaved;
  // 850 offers inches too: 82 mm is 3 1/4".
  await page.getByRole('button', { name: 'in', exact: true }).click();
  await expect(page.getByTestId('item-drawing').locator('g.dimensions text').first()).toHaveText('3 1/4"');

  // A member is asked before saving a custom engraving.
  await signOut(page);
  await signIn(page, 'member-850@demo.test');
  await page.goto(`/orders/${n}`);
  await page.getByRole('button', { name: 'Engravings' }).click();
  const memberDialog = page.getByTestId('engravings-dialog');
  await memberDialog.getByTestId('engraving-2-above').getByTestId('engraving-text').fill('Fan');
  await memberDialog.getByTestId('engravings-save').click();
  const confirm = page.getByRole('alertdialog', { name: 'Custom engraving' });
  await expect(confirm.getByTestId('custom-engraving-text')).toHaveText(CONFIRMATION);
  await snap(page, 'custom-engraving-confirmation', { fullPage: false });
  await confirm.getByRole('button', { name: 'Proceed' }).click();
  await expect(memberDialog).toHaveCount(0);
  await expectSaved(page);
  await expect(page.getByTestId('item-drawing').locator('text.engraving[data-mechanism="2"]')).toHaveText('Fan');
});
