import type { Scene, SceneShape } from './scene.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
// Characters XML 1.0 does not allow at all are dropped rather than escaped.
// eslint-disable-next-line no-control-regex
const xmlText = (s: string) => esc(s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, ''));
const n = (v: number) => (Number.isFinite(v) ? Number(v.toFixed(4)) : 0);

function style(s: SceneShape): string {
  const a: string[] = [];
  a.push(`stroke="${esc(s.stroke ?? 'none')}"`, `fill="${esc(s.fill ?? 'none')}"`);
  if (s.strokeWidth !== undefined) a.push(`stroke-width="${n(s.strokeWidth)}"`);
  if (s.dash?.length) a.push(`stroke-dasharray="${s.dash.map(n).join(' ')}"`);
  if (s.opacity !== undefined) a.push(`opacity="${n(s.opacity)}"`);
  a.push(`data-layer="${s.layer}"`);
  if (s.id) a.push(`data-id="${esc(s.id)}"`);
  return a.join(' ');
}

function shape(s: SceneShape): string {
  switch (s.kind) {
    case 'rect':
      return `<rect x="${n(s.x)}" y="${n(s.y)}" width="${n(s.width)}" height="${n(s.height)}" ${style(s)}/>`;
    case 'line':
      return `<line x1="${n(s.x1)}" y1="${n(s.y1)}" x2="${n(s.x2)}" y2="${n(s.y2)}" ${style(s)}${s.markerEnd ? ' marker-end="url(#arrow)"' : ''}${s.markerStart ? ' marker-start="url(#arrow)"' : ''}/>`;
    case 'polygon':
      return `<polygon points="${s.points.map((p) => `${n(p.x)},${n(p.y)}`).join(' ')}" ${style(s)}/>`;
    case 'text':
      return `<text x="${n(s.x)}" y="${n(s.y)}" font-size="${n(s.fontSize)}" font-family="Helvetica, Arial, sans-serif"${s.anchor === 'middle' ? ' text-anchor="middle"' : ''} ${style({ ...s, stroke: undefined })}>${xmlText(s.text)}</text>`;
  }
}

/** A standalone SVG document of a scene (the viewport's SVG export). */
export function sceneToSvg(scene: Scene): string {
  const { x, y, width, height } = scene.viewBox;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${n(x)} ${n(y)} ${n(width)} ${n(height)}" width="${n(width)}" height="${n(height)}">`,
    `<title>${xmlText(scene.title)}</title>`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#263238"/></marker></defs>`,
    ...scene.shapes.map(shape),
    `</svg>`,
  ].join('\n');
}
