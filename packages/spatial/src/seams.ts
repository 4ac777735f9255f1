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
