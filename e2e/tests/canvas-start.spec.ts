import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiPost, signIn, snap } from './helpers.ts';

/** Serious and critical axe findings inside the canvas. */
async function canvasViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="spatial-canvas"]').analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a 1798 member starts a new project: the empty plan says what to do, Add wall shows it is on and what each click does, the grid is named', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'member-1798@demo.test');
  await page.getByRole('button', { name: 'New Project' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const stage = page.getByTestId('canvas-stage');
  const empty = page.getByTestId('canvas-empty');
  const status = page.getByTestId('canvas-status');
  const addWall = page.getByTestId('add-wall');

  await expect(empty).toHaveText('Start by drawing the room: choose Add wall, then click where the wall starts and where it ends.');
  // Screen readers hear it with the canvas.
  await expect(stage).toHaveAccessibleDescription('Start by drawing the room: choose Add wall, then click where the wall starts and where it ends.');
  await expect(page.getByTestId('grid-legend')).toHaveText('Grid 12 in · snaps to 1/64 in');
  await expect(addWall).toHaveAttribute('aria-pressed', 'false');
  await snap(page, 'canvas-start-empty-plan');
  expect(await canvasViolations(page)).toEqual([]);

  await addWall.click();
  await expect(addWall).toHaveAttribute('aria-pressed', 'true');
  await expect(status).toHaveText('Click where the wall starts. Esc cancels.');
  // The message lies over the stage but takes no click: the wall starts right where it is.
  await stage.scrollIntoViewIfNeeded();
  const box = (await empty.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(stage).toHaveAttribute('data-tentative', 'placed');
  await expect(status).toHaveText('Click where the wall ends. Shift keeps it straight; Esc cancels.');
  await page.mouse.move(box.x + box.width / 2 - 150, box.y + box.height / 2 + 160);
  await snap(page, 'canvas-start-wall-second-click');
  expect(await canvasViolations(page)).toEqual([]);
  await page.mouse.click(box.x + box.width / 2 - 150, box.y + box.height / 2 + 160);
  await expect(status).toHaveText('Wall saved.');
  await expect(addWall).toHaveAttribute('aria-pressed', 'false');
  await expect(empty).toHaveCount(0);

  // The wall's properties carry the project's units.
  await expect(page.getByRole('textbox', { name: 'Height in inches' })).toHaveValue('96');
  await expect(page.getByRole('textbox', { name: 'Thickness in inches' })).toHaveValue('4');

  // A new viewport: how to add a mural area; the Panel Layout: where panels come from.
  await page.getByTestId('new-viewport').click();
  await expect(page.getByTestId('view-label')).toHaveText('2 / 3 · Untitled Viewport');
  await expect(empty).toHaveText('This viewport is empty. Choose Mural area to add the wall’s mural; select the area to set its size, then choose Autogenerate panels.');
  await expect(page.getByTestId('grid-legend')).toHaveText('Grid 12 in · snaps to 1/64 in');
  await snap(page, 'canvas-start-empty-viewport');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('view-label')).toHaveText('3 / 3 · Panel Layout');
  await expect(empty).toHaveText('No print panels yet. They appear here once a mural area’s panels are generated: select a mural area in a viewport and choose Autogenerate panels.');
  await expect(page.getByTestId('grid-legend')).toHaveCount(0);
  await snap(page, 'canvas-start-empty-panel-layout');
  expect(await canvasViolations(page)).toEqual([]);

  // On a phone the message wraps inside the stage and the grid line wraps under the status.
  await page.getByRole('button', { name: 'Prev' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(empty).toBeVisible();
  const stageBox = (await stage.boundingBox())!;
  const message = (await empty.boundingBox())!;
  expect(message.x).toBeGreaterThanOrEqual(stageBox.x);
  expect(message.x + message.width).toBeLessThanOrEqual(stageBox.x + stageBox.width);
  const legend = (await page.getByTestId('grid-legend').boundingBox())!;
  expect(legend.x + legend.width).toBeLessThanOrEqual(390);
  await stage.scrollIntoViewIfNeeded();
  await snap(page, 'canvas-start-phone', { fullPage: false });
});

test('a 1053 owner sees the millimetre grid named and millimetres on the property fields', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'owner-1053@demo.test');
  const doors = (await apiPost<{ productOrders: { orgSpecificId: number; title: string }[] }>(page, '/api/configurator/get-configurator-orders-data', { orgId: 1053 })).productOrders.find((o) => o.title === 'Fjord House Doors')!;
  await page.goto(`/orders/${doors.orgSpecificId}`);
  await expect(page.getByTestId('canvas-stage')).toBeVisible();
  await expect(page.getByTestId('grid-legend')).toHaveText('Grid 50 mm · snaps to 1/64 mm');
  await page.getByTestId('add-text').click();
  await expect(page.getByTestId('canvas-status')).toHaveText('Text added.');
  const width = page.getByRole('textbox', { name: 'Width in millimetres' });
  await expect(width).toBeVisible();
  await expect(width.locator('xpath=..')).toContainText('mm');
  await snap(page, 'canvas-start-1053-units');
  expect(await canvasViolations(page)).toEqual([]);
});
