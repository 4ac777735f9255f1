import type { Point, Size } from './constants.ts';

/** Seam colours by thickness: 1 red, 2 yellow, then blue, purple, green, orange (thicker ones stay orange). */
export const SEAM_COLOURS = ['#e53935', '#fdd835', '#1e88e5', '#8e24aa', '#43a047', '#fb8c00'] as const;

export function seamColor(thickness: number): string {
  const i = Math.min(Math.max(Math.round(thickness), 1), SEAM_COLOURS.length) - 1;
  return SEAM_COLOURS[i]!;
}

/**
 * Where a seam's drawn line sits from its position: centred on it, or with its left or right edge on
 * it; a custom alignment uses its own offset.
 */
export function seamOffset(s: { alignment?: 'left' | 'center' | 'right'; alignmentMode?: 'standard' | 'custom'; thickness?: number; customAlignmentOffset?: number }): number {
  if (s.alignmentMode === 'custom') return s.customAlignmentOffset ?? 0;
  const t = s.thickness ?? 1;
  if (s.alignment === 'left') return t / 2;
  if (s.alignment === 'right') return -t / 2;
  return 0;
}

/**
 * Where vertical lines (seams, mismatch lines: two ends) cross a mural area: the x of each line whose
 * ends share an x (within 1/64) strictly between the area's sides and whose span overlaps the area's
 * height. Sloping lines give no panel edge: a panel's sides are vertical.
 */
export function verticalCrossings(area: { position: Point; size: Size }, lines: readonly { from?: Point | null; to?: Point | null }[]): number[] {
  const tolerance = 1 / 64;
  const [left, right] = [area.position.x, area.position.x + area.size.width];
  const [top, bottom] = [area.position.y, area.position.y + area.size.height];
  const xs: number[] = [];
  for (const { from, to } of lines) {
    if (!from || !to || Math.abs(from.x - to.x) > tolerance) continue;
    const x = (from.x + to.x) / 2;
    const [y1, y2] = [Math.min(from.y, to.y), Math.max(from.y, to.y)];
    if (x > left && x < right && y1 < bottom && y2 > top) xs.push(x);
  }
  return xs;
}
