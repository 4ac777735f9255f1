import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { screenAt } from './canvas-helpers.ts';
import { apiPost, signIn, signOut, snap } from './helpers.ts';

interface Wall { from: { x: number; z: number }; to: { x: number; z: number } }
interface Item { id: number; title: string | null; archCustomViewId: number | null; canvasPosition: { x: number; y: number } | null }
interface OrderData { productInstances: Item[]; archWalls: Wall[]; archCustomViews: { id: number; title: string }[]; productCanvasTexts: { id: number; position: { x: number; y: number } }[]; entities: { type: string; data: Record<string, unknown> }[] }

const orderNumber = (page: Page) => Number(new URL(page.url()).pathname.split('/')[2]);
const orderData = (page: Page, orgId: number) => apiPost<OrderData>(page, '/api/configurator/get-configurator-order-data', { orgId, productOrderOrgSpecificId: orderNumber(page) });

/** Clicks the canvas at a drawing point. */
async function clickAt(page: Page, x: number, y: number) {
  const at = await screenAt(page, x, y);
  await page.mouse.move(at.x, at.y);
  await page.mouse.click(at.x, at.y);
}

/** Drags from one drawing point to another, in five steps. */
async function dragFrom(page: Page, from: { x: number; y: number }, by: { x: number; y: number }) {
  const a = await screenAt(page, from.x, from.y);
  const b = await screenAt(page, from.x + by.x, from.y + by.y);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
}

test('a 1798 member draws a project: four walls that close, a corner moved by its grip, a viewport with text, a line and a placed item, copy and paste, delete, panels in the Panel Layout, SVG export', async ({ page }) => {
  await signIn(page, 'member-1798@demo.test');
  await page.getByRole('button', { name: 'New Project' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const stage = page.getByTestId('canvas-stage');
  await expect(stage).toBeVisible();
  await expect(page.getByTestId('view-label')).toHaveText('1 / 2 · Plan');

  // Escape cancels a wall being drawn: nothing saved.
  await page.getByTestId('add-wall').click();
  await clickAt(page, 10, 10);
  await expect(stage).toHaveAttribute('data-tentative', 'placed');
  await stage.focus();
  await page.keyboard.press('Escape');
  await expect(stage).toHaveAttribute('data-tentative', 'idle');

  // Four walls; each new one continues from the previous end; the last snaps onto the first start.
  await page.getByTestId('add-wall').click();
  await clickAt(page, 60, 60);
  await clickAt(page, 360, 60);
  await expect(page.getByTestId('canvas-status')).toHaveText('Wall saved.');
  await page.getByTestId('continue-wall').click();
  await clickAt(page, 360, 260);
  await expect.poll(async () => (await orderData(page, 1798)).archWalls.length).toBe(2);
  await page.getByTestId('continue-wall').click();
  // 2 units off horizontal: squared onto the axis.
  await clickAt(page, 60, 262);
  await expect.poll(async () => (await orderData(page, 1798)).archWalls.length).toBe(3);
  await page.getByTestId('continue-wall').click();
  // 2.5 units from the first wall's start at scale 1 (threshold 5): lands on it.
  await clickAt(page, 61.5, 62);
  await expect.poll(async () => (await orderData(page, 1798)).archWalls.length).toBe(4);
  const walls = (await orderData(page, 1798)).archWalls;
  // Chained (each starts at the previous end), closed (the last ends on the first start), square
  // (horizontal, vertical, horizontal, vertical), 300 by 200 as clicked (the page's pixel grid may
  // shift the clicks by a fraction).
  for (let i = 0; i < 4; i++) expect(walls[(i + 1) % 4]!.from).toEqual(walls[i]!.to);
  expect([walls[0]!.from.z === walls[0]!.to.z, walls[1]!.from.x === walls[1]!.to.x, walls[2]!.from.z === walls[2]!.to.z, walls[3]!.from.x === walls[3]!.to.x]).toEqual([true, true, true, true]);
  expect(Math.abs(walls[0]!.to.x - walls[0]!.from.x)).toBeCloseTo(300, 0);
  expect(Math.abs(walls[1]!.to.z - walls[1]!.from.z)).toBeCloseTo(200, 0);
  await snap(page, 'canvas-plan-walls');

  // The first wall selected, its start grip dragged: the corner moves, and the last wall, joined
  // there, follows; both saved on release.
  const start = walls[0]!.from;
  await clickAt(page, (walls[0]!.from.x + walls[0]!.to.x) / 2, walls[0]!.from.z);
  await snap(page, 'canvas-wall-selected');
  // Dragged by (−10, −20) drawing units (the plan, reopened, is fitted to its walls: the screen move is scaled).
  await dragFrom(page, { x: start.x, y: start.z }, { x: -10, y: -20 });
  await expect.poll(async () => (await orderData(page, 1798)).archWalls[0]!.from.x).toBeCloseTo(start.x - 10, 0);
  const moved = (await orderData(page, 1798)).archWalls;
  expect(moved[0]!.from).toEqual(moved[3]!.to);
  expect(moved[0]!.from.z).toBeCloseTo(start.z - 20, 0);
  expect(moved[1]!.from).toEqual(walls[1]!.from);

  // Not on a viewport: the export says where to go.
  let alerted = '';
  page.once('dialog', (d) => {
    alerted = d.message();
    void d.accept();
  });
  await page.getByTestId('export-svg').click();
  await expect.poll(() => alerted).toBe('Please go to a viewport to export it to SVG');

  // An item of the order (a custom product, made through the API), to be placed in the viewport.
  const bench = await apiPost<Item>(page, '/api/resources/productInstances/create', { props: { productOrderId: (await apiPost<{ productOrders: { id: number }[] }>(page, '/api/configurator/get-configurator-order-data', { orgId: 1798, productOrderOrgSpecificId: orderNumber(page) })).productOrders[0]!.id, productId: -1, title: 'Bench', customPriceInCents: 25000 } });
  await page.reload();
  await page.getByTestId('new-viewport').click();
  await expect(page.getByTestId('view-label')).toHaveText('2 / 3 · Untitled Viewport');
  await page.getByTestId('add-text').click();
  // As a person would: the text is there before the next tool is picked (a slow save must not say "Text added." over the line's prompt).
  await expect(page.getByTestId('canvas-status')).toHaveText('Text added.');
  // A line is drawn by two clicks, like a wall: from (0, 0) to (50, 50).
  await page.getByTestId('add-line').click();
  await expect(page.getByTestId('canvas-status')).toHaveText('Click where the line starts. Esc cancels.');
  await clickAt(page, 0, 0);
  await clickAt(page, 50, 50);
  await expect(page.getByTestId('canvas-status')).toHaveText('Line added.');
  // Select the text (at 40,40 in the viewport, scale 2; clicked right of the line) and copy, paste: a copy 10 further on both axes.
  await clickAt(page, 52, 43);
  const original = (await orderData(page, 1798)).productCanvasTexts[0]!.id;
  await expect(stage).toHaveAttribute('data-selection', `productCanvasTexts-${original}`);
  await stage.focus();
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await expect.poll(async () => (await orderData(page, 1798)).productCanvasTexts.map((t) => t.position).sort((a, b) => a.x - b.x)).toEqual([{ x: 40, y: 40 }, { x: 50, y: 50 }]);
  await expect(stage).not.toHaveAttribute('data-selection', `productCanvasTexts-${original}`);
  // The pasted copy is selected: Backspace deletes it.
  await page.keyboard.press('Backspace');
  await expect.poll(async () => (await orderData(page, 1798)).productCanvasTexts.length).toBe(1);

  // Two clicks 350 ms apart are two clicks; within 300 ms they are a double-click, which opens the
  // text's words for editing; leaving the field saves them.
  const words = page.getByTestId('properties').locator('textarea');
  await clickAt(page, 52, 43);
  await page.waitForTimeout(350);
  await clickAt(page, 52, 43);
  await expect(words).toBeVisible();
  await expect(words).not.toBeFocused();
  // Then a double-click, begun more than 300 ms after those clicks so it pairs with neither.
  await page.waitForTimeout(350);
  const textAt = await screenAt(page, 52, 43);
  await page.mouse.dblclick(textAt.x, textAt.y);
  await expect(words).toBeFocused();
  await words.fill('North elevation');
  await stage.focus();
  await expect.poll(async () => (await apiPost<{ productCanvasTexts: { text: string }[] }>(page, '/api/configurator/get-configurator-order-data', { orgId: 1798, productOrderOrgSpecificId: orderNumber(page) })).productCanvasTexts.map((t) => t.text)).toEqual(['North elevation']);
  // The arrow keys move the selected text: 10 with Shift, then 1; saved once the keys rest.
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await orderData(page, 1798)).productCanvasTexts[0]!.position).toEqual({ x: 50, y: 41 });

  // The item placed in the viewport (at 10,10, its box 60 × 30 at scale 2), copied and pasted: a new
  // item of the order 250 further on both axes, in the same viewport.
  await page.getByTestId('place-item').selectOption({ label: 'Bench × 1' });
  const viewId = (await orderData(page, 1798)).archCustomViews[0]!.id;
  await expect.poll(async () => (await orderData(page, 1798)).productInstances.find((i) => i.id === bench.id)).toMatchObject({ archCustomViewId: viewId, canvasPosition: { x: 10, y: 10 } });
  await clickAt(page, 15, 35);
  await expect(page.getByTestId('selected-item')).toContainText('Bench × 1');
  await stage.focus();
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await expect.poll(async () => (await orderData(page, 1798)).productInstances.length).toBe(2);
  const copy = (await orderData(page, 1798)).productInstances.find((i) => i.id !== bench.id)!;
  expect(copy).toMatchObject({ title: 'Bench', archCustomViewId: viewId, canvasPosition: { x: 260, y: 260 } });
  // Dragged by 20 units right: saved on release.
  await dragFrom(page, { x: 15, y: 35 }, { x: 20, y: 0 });
  await expect.poll(async () => (await orderData(page, 1798)).productInstances.find((i) => i.id === bench.id)?.canvasPosition).toEqual({ x: 30, y: 10 });

  await page.getByTestId('add-mural-area').click();
  await expect(page.getByTestId('autogenerate-panels')).toBeVisible();
  await page.getByTestId('autogenerate-panels').click();
  await expect(page.getByTestId('canvas-status')).toHaveText('10 panels generated.');
  // The area's editor: a typed width that is not a number is refused in words and nothing is saved;
  // a flag is saved at once.
  const props = page.getByTestId('properties');
  await props.getByLabel('Width').fill('wide');
  await props.getByLabel('Width').blur();
  await expect(props.getByRole('alert')).toHaveText('Width: Enter a number.');
  await props.getByLabel('Return').check();
  await expect.poll(async () => (await orderData(page, 1798)).entities.find((e) => e.type === 'calicoMuralArea')?.data).toMatchObject({ isReturn: true, size: { width: 240, height: 108 } });
  // A seam drawn down the joint of panels 1 and 2 (x = 44: the area starts at 20, panels are 24
  // wide); clicked 1.5 units off, it lands on the panels' corners.
  await page.getByTestId('add-seam').click();
  await clickAt(page, 45.5, 21);
  await clickAt(page, 45.5, 127);
  await expect(page.getByTestId('canvas-status')).toHaveText('Added.');
  const seam = (await orderData(page, 1798)).entities.find((e) => e.type === 'calicoMuralSeam')!;
  expect(seam.data).toMatchObject({ from: { x: 44, y: 20 }, to: { x: 44, y: 128 }, thickness: 1 });
  await snap(page, 'canvas-viewport-murals');

  // The Panel Layout lays out the 10 print panels for printing.
  await page.getByTestId('spatial-canvas').getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByTestId('view-label')).toHaveText('3 / 3 · Panel Layout');
  await expect(stage).toHaveAttribute('data-layout-panels', '10');
  await snap(page, 'canvas-panel-layout');
  await page.getByTestId('spatial-canvas').getByRole('button', { name: 'Prev', exact: true }).click();

  // A wall label made in the viewport shows on the plan at the first wall's middle; dragged there by
  // (30, 30), its plan position is saved on release.
  await page.getByRole('button', { name: 'Wall label', exact: true }).click();
  await expect(page.getByTestId('canvas-status')).toHaveText('Added.');
  const wall0 = (await orderData(page, 1798)).archWalls[0]!;
  const labelAt = () => orderData(page, 1798).then((d) => d.entities.find((e) => e.type === 'calicoWallLabel')?.data.labelPlanPosition as { x: number; z: number });
  const mid = { x: (wall0.from.x + wall0.to.x) / 2, z: (wall0.from.z + wall0.to.z) / 2 };
  expect(await labelAt()).toEqual(mid);
  await page.getByTestId('spatial-canvas').getByRole('button', { name: 'Prev', exact: true }).click();
  await expect(page.getByTestId('view-label')).toHaveText('1 / 3 · Plan');
  await dragFrom(page, { x: mid.x + 8, y: mid.z + 7 }, { x: 30, y: 30 });
  await expect.poll(async () => (await labelAt()).x).toBeCloseTo(mid.x + 30, 0);
  expect((await labelAt()).z).toBeCloseTo(mid.z + 30, 0);
  await snap(page, 'canvas-plan-wall-label');
  await page.getByTestId('spatial-canvas').getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByTestId('view-label')).toHaveText('2 / 3 · Untitled Viewport');

  const download = page.waitForEvent('download');
  await page.getByTestId('export-svg').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^#\d+ - .+ - Untitled Viewport\.svg$/);
  const svg = await readFile((await file.path())!, 'utf8');
  // Parsed by the browser's own XML parser.
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      errors: doc.getElementsByTagName('parsererror').length,
      root: doc.documentElement.tagName,
      texts: doc.querySelectorAll('[data-id^="text-"]').length,
      lineMarker: doc.querySelector('[data-id^="line-"]')?.getAttribute('marker-end') ?? null,
      areas: doc.querySelectorAll('[data-id^="area-"]').length,
      panels: doc.querySelectorAll('[data-id^="panel-"]').length,
      seamColour: doc.querySelector('[data-id^="seam-"]')?.getAttribute('stroke') ?? null,
    };
  }, svg);
  // A seam of thickness 1 is red.
  expect(parsed).toEqual({ errors: 0, root: 'svg', texts: 1, lineMarker: 'url(#arrow)', areas: 1, panels: 10, seamColour: '#e53935' });

  // Everything was saved: a reload shows the same drawing.
  await page.reload();
  await expect(page.getByTestId('view-label')).toHaveText('1 / 3 · Plan');
  const after = await orderData(page, 1798);
  expect(after.archWalls).toHaveLength(4);
  expect(after.archCustomViews.map((v) => v.title)).toEqual(['Untitled Viewport']);

  const { violations } = await new AxeBuilder({ page }).include('[data-testid="drawing-section"]').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // The drawings set prints the viewport's mural pages; with no texture drawn there is nothing to
  // render, so the Mural Rendering is left out and the set says so instead of printing a blank page.
  await page.goto(`${new URL(page.url()).pathname}/drawings`);
  await expect(page.getByTestId('drawings-screen')).toHaveAttribute('data-status', 'loaded');
  await expect(page.getByTestId('spatial-page-title')).toHaveText([
    'Elevation Layout · Untitled Viewport',
    'Print Panel Layout · Untitled Viewport',
    'Installer Layout · Untitled Viewport',
  ]);
  await expect(page.getByTestId('left-out-pages')).toContainText('Mural Rendering · Untitled Viewport');
  await page.locator('[data-page-type="muralPanel"]').scrollIntoViewIfNeeded();
  await snap(page, 'drawings-mural-pages');
});

test('the mural layers are kept for the tab; a 1053 door order is drawn on a millimetre grid', async ({ page }) => {
  await signIn(page, 'owner-1798@demo.test');
  const lobby = (await apiPost<{ productOrders: { orgSpecificId: number; title: string }[] }>(page, '/api/configurator/get-configurator-orders-data', { orgId: 1798 })).productOrders.find((o) => o.title.startsWith('Lobby Mural'))!;
  await page.goto(`/orders/${lobby.orgSpecificId}`);
  await expect(page.getByTestId('layer-toggles')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Panels & Seams' }).uncheck();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Panels & Seams' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Murals' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Panels & Seams' }).check();

  await signOut(page);
  await signIn(page, 'owner-1053@demo.test');
  const doors = (await apiPost<{ productOrders: { orgSpecificId: number; title: string }[] }>(page, '/api/configurator/get-configurator-orders-data', { orgId: 1053 })).productOrders.find((o) => o.title === 'Fjord House Doors')!;
  await page.goto(`/orders/${doors.orgSpecificId}`);
  const stage = page.getByTestId('canvas-stage');
  await expect(stage).toBeVisible();
  await expect(page.getByTestId('precision')).toHaveText('Precision 1 mm');
  // The doors' millimetre scale (the view is then zoomed to fit the placed door).
  await expect(stage).toHaveAttribute('data-base-scale', '0.08');
  await expect(page.getByTestId('layer-toggles')).toHaveCount(0);
  await page.getByRole('button', { name: 'Finer' }).click();
  await page.getByRole('button', { name: 'Finer' }).click();
  await expect(page.getByTestId('precision')).toHaveText('Precision 0.5 mm');
  await snap(page, 'canvas-1053-grid');
});
