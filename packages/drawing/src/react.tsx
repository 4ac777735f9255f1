/** The drawing as an inline SVG element (browser side; the tree itself is built by drawInstance). */
import { createElement, type ReactNode } from 'react';
import type { Drawing, SvgNode } from './types.ts';

/** SVG attribute names React wants in camelCase (the rest pass through as written). */
const REACT_ATTRS: Readonly<Record<string, string>> = {
  class: 'className',
  'stroke-width': 'strokeWidth',
  'stroke-dasharray': 'strokeDasharray',
  'stroke-linecap': 'strokeLinecap',
  'stroke-linejoin': 'strokeLinejoin',
  'stroke-opacity': 'strokeOpacity',
  'fill-opacity': 'fillOpacity',
  'font-size': 'fontSize',
  'font-family': 'fontFamily',
  'font-weight': 'fontWeight',
  'paint-order': 'paintOrder',
  'text-anchor': 'textAnchor',
  'dominant-baseline': 'dominantBaseline',
  'stop-color': 'stopColor',
  'stop-opacity': 'stopOpacity',
  'flood-color': 'floodColor',
  'flood-opacity': 'floodOpacity',
};

function toReact(node: SvgNode | string, key: number): ReactNode {
  if (typeof node === 'string') return node;
  const props: Record<string, string | number> = { key };
  for (const [k, v] of Object.entries(node.attrs)) {
    // Event handler attributes never reach the DOM (graphics are data, not code).
    if (/^on/i.test(k)) continue;
    props[REACT_ATTRS[k] ?? k] = v;
  }
  return createElement(node.tag, props, ...(node.children ?? []).map(toReact));
}

export interface ProductDrawingProps {
  drawing: Drawing;
  /** The accessible name of the picture. */
  title: string;
  className?: string;
  maxHeightPx?: number;
}

export function ProductDrawing({ drawing, title, className, maxHeightPx }: ProductDrawingProps) {
  return (
    <svg
      role="img"
      aria-label={title}
      viewBox={`0 0 ${drawing.width} ${drawing.height}`}
      className={className}
      preserveAspectRatio="xMidYMid meet"
      style={{ width: '100%', height: 'auto', maxHeight: maxHeightPx, display: 'block' }}
    >
      {toReact(drawing.root, 0)}
    </svg>
  );
}
