import { SPATIAL_DEFAULTS, type Rect, type Size } from './constants.ts';

/**
 * A rectangle after a transform's scale: sizes never reach zero or below (clamped to `minSize`); a
 * negative scale flips the rectangle about its origin edge, so it stays where the user dragged it.
 */
export function applyResize(rect: Rect, scale: { scaleX: number; scaleY: number }, minSize: number = SPATIAL_DEFAULTS.dimensionSnap): Rect {
  const w = rect.width * scale.scaleX;
  const h = rect.height * scale.scaleY;
  return {
    x: w < 0 ? rect.x + w : rect.x,
    y: h < 0 ? rect.y + h : rect.y,
    width: Math.max(Math.abs(w), minSize),
    height: Math.max(Math.abs(h), minSize),
  };
}

/** A mural texture scales only on the axes its option allows (canScaleX, canScaleY). */
export function scaleTexture(size: Size, scale: { scaleX: number; scaleY: number }, allowed: { canScaleX?: boolean; canScaleY?: boolean }, minSize: number = SPATIAL_DEFAULTS.dimensionSnap): Size {
  return {
    width: allowed.canScaleX ? Math.max(Math.abs(size.width * scale.scaleX), minSize) : size.width,
    height: allowed.canScaleY ? Math.max(Math.abs(size.height * scale.scaleY), minSize) : size.height,
  };
}

const AUDIT_FIELDS = ['id', 'created', 'lastUpdated', 'deleted', 'lastUpdatedBy'] as const;
type Obj = Record<string, unknown>;
const isPoint = (v: unknown): v is { x: number; y: number } => !!v && typeof v === 'object' && typeof (v as Obj).x === 'number' && typeof (v as Obj).y === 'number';
const offset = (p: unknown, d: number) => (isPoint(p) ? { ...p, x: p.x + d, y: p.y + d } : p);

/**
 * The props of a pasted copy: the row without its id and audit fields, moved by 10 (drawing entities,
 * texts, lines) or 250 (product instances) on both axes.
 */
export function copyForPaste(row: Obj, kind: 'entity' | 'productInstance' | 'canvasText' | 'canvasLine'): Obj {
  const copy: Obj = {};
  for (const [k, v] of Object.entries(row)) if (!(AUDIT_FIELDS as readonly string[]).includes(k)) copy[k] = structuredClone(v);
  const d = kind === 'productInstance' ? SPATIAL_DEFAULTS.copyOffset.productInstance : SPATIAL_DEFAULTS.copyOffset.entity;
  if (kind === 'productInstance') {
    copy.canvasPosition = offset(copy.canvasPosition ?? { x: 0, y: 0 }, d);
  } else if (kind === 'entity') {
    const data = { ...((copy.data ?? {}) as Obj) };
    for (const k of ['position', 'from', 'to', 'customViewPosition']) if (k in data) data[k] = offset(data[k], d);
    copy.data = data;
  } else {
    for (const k of ['position', 'from', 'to']) if (k in copy) copy[k] = offset(copy[k], d);
  }
  return copy;
}
