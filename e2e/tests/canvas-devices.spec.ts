import { expect, test, type Browser, type CDPSession, type Page } from '@playwright/test';
import { screenAt, stageTransform } from './canvas-helpers.ts';
import { apiPost, signIn, snap } from './helpers.ts';
import { overflowOn } from './overflow.ts';

/**
 * The architectural canvas on a phone (390 × 844) and a tablet (1024 × 768), both touch, and on the
 * desktop: nothing past the screen's right edge, the views list folded on the phone, one finger pans,
 * two fingers pinch-zoom, a tap selects, and the demo project (order #1 of Calico Murals, two walls
 * 240 and 180 long) opens zoomed to fit.
 */
type Orders = { productOrders: { orgSpecificId: number; title: string }[] };
type Walls = { archWalls: { id: number; from: { x: number; z: number }; to: { x: number; z: number }; thickness: number }[] };

async function openLobby(page: Page): Promise<Walls['archWalls']> {
  await signIn(page, 'owner-1798@demo.test');
  const lobby = (await apiPost<Orders>(page, '/api/configurator/get-configurator-orders-data', { orgId: 1798 })).productOrders.find((o) => o.title.startsWith('Lobby Mural'))!;
  await page.goto(`/orders/${lobby.orgSpecificId}`);
  await expect(page.getByTestId('view-label')).toHaveText('1 / 3 · Plan');
  await expect(page.getByTestId('canvas-stage').locator('canvas').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  return (await apiPost<Walls>(page, '/api/configurator/get-configurator-order-data', { orgId: 1798, productOrderOrgSpecificId: lobby.orgSpecificId })).archWalls;
}

async function touchPage(browser: Browser, size: { width: number; height: number }, isMobile: boolean): Promise<Page> {
  return (await browser.newContext({ viewport: size, hasTouch: true, isMobile })).newPage();
}

/** The stage's box on the screen, the stage brought into the window first (as screenAt does). */
async function stageBox(page: Page) {
  await page.getByTestId('canvas-stage').scrollIntoViewIfNeeded();
  return (await page.getByTestId('canvas-stage').locator('canvas').first().boundingBox())!;
}

/** The screen box of the walls' centre lines (ends), from the stage's transform. */
async function wallsOnScreen(page: Page, walls: Walls['archWalls']) {
  const ends = await Promise.all(walls.flatMap((w) => [screenAt(page, w.from.x, w.from.z), screenAt(page, w.to.x, w.to.z)]));
  const xs = ends.map((p) => p.x);
  const ys = ends.map((p) => p.y);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

/** Fingers put down, moved in `steps` and lifted, through the browser's own touch input (DevTools protocol). */
async function fingers(cdp: CDPSession, from: { x: number; y: number }[], to: { x: number; y: number }[], steps = 8) {
  const at = (t: number) => from.map((p, i) => ({ x: p.x + (to[i]!.x - p.x) * t, y: p.y + (to[i]!.y - p.y) * t, id: i }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let s = 1; s <= steps; s++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(s / steps) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Pans with one finger and pinches with two at the stage's centre (inside the demo's L of walls: empty canvas), then taps a wall and fits. */
async function panPinchTapFit(page: Page, walls: Walls['archWalls'], name: string) {
  const cdp = await page.context().newCDPSession(page);
  // Fingers touch what is in the window: the stage is brought into it, and its centre taken there.
  const centreOfStage = async () => {
    const b = await stageBox(page);
    return { box: b, centre: { x: b.x + b.width / 2, y: b.y + b.height / 2 } };
  };
  const { box, centre } = await centreOfStage();
  const fitted = await stageTransform(page);

  // One finger from the centre, 50 left and 30 down: the drawing follows it.
  await fingers(cdp, [centre], [{ x: centre.x - 50, y: centre.y + 30 }]);
  const panned = await stageTransform(page);
  expect(panned.zoom).toBe(fitted.zoom);
  expect(panned.panX).toBeCloseTo(fitted.panX - 50, 0);
  expect(panned.panY).toBeCloseTo(fitted.panY + 30, 0);

  // Two fingers 80 apart spread to 160: the zoom doubles, and the drawing point under their midpoint stays there.
  const under = { x: (centre.x - box.x - panned.panX) / panned.scale, y: (centre.y - box.y - panned.panY) / panned.scale };
  await fingers(cdp, [{ x: centre.x - 40, y: centre.y }, { x: centre.x + 40, y: centre.y }], [{ x: centre.x - 80, y: centre.y }, { x: centre.x + 80, y: centre.y }]);
  const pinched = await stageTransform(page);
  expect(pinched.zoom / panned.zoom).toBeCloseTo(2, 1);
  const stays = await screenAt(page, under.x, under.y);
  expect(stays.x).toBeCloseTo(centre.x, 0);
  expect(stays.y).toBeCloseTo(centre.y, 0);
  await snap(page, `canvas-touch-pinched-${name}`, { fullPage: false });

  // Fit brings the whole drawing back into view, as it opened.
  await page.getByTestId('fit-view').click();
  expect(await stageTransform(page)).toEqual(fitted);

  // A tap on the first wall's middle selects it (once the view has been still, hits are found again).
  await page.waitForTimeout(300);
  const w = walls[0]!;
  const mid = await screenAt(page, (w.from.x + w.to.x) / 2, (w.from.z + w.to.z) / 2);
  await page.touchscreen.tap(mid.x, mid.y);
  await expect(page.getByTestId('canvas-stage')).toHaveAttribute('data-selection', `archWalls-${w.id}`);
  // A tap on empty canvas (the centre, inside the walls) selects nothing.
  const after = (await centreOfStage()).centre;
  await page.touchscreen.tap(after.x, after.y);
  await expect(page.getByTestId('canvas-stage')).toHaveAttribute('data-selection', '');
}

test('the canvas on a 390 px phone: nothing wider than the screen, the views folded behind a button, the stage the full width; pinch, pan, tap and Fit', async ({ browser }) => {
  const page = await touchPage(browser, { width: 390, height: 844 }, true);
  const walls = await openLobby(page);
  expect(await overflowOn(page)).toEqual([]);

  // The stage is the width of the screen less the page's margins, and most of its height.
  const box = await stageBox(page);
  expect(box.width).toBeGreaterThan(300);
  expect(box.height).toBeGreaterThanOrEqual(280);

  // The views are behind "Views (3)"; the button opens them from the keyboard.
  const toggle = page.getByTestId('views-toggle');
  await expect(toggle).toHaveText('Views (3)');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('tree', { name: 'Views' })).toBeHidden();
  await snap(page, 'canvas-phone-390');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('tree', { name: 'Views' }).getByRole('treeitem')).toHaveCount(3);
  expect(await overflowOn(page)).toEqual([]);
  await snap(page, 'canvas-phone-390-views-open');
  // Picking a view folds the list again and shows that view.
  await page.getByRole('tree', { name: 'Views' }).getByRole('button', { name: 'Plan' }).click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // The plan opened fitted: both walls inside the stage.
  const now = await stageBox(page);
  const on = await wallsOnScreen(page, walls);
  expect(on.left).toBeGreaterThanOrEqual(now.x);
  expect(on.right).toBeLessThanOrEqual(now.x + now.width);
  expect(on.top).toBeGreaterThanOrEqual(now.y);
  expect(on.bottom).toBeLessThanOrEqual(now.y + now.height);

  await panPinchTapFit(page, walls, '390');
  await page.context().close();
});

test('the canvas on a 1024 px touch tablet: views beside the stage, nothing wider than the screen; pinch, pan, tap and Fit', async ({ browser }) => {
  const page = await touchPage(browser, { width: 1024, height: 768 }, false);
  const walls = await openLobby(page);
  expect(await overflowOn(page)).toEqual([]);
  await expect(page.getByTestId('views-toggle')).toBeHidden();
  await expect(page.getByRole('tree', { name: 'Views' })).toBeVisible();
  const box = await stageBox(page);
  const side = (await page.locator('aside[aria-label="Views"]').boundingBox())!;
  expect(side.x + side.width).toBeLessThanOrEqual(box.x);
  await snap(page, 'canvas-tablet-1024');
  await panPinchTapFit(page, walls, '1024');
  await page.context().close();
});

test('on the desktop the demo project opens zoomed to fit its two walls, and so does each view it switches to', async ({ page }) => {
  const walls = await openLobby(page);
  const box = await stageBox(page);
  const on = await wallsOnScreen(page, walls);
  // Inside the stage...
  expect(on.left).toBeGreaterThanOrEqual(box.x);
  expect(on.right).toBeLessThanOrEqual(box.x + box.width);
  expect(on.top).toBeGreaterThanOrEqual(box.y);
  expect(on.bottom).toBeLessThanOrEqual(box.y + box.height);
  // ...and filling it: 180 of drawing across most of its height (at zoom 1 they took a third of it).
  expect(on.bottom - on.top).toBeGreaterThan(box.height * 0.75);
  // Zoom in, then Fit: back to the fitted view.
  const fitted = await stageTransform(page);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  expect((await stageTransform(page)).zoom).toBeCloseTo(fitted.zoom * 1.25, 5);
  await page.getByTestId('fit-view').click();
  expect(await stageTransform(page)).toEqual(fitted);
  // The viewport's mural area (240 × 108 at the origin) fills the stage's width when it comes on screen.
  await page.getByTestId('spatial-canvas').getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByTestId('view-label')).toHaveText('2 / 3 · North Wall');
  const area = { a: await screenAt(page, 0, 0), b: await screenAt(page, 240, 108) };
  expect(area.a.x).toBeGreaterThanOrEqual(box.x);
  expect(area.b.x).toBeLessThanOrEqual(box.x + box.width);
  expect(area.b.x - area.a.x).toBeGreaterThan(box.width * 0.75);
  await snap(page, 'canvas-desktop-fitted-viewport', { fullPage: false });
});
