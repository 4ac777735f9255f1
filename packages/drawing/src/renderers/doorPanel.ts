/** Door panels' defaults and hinge marks, shared by the lamella, slab-door and hardware drawings. */
import { el } from '../svg.ts';
import type { SvgNode } from '../types.ts';

/** Door panel defaults (mm): width 600, height 2000, thickness 67; lamellas 100 wide. */
export const LAMELLA_DEFAULTS = { width: 600, height: 2000, thickness: 67, lamellaWidth: 100 };

/** Hinges on the hinge side when no hinge count is chosen: 2 up to 1000 mm high, 3 up to 2000, 4 above. */
export const hingeCount = (height: number): number => (height <= 1000 ? 2 : height <= 2000 ? 3 : 4);

/** The hinge side's marks: `count` hinge plates on that edge and the dashed swing lines of an elevation. */
export function hingeMarks(side: 'left' | 'right', width: number, height: number, count = hingeCount(height)): SvgNode[] {
  const n = Math.max(1, Math.round(count));
  // Light plates with a dark outline and white-backed swing lines: they read on a pale or a dark veneer.
  const hw = Math.min(24, width * 0.04);
  const hh = Math.min(110, height * 0.06);
  const x = side === 'left' ? 0 : width - hw;
  const hinges = Array.from({ length: n }, (_, i) => {
    const cy = n === 1 ? height / 2 : height * (0.1 + (0.8 * i) / (n - 1));
    return el('rect', { class: 'hinge', x, y: cy - hh / 2, width: hw, height: hh, fill: '#e5e7eb', stroke: '#111827', 'stroke-width': 3 });
  });
  const hx = side === 'left' ? 0 : width;
  const ox = side === 'left' ? width : 0;
  const d = `M${hx} 0L${ox} ${height / 2}L${hx} ${height}`;
  return [
    el('path', { d, fill: 'none', stroke: '#ffffff', 'stroke-width': 6, 'stroke-opacity': 0.8 }),
    el('path', { class: 'swing', d, fill: 'none', stroke: '#111827', 'stroke-width': 3, 'stroke-dasharray': '24 16' }),
    ...hinges,
  ];
}
