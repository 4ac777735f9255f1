/**
 * Keypad mechanisms by layout code, drawn centred on (0, 0) in mm. Sizes are the visible part of
 * each device: buttons, toggles, receptacles and connectors as a factory drawing shows them.
 */
import { el } from '../svg.ts';
import type { SvgNode } from '../types.ts';

export interface MechanismShape {
  /** What the code stands for (title of the drawn group). */
  title: string;
  width: number;
  height: number;
  draw(fill: string): SvgNode[];
}

const DARK = '#1f1f1f';
const LIGHT = '#f4f4f1';
const LINE = { stroke: '#4b4b4b', 'stroke-width': 0.3 };
const rect = (w: number, h: number, rx: number, fill: string, extra: Record<string, string | number> = {}) =>
  el('rect', { x: -w / 2, y: -h / 2, width: w, height: h, rx, fill, ...LINE, ...extra });

/** A receptacle face: two outlets, each with two slots and a ground hole (20 A: one T slot). */
function receptacle(face: string, twentyAmp: boolean): SvgNode[] {
  const slot = face === DARK ? LIGHT : DARK;
  const outlet = (cy: number): SvgNode[] => [
    el('rect', { x: -6, y: cy - 5, width: 12, height: 10, rx: 3, fill: face, ...LINE }),
    el('rect', { x: -3.6, y: cy - 3, width: 1.2, height: 4, fill: slot }),
    twentyAmp
      ? el('path', { d: `M2.4 ${cy - 3}h1.2v4h-1.2zM1.2 ${cy - 1.6}h2.4v1.2h-2.4z`, fill: slot })
      : el('rect', { x: 2.4, y: cy - 3, width: 1.2, height: 4, fill: slot }),
    el('path', { d: `M-0.9 ${cy + 3.4}a0.9 0.9 0 0 1 1.8 0v0.9h-1.8z`, fill: slot }),
  ];
  return [rect(20, 30, 2, face), ...outlet(-7.5), ...outlet(7.5)];
}

const SHAPES: Readonly<Record<string, MechanismShape>> = {
  B: { title: 'Button', width: 16, height: 9, draw: (f) => [rect(16, 9, 2, f)] },
  S: { title: 'Square button', width: 12, height: 12, draw: (f) => [rect(12, 12, 1.5, f)] },
  T: {
    title: 'Toggle',
    width: 10,
    height: 22,
    draw: (f) => [rect(10, 22, 1.5, f), el('rect', { x: -2.5, y: -8, width: 5, height: 10, rx: 2.5, fill: f, ...LINE, 'stroke-width': 0.5 })],
  },
  MB: { title: 'Mini button', width: 12, height: 6, draw: (f) => [rect(12, 6, 1.5, f)] },
  MT: {
    title: 'Mini toggle',
    width: 7,
    height: 16,
    draw: (f) => [rect(7, 16, 1, f), el('rect', { x: -1.8, y: -6, width: 3.6, height: 7, rx: 1.8, fill: f, ...LINE, 'stroke-width': 0.5 })],
  },
  RB: { title: '15 amp receptacle, black', width: 20, height: 30, draw: () => receptacle(DARK, false) },
  RW: { title: '15 amp receptacle, white', width: 20, height: 30, draw: () => receptacle(LIGHT, false) },
  '2RB': { title: '20 amp receptacle, black', width: 20, height: 30, draw: () => receptacle(DARK, true) },
  '2RW': { title: '20 amp receptacle, white', width: 20, height: 30, draw: () => receptacle(LIGHT, true) },
  RJ4: {
    title: 'Network port',
    width: 12,
    height: 11,
    draw: (f) => [rect(12, 11, 1, f), el('path', { d: 'M-4 -3.5h8v5h-2v1.5h-4v-1.5h-2z', fill: DARK })],
  },
  RJ1: {
    title: 'Phone port',
    width: 10,
    height: 9,
    draw: (f) => [rect(10, 9, 1, f), el('path', { d: 'M-3 -2.5h6v4h-1.5v1h-3v-1h-1.5z', fill: DARK })],
  },
  UA: { title: 'USB A', width: 14, height: 7, draw: (f) => [rect(14, 7, 1, f), el('rect', { x: -6, y: -2.2, width: 12, height: 4.4, fill: DARK }), el('rect', { x: -4.5, y: -2.2, width: 9, height: 1.6, fill: LIGHT })] },
  UC: { title: 'USB C', width: 12, height: 6, draw: (f) => [rect(12, 6, 1, f), el('rect', { x: -4.4, y: -1.6, width: 8.8, height: 3.2, rx: 1.6, fill: DARK })] },
  H: { title: 'HDMI', width: 18, height: 8, draw: (f) => [rect(18, 8, 1, f), el('path', { d: 'M-7 -2.4h14v2.6l-1.8 2.2h-10.4l-1.8-2.2z', fill: DARK })] },
  C: {
    title: 'Coax',
    width: 12,
    height: 12,
    draw: (f) => [rect(12, 12, 1, f), el('circle', { cx: 0, cy: 0, r: 4.2, fill: LIGHT, ...LINE }), el('circle', { cx: 0, cy: 0, r: 0.8, fill: DARK })],
  },
  CP: {
    title: 'Cable pass-through',
    width: 26,
    height: 12,
    draw: (f) => [
      rect(26, 12, 2, f),
      el('rect', { x: -11, y: -3.5, width: 22, height: 7, rx: 3.5, fill: DARK }),
      el('path', { d: 'M-10 0h20', stroke: '#6b6b6b', 'stroke-width': 0.4 }),
    ],
  },
  SP: {
    title: 'Speaker',
    width: 30,
    height: 30,
    draw: (f) => [
      el('circle', { cx: 0, cy: 0, r: 15, fill: f, ...LINE }),
      ...[-8, -4, 0, 4, 8].flatMap((y) =>
        [-8, -4, 0, 4, 8].filter((x) => x * x + y * y <= 100).map((x) => el('circle', { cx: x, cy: y, r: 0.9, fill: DARK })),
      ),
    ],
  },
};

/** A code the drawings do not know: a dashed outline with the code, so the factory sees it. */
const unknownShape = (code: string): MechanismShape => ({
  title: `Unknown mechanism ${code}`,
  width: 12,
  height: 12,
  draw: () => [
    rect(12, 12, 1, 'none', { 'stroke-dasharray': '1 1' }),
    el('text', { x: 0, y: 1.2, 'font-size': 3.5, 'text-anchor': 'middle', 'font-family': 'Helvetica, Arial, sans-serif', fill: DARK }, [code]),
  ],
});

export const mechanismShape = (code: string): MechanismShape => SHAPES[code] ?? unknownShape(code);
export const isKnownMechanism = (code: string): boolean => code in SHAPES;

/** Codes of a layout string ("B,B,T"): trimmed, upper case, blanks dropped. */
export const layoutCodes = (layoutString: string): string[] =>
  layoutString
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter((c) => c !== '');
