import type { Scene, SceneShape } from './scene.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
// Characters XML 1.0 does not allow at all are dropped rather than escaped.
// eslint-disable-next-line no-control-regex
const xmlText = (s: string) => esc(s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, ''));
const n = (v: number) => (Number.isFinite(v) ? Number(v.toFixed(4)) : 0);

/** On printed pages a stroke width is this many page pixels per unit of the scene's width, whatever the drawing's scale. */
const PAGE_STROKE_PX = 1.5;

function style(s: SceneShape, pageStrokes = false): string {
  const a: string[] = [];
  a.push(`stroke="${esc(s.stroke ?? 'none')}"`, `fill="${esc(s.fill ?? 'none')}"`);
  if (s.strokeWidth !== undefined) a.push(`stroke-width="${n(pageStrokes ? s.strokeWidth * PAGE_STROKE_PX : s.strokeWidth)}"`);
  if (pageStrokes && s.strokeWidth !== undefined && s.stroke && s.stroke !== 'none') a.push('vector-effect="non-scaling-stroke"');
  if (s.dash?.length) a.push(`stroke-dasharray="${s.dash.map(n).join(' ')}"`);
  if (s.opacity !== undefined) a.push(`opacity="${n(s.opacity)}"`);
  a.push(`data-layer="${s.layer}"`);
  if (s.id) a.push(`data-id="${esc(s.id)}"`);
  return a.join(' ');
}

/**
 * Picture addresses a drawing may load: the portal's own (a path such as /api/media/2/file), http(s)
 * and inline raster pictures; anything else (javascript:, other schemes) is not drawn.
 */
export const isDrawableHref = (href: string) => /^(\/(?!\/)|https?:\/\/|data:image\/(png|jpeg|gif|webp);)/i.test(href.trim());

const box = (b: { x: number; y: number; width: number; height: number }) => `${n(b.x)} ${n(b.y)} ${n(b.width)} ${n(b.height)}`;

/** Where a fitted label lies and what it must stay inside, for tests reading the page. */
function labelAttrs(s: Extract<SceneShape, { kind: 'text' }>): string {
  if (!s.box) return '';
  return ` data-testid="drawing-label" data-box="${box(s.box)}"${s.within ? ` data-within="${esc(s.within)}"` : ''}`;
}

function textContent(s: Extract<SceneShape, { kind: 'text' }>): string {
  if (!s.lines) return xmlText(s.text);
  return s.lines.map((line, i) => `<tspan x="${n(s.x)}" y="${n(s.y + i * (s.lineHeight ?? s.fontSize * 1.2))}">${xmlText(line)}</tspan>`).join('');
}

function shape(s: SceneShape, k: number, ids: string, pageStrokes: boolean): string {
  switch (s.kind) {
    case 'image': {
      if (!isDrawableHref(s.href)) return '';
      // Mirrored about the texture's own centre, as the texture is on the canvas.
      const sx = s.flipX ? -1 : 1, sy = s.flipY ? -1 : 1;
      const flip = s.flipX || s.flipY ? ` transform="matrix(${sx} 0 0 ${sy} ${n(s.flipX ? 2 * s.x + s.width : 0)} ${n(s.flipY ? 2 * s.y + s.height : 0)})"` : '';
      const image = `<image href="${esc(s.href.trim())}" x="${n(s.x)}" y="${n(s.y)}" width="${n(s.width)}" height="${n(s.height)}" preserveAspectRatio="xMidYMid slice"${flip} data-testid="mural-image"${s.flipX ? ' data-flip-x="true"' : ''}${s.flipY ? ' data-flip-y="true"' : ''}/>`;
      const attrs = `${s.opacity !== undefined ? ` opacity="${n(s.opacity)}"` : ''} data-layer="${s.layer}"${s.id ? ` data-id="${esc(s.id)}"` : ''}`;
      if (!s.clip) return `<g${attrs}>${image}</g>`;
      const clipId = `${ids}clip-${k}`;
      return `<clipPath id="${clipId}"><rect x="${n(s.clip.x)}" y="${n(s.clip.y)}" width="${n(s.clip.width)}" height="${n(s.clip.height)}"/></clipPath><g clip-path="url(#${clipId})"${attrs}>${image}</g>`;
    }
    case 'rect':
      return `<rect x="${n(s.x)}" y="${n(s.y)}" width="${n(s.width)}" height="${n(s.height)}" ${style(s, pageStrokes)}${s.id?.startsWith('panel-') ? ' data-testid="drawing-panel"' : ''}/>`;
    case 'line':
      return `<line x1="${n(s.x1)}" y1="${n(s.y1)}" x2="${n(s.x2)}" y2="${n(s.y2)}" ${style(s, pageStrokes)}${s.markerEnd ? ` marker-end="url(#${ids}arrow)"` : ''}${s.markerStart ? ` marker-start="url(#${ids}arrow)"` : ''}/>`;
    case 'polygon':
      return `<polygon points="${s.points.map((p) => `${n(p.x)},${n(p.y)}`).join(' ')}" ${style(s, pageStrokes)}/>`;
    case 'text':
      return `<text x="${n(s.x)}" y="${n(s.y)}" font-size="${n(s.fontSize)}" font-family="Helvetica, Arial, sans-serif"${s.anchor === 'middle' ? ' text-anchor="middle"' : ''} ${style({ ...s, stroke: undefined })}${labelAttrs(s)}>${textContent(s)}</text>`;
  }
}

/**
 * A standalone SVG document of a scene (the viewport's SVG export). `idPrefix` keeps its ids (the arrow
 * marker, the pictures' clips) apart from those of other drawings on the same page. `pageStrokes`
 * (printed pages) draws lines in page pixels, 1.5 per unit of stroke width, so outlines stay fine lines
 * however far a small wall is scaled up.
 */
export function sceneToSvg(scene: Scene, { idPrefix = '', pageStrokes = false }: { idPrefix?: string; pageStrokes?: boolean } = {}): string {
  const { x, y, width, height } = scene.viewBox;
  const ids = idPrefix.replace(/[^A-Za-z0-9_-]/g, '_');
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${n(x)} ${n(y)} ${n(width)} ${n(height)}" width="${n(width)}" height="${n(height)}">`,
    `<title>${xmlText(scene.title)}</title>`,
    `<defs><marker id="${ids}arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#263238"/></marker></defs>`,
    ...scene.shapes.map((s, k) => shape(s, k, ids, pageStrokes)),
    `</svg>`,
  ].join('\n');
}
