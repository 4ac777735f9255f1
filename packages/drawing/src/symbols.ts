/**
 * The engraving symbol set: 65 line icons drawn on a 24 × 24 box (stroke 2, no fill), chosen by
 * numeric code 1..65 in an engraving entry's `symbol`. Drawn in the engraving colour
 * (stroke: currentColor) so fit colours apply to symbols too.
 */
import { el } from './svg.ts';
import type { SvgNode } from './types.ts';

export interface EngravingSymbol {
  code: number;
  title: string;
  /** A <g> drawn in a 24 × 24 box. */
  svg: SvgNode;
}

/** A full circle as a path (two arcs). */
const c = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
/** Rays around a centre: n short lines from r1 to r2. */
const rays = (cx: number, cy: number, r1: number, r2: number, n: number, start = 0, step = (2 * Math.PI) / n) =>
  Array.from({ length: n }, (_, i) => {
    const a = start + i * step;
    const f = (v: number) => Math.round(v * 100) / 100;
    return `M${f(cx + r1 * Math.cos(a))} ${f(cy + r1 * Math.sin(a))}L${f(cx + r2 * Math.cos(a))} ${f(cy + r2 * Math.sin(a))}`;
  }).join('');
const dots = (pts: [number, number][]) => pts.map(([x, y]) => c(x, y, 1.6)).join('');

const DEFS: readonly [string, string][] = [
  ['Light bulb', `${c(12, 9, 6)}M9.5 14.5v3h5v-3M10 20h4`],
  ['Table lamp', 'M7 4h10l3 8H4zM12 12v7M8 20h8'],
  ['Pendant light', 'M12 2v6M6 15a6 6 0 0 1 12 0zM10 18a2 2 0 0 0 4 0'],
  ['Sun', `${c(12, 12, 4)}${rays(12, 12, 6.5, 9.5, 8)}`],
  ['Moon', 'M15 3a9 9 0 1 0 6 12A7 7 0 0 1 15 3z'],
  ['Star', 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4 6.1 20.5l1.2-6.5-4.8-4.6 6.6-.9z'],
  ['Arrow up', 'M12 20V4M5 11l7-7 7 7'],
  ['Arrow down', 'M12 4v16M5 13l7 7 7-7'],
  ['Arrow left', 'M20 12H4M11 5l-7 7 7 7'],
  ['Arrow right', 'M4 12h16M13 5l7 7-7 7'],
  ['Chevron up', 'M5 15l7-7 7 7'],
  ['Chevron down', 'M5 9l7 7 7-7'],
  ['Plus', 'M12 4v16M4 12h16'],
  ['Minus', 'M4 12h16'],
  ['Power', 'M12 3v9M7 6.5a7.5 7.5 0 1 0 10 0'],
  ['On', c(12, 12, 8)],
  ['Off', `${c(12, 12, 8)}M6.3 17.7L17.7 6.3`],
  ['Play', 'M7 4l13 8-13 8z'],
  ['Pause', 'M8 5v14M16 5v14'],
  ['Stop', 'M6 6h12v12H6z'],
  ['Next track', 'M5 5l9 7-9 7zM18 5v14'],
  ['Previous track', 'M19 5l-9 7 9 7zM6 5v14'],
  ['Music', `M9 18V5l11-2v13${c(6.5, 18, 2.5)}${c(17.5, 16, 2.5)}`],
  ['Speaker', 'M3 9h4l5-4v14l-5-4H3zM16 8.5a5 5 0 0 1 0 7'],
  ['Mute', 'M3 9h4l5-4v14l-5-4H3zM16 9l5 6M21 9l-5 6'],
  ['Volume up', 'M3 9h4l5-4v14l-5-4H3zM15.5 9a4 4 0 0 1 0 6M18.5 6a8 8 0 0 1 0 12'],
  ['Television', 'M3 6h18v11H3zM8 21h8M12 17v4'],
  ['Fan', `${c(12, 12, 2)}M12 10C9 4 15 2 14 8M14 12c6-3 8 3 2 2M12 14c-3 6-9 4-4 1M10 12C4 9 6 3 8 8`],
  ['Blinds up', 'M3 3h18M5 6h14M5 9h14M12 21v-8M8 16l4-4 4 4'],
  ['Blinds down', 'M3 3h18M5 6h14M5 9h14M12 12v8M8 17l4 4 4-4'],
  ['Curtains open', 'M2 3h20M4 3c0 6 1 12 3 18M20 3c0 6-1 12-3 18M10 12H7M14 12h3'],
  ['Curtains closed', 'M2 3h20M4 3v18h7V3M13 3v18h7V3'],
  ['Thermometer', `M10 4a2 2 0 0 1 4 0v10.5${c(12, 17.5, 3.5)}M10 14.5V4`],
  ['Heat', 'M12 2c1 4 6 6 6 12a6 6 0 0 1-12 0c0-3 2-5 3-6 0 2 1 3 2 3 0-3-1-6 1-9z'],
  ['Cool', `${rays(12, 12, 0, 9, 6, Math.PI / 2)}M9.5 4.5L12 6l2.5-1.5M9.5 19.5L12 18l2.5 1.5`],
  ['Water', 'M12 3c3 5 6 8 6 12a6 6 0 0 1-12 0c0-4 3-7 6-12z'],
  ['Home', 'M3 11l9-8 9 8M5 9.5V21h14V9.5M10 21v-6h4v6'],
  ['Door', `M6 21V3h12v18M3 21h18${c(15, 12, 0.8)}`],
  ['Lock', `M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4${c(12, 16, 1.2)}`],
  ['Unlock', `M5 11h14v10H5zM8 11V7a4 4 0 0 1 7.5-2${c(12, 16, 1.2)}`],
  ['Bell', 'M6 17V11a6 6 0 0 1 12 0v6l2 2H4zM10 21h4'],
  ['Bed', 'M3 19V6M3 14h18v5M21 14v-3a3 3 0 0 0-3-3h-7v6M6 11h3'],
  ['Bath', 'M3 12h18v3a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5zM6 12V5a2 2 0 0 1 4 0M7 20l-1 2M17 20l1 2'],
  ['Key', `${c(7, 12, 4)}M11 12h10M17 12v3M20 12v3`],
  ['Clock', `${c(12, 12, 9)}M12 7v5l3 3`],
  ['Alarm', 'M12 3l8 3v6c0 5-4 8-8 9-4-1-8-4-8-9V6z'],
  ['Wi-Fi', `M2 9a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0${c(12, 19.5, 1)}`],
  ['Settings', `${c(12, 12, 3.5)}${rays(12, 12, 6, 9.5, 8, Math.PI / 8)}`],
  ['Heart', 'M12 20S3 14 3 8.5A4.5 4.5 0 0 1 12 6a4.5 4.5 0 0 1 9 2.5C21 14 12 20 12 20z'],
  ['Check', 'M4 12l5 5L20 6'],
  ['Cross', 'M5 5l14 14M19 5L5 19'],
  ['One', dots([[12, 12]])],
  ['Two', dots([[8, 12], [16, 12]])],
  ['Three', dots([[6, 12], [12, 12], [18, 12]])],
  ['Four', dots([[8, 8], [16, 8], [8, 16], [16, 16]])],
  ['Square', 'M5 5h14v14H5z'],
  ['Triangle', 'M12 4l9 16H3z'],
  ['Diamond', 'M12 3l9 9-9 9-9-9z'],
  ['Sunrise', `M3 18h18M7 18a5 5 0 0 1 10 0M12 4v5M9 6.5l3-2.5 3 2.5${rays(12, 18, 7.5, 9.5, 3, Math.PI + Math.PI / 4, Math.PI / 4)}`],
  ['Sunset', `M3 18h18M7 18a5 5 0 0 1 10 0M12 9V4M9 6.5l3 2.5 3-2.5${rays(12, 18, 7.5, 9.5, 3, Math.PI + Math.PI / 4, Math.PI / 4)}`],
  ['Garden', 'M5 19C5 10 11 5 20 4c0 9-5 15-14 15zM5 19l8-8'],
  ['Garage', 'M3 10l9-6 9 6v11H3zM7 21v-8h10v8M7 16h10'],
  ['Dining', 'M7 3v18M4.5 3v5a2.5 2.5 0 0 0 5 0V3M17 21V3c-2 2-3 5-3 9h3'],
  ['Reading', 'M12 6c-2-2-6-2-9-1v14c3-1 7-1 9 1 2-2 6-2 9-1V5c-3-1-7-1-9 1zM12 6v14'],
  ['Scene', 'M12 3l2 5.5L19.5 10 14 12l-2 6-2-6-5.5-2L10 8.5zM19 16l.8 2 2 .8-2 .8L19 22l-.8-2.4-2-.8 2-.8z'],
];

export const ENGRAVING_SYMBOLS: readonly EngravingSymbol[] = DEFS.map(([title, d], i) => ({
  code: i + 1,
  title,
  svg: el('g', { fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }, [el('path', { d })]),
}));

export const engravingSymbol = (code: number | null | undefined): EngravingSymbol | undefined =>
  typeof code === 'number' ? ENGRAVING_SYMBOLS[code - 1] : undefined;
