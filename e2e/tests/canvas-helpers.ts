import type { Page } from '@playwright/test';

/** The stage's view as the canvas shows it on its box: scale (screen pixels per drawing unit now), zoom and pan (where the drawing's origin is on the stage). */
export async function stageTransform(page: Page): Promise<{ scale: number; baseScale: number; zoom: number; panX: number; panY: number }> {
  const stage = page.getByTestId('canvas-stage');
  const [scale, baseScale, zoom, panX, panY] = await Promise.all(['data-scale', 'data-base-scale', 'data-zoom', 'data-pan-x', 'data-pan-y'].map(async (a) => Number(await stage.getAttribute(a))));
  return { scale: scale!, baseScale: baseScale!, zoom: zoom!, panX: panX!, panY: panY! };
}

/**
 * Where a drawing point is on the screen: the stage's scale and pan (a view opens zoomed to fit what
 * it draws, an empty one at its origin 40 px in at zoom 1), read from the stage box's attributes.
 */
export async function screenAt(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  // The stage in the window first: a fitted drawing reaches further down the stage than the old corner did.
  await page.getByTestId('canvas-stage').scrollIntoViewIfNeeded();
  const box = (await page.getByTestId('canvas-stage').locator('canvas').first().boundingBox())!;
  const t = await stageTransform(page);
  return { x: box.x + t.panX + x * t.scale, y: box.y + t.panY + y * t.scale };
}

interface Point { x: number; y: number }

/** Where a drawing point is on the screen, read from the Konva stage's own transform. */
export async function toScreen(page: Page, p: Point): Promise<Point> {
  await page.getByTestId('canvas-stage').scrollIntoViewIfNeeded();
  return page.evaluate(({ x, y }) => {
    const konva = (window as unknown as { Konva: { stages: { container(): HTMLElement; getAbsoluteTransform(): { point(p: { x: number; y: number }): { x: number; y: number } } }[] } }).Konva;
    const stage = konva.stages.find((s) => s.container().closest('[data-testid="canvas-stage"]'))!;
    const box = stage.container().getBoundingClientRect();
    const at = stage.getAbsoluteTransform().point({ x, y });
    return { x: box.x + at.x, y: box.y + at.y };
  }, p);
}

/** Moves to and clicks a drawing point of the canvas. */
export async function clickAt(page: Page, p: Point): Promise<void> {
  const s = await toScreen(page, p);
  await page.mouse.move(s.x, s.y);
  await page.mouse.click(s.x, s.y);
}
