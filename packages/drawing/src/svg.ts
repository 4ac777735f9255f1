import type { Drawing, SvgNode } from './types.ts';

/** Builds an element; attributes with undefined values are left out. */
export function el(tag: string, attrs: Record<string, string | number | undefined>, children?: (SvgNode | string)[]): SvgNode {
  const clean: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) clean[k] = typeof v === 'number' ? round(v) : v;
  return children && children.length > 0 ? { tag, attrs: clean, children } : { tag, attrs: clean };
}

/** Coordinates to 1/1000 mm: stable output, short strings. */
export const round = (n: number): number => (Number.isFinite(n) ? Math.round(n * 1000) / 1000 : 0);

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** Attribute and tag names a graphic may carry: letters, digits, '-', ':' (no event handlers: see graphic.ts). */
const SAFE_NAME = /^[A-Za-z][A-Za-z0-9:-]*$/;

function nodeToString(n: SvgNode | string): string {
  if (typeof n === 'string') return escapeXml(n);
  if (!SAFE_NAME.test(n.tag)) return '';
  const attrs = Object.entries(n.attrs)
    .filter(([k]) => SAFE_NAME.test(k))
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
  const children = n.children ?? [];
  if (children.length === 0) return `<${n.tag}${attrs}/>`;
  return `<${n.tag}${attrs}>${children.map(nodeToString).join('')}</${n.tag}>`;
}

/** A standalone SVG document; its size defaults to the drawing at its pxPerUnit. */
export function toSvgString(d: Drawing, opts: { widthPx?: number; heightPx?: number } = {}): string {
  const widthPx = opts.widthPx ?? (opts.heightPx !== undefined ? (opts.heightPx * d.width) / d.height : d.width * d.pxPerUnit);
  const heightPx = opts.heightPx ?? (widthPx * d.height) / d.width;
  const svg = el(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', width: round(widthPx), height: round(heightPx), viewBox: `0 0 ${round(d.width)} ${round(d.height)}` },
    [d.root],
  );
  return nodeToString(svg);
}
