import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiPost, signIn, snap } from './helpers.ts';

test('an 850 owner edits the keypad graphic in 3D and the order page draws the change', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  // Graphic 1 is the Crestnet keypad's (product 98): a top-level group "Plate" holding the cube "Face".
  await page.goto('/admin/product-graphics/1');
  await expect(page.getByTestId('product-graphic-page')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Crestnet keypad' })).toBeVisible();
  await expect(page.getByTestId('graphic-3d').locator('canvas')).toBeVisible();
  const tree = page.getByTestId('graphic-tree');
  await expect(tree.getByRole('treeitem')).toHaveText([/Plate/, /Face/]);

  // The top-level group stays.
  await tree.focus();
  await page.keyboard.press('Backspace');
  await expect(page.getByTestId('top-level-refusal')).toContainText('Oops! We require you to keep the top level group!');
  await page.getByRole('button', { name: 'OK' }).click();

  // A cube added to the group, then deleted after "Are you sure?".
  await page.getByTestId('add-cube').click();
  await expect(tree.getByRole('treeitem')).toHaveCount(3);
  await tree.focus();
  await page.keyboard.press('Backspace');
  await expect(page.getByTestId('confirm-delete-node')).toContainText('Are you sure?');
  await page.getByTestId('confirm-delete-node').getByRole('button', { name: 'Delete' }).click();
  await expect(tree.getByRole('treeitem')).toHaveCount(2);

  // The face turns red and is saved.
  await tree.getByRole('treeitem', { name: /Face/ }).click();
  await page.getByTestId('fill-input').fill('#cc0000');
  await page.getByTestId('fill-input').blur();
  await page.getByTestId('save-graphic').click();
  await expect(page.getByTestId('graphic-status')).toHaveText('Saved.');
  await snap(page, 'graphic-editor');
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="product-graphic-page"]').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // The order page's live drawing of a Crestnet keypad (order 1's first item) now has the red face.
  await page.goto('/orders/1');
  await expect(page.locator('[data-testid="item-drawing"] svg [fill="#cc0000"]').first()).toBeAttached();

  // An unknown graphic goes to the 404 page.
  await page.goto('/admin/product-graphics/99999');
  await expect(page).toHaveURL(/\/404\/product-graphic$/);
  await expect(page.getByTestId('not-found')).toContainText('This product graphic does not exist');

  // Put the demo graphic back (other journeys compare the keypad's picture).
  const [g] = await apiPost<{ nodes: { children: { props: Record<string, unknown> }[] }[] }[]>(page, '/api/resources/productGraphics/get', { where: { orgId: 850, id: 1 } });
  g!.nodes[0]!.children[0]!.props.fill = '#6b6b66';
  await apiPost(page, '/api/resources/productGraphics/update', { where: { id: 1 }, props: { nodes: g!.nodes } });
});
