import type { EntityJson } from '@cpq/domain';
import type { Rect } from '@cpq/spatial';
import { dataOf } from './rows.ts';

/**
 * How a viewport's mural entities stack (docs/decisions/0100-mural-areas-textures-panels.md): the
 * texture at the bottom, its print panels over it, the mural area's outline above both, then seams,
 * mismatch lines and wall labels. The area is on top so its edge can always be clicked; where
 * something lies inside it, only its edge band answers a click (see EntityNode), and a click further
 * in reaches the panel or texture below.
 */
const LAYER: Partial<Record<EntityJson['type'], number>> = { calicoMuralTexture: 0, calicoMuralPanel: 1, calicoMuralArea: 2 };
const layerOf = (e: EntityJson) => LAYER[e.type] ?? 3;

export function muralDrawOrder(entities: readonly EntityJson[]): EntityJson[] {
  // Stable: within a layer the saved order (by id) stays.
  return [...entities].sort((a, b) => layerOf(a) - layerOf(b));
}

/** A box entity's rectangle, or null for a line or a box without position or size. */
export function boxOf(e: EntityJson): Rect | null {
  const d = dataOf(e);
  return d.position && d.size ? { x: d.position.x, y: d.position.y, width: d.size.width, height: d.size.height } : null;
}

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function intersection(a: Rect, b: Rect): Rect | null {
  const [x, y] = [Math.max(a.x, b.x), Math.max(a.y, b.y)];
  const [right, bottom] = [Math.min(a.x + a.width, b.x + b.width), Math.min(a.y + a.height, b.y + b.height)];
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

/** The mural areas with a texture or panel over part of their inside: they answer clicks on their edge only. */
export function coveredAreas(entities: readonly EntityJson[]): Set<number> {
  // A texture covers only what is drawn of it: the part inside its own area.
  const drawn = (e: EntityJson) => {
    const r = boxOf(e);
    const clip = e.type === 'calicoMuralTexture' ? textureArea(e, entities) : null;
    return r && clip ? intersection(r, clip) : r;
  };
  const fillers = entities.filter((e) => e.type === 'calicoMuralTexture' || e.type === 'calicoMuralPanel').map(drawn).filter((r): r is Rect => r !== null);
  const out = new Set<number>();
  for (const a of entities) {
    const box = a.type === 'calicoMuralArea' ? boxOf(a) : null;
    if (box && fillers.some((f) => overlaps(f, box))) out.add(a.id);
  }
  return out;
}

/** The area a texture is clipped to: its parent area, else none (drawn whole). */
export function textureArea(texture: EntityJson, entities: readonly EntityJson[]): Rect | null {
  const parent = texture.parentId != null ? entities.find((e) => e.id === texture.parentId && e.type === 'calicoMuralArea') : undefined;
  return parent ? boxOf(parent) : null;
}
