import type { ArchWallJson, EntityJson } from '@cpq/domain';
import { SPATIAL_DEFAULTS, round6, type Point, type Size } from '@cpq/spatial';
import type { CanvasItem, Obj } from './types.ts';

type Option = { id: number; data?: unknown };

/** The data of a catalogue option (a mural design's fill, panel width and which ways it may be scaled). */
export const optionData = (options: readonly Option[], id: unknown): Obj => (options.find((o) => o.id === id)?.data ?? {}) as Obj;

/** The mural design of the order's mural item (the first option chosen that has a panel width), or the fallback design. */
export function muralOptionId(items: readonly CanvasItem[], options: readonly Option[]): number {
  for (const i of items) for (const v of Object.values(i.properties ?? {})) {
    const id = (v as { optionId?: number } | null)?.optionId;
    if (id && options.some((o) => o.id === id && (o.data as Obj | null)?.panelWidth)) return id;
  }
  return SPATIAL_DEFAULTS.fallbackMuralOptionId;
}

/**
 * The data of a new entity added by its button in a viewport: a box near the top left corner, or a
 * vertical line for a seam or mismatch line, with each type's defaults; `extra` (a drawn line's
 * ends, an area's size) wins. A wall label is placed on the plan by `wall`, the first wall; `mural`
 * is asked only for a texture's design.
 */
export function newEntityData(type: EntityJson['type'], viewId: number, wall: ArchWallJson | undefined, mural: () => number, extra: Obj = {}): EntityJson['data'] {
  const size = type === 'calicoMuralTexture' ? SPATIAL_DEFAULTS.textureSize : SPATIAL_DEFAULTS.muralEntitySize;
  const base: Obj = { archCustomViewId: viewId, position: { x: 20, y: 20 }, size };
  if (type === 'calicoMuralSeam' || type === 'calicoMismatchLine') Object.assign(base, { position: undefined, size: undefined, from: { x: 20, y: 20 }, to: { x: 20, y: 120 } });
  if (type === 'calicoMuralSeam') Object.assign(base, { thickness: SPATIAL_DEFAULTS.seamThickness, alignment: 'center', alignmentMode: 'standard' });
  if (type === 'calicoMuralPanel') Object.assign(base, { bleedLeft: 0.5, bleedRight: 0.5, bleedTop: 1, bleedBottom: 1 });
  if (type === 'calicoMuralTexture') Object.assign(base, { muralProductOptionId: mural(), substrate: 'standardCommercial', flipX: false, flipY: false });
  if (type === 'calicoWallLabel') {
    // On the plan the label starts at the first wall's middle, its view's start at that wall's start.
    const planAt = wall ? { x: (wall.from.x + wall.to.x) / 2, z: (wall.from.z + wall.to.z) / 2 } : { x: 20, z: 20 };
    Object.assign(base, {
      title: SPATIAL_DEFAULTS.wallLabel.title,
      customViewPosition: { x: 20, y: 20 },
      customViewSize: SPATIAL_DEFAULTS.wallLabel.size,
      labelPlanPosition: planAt,
      viewStartPlanPosition: wall ? { ...wall.from } : { x: 0, z: 0 },
      indicateViewStartOnPlan: false,
    });
  }
  // Through JSON: the keys set to undefined (a line has no position or size) are dropped, the shared defaults copied.
  return JSON.parse(JSON.stringify({ ...base, ...extra })) as EntityJson['data'];
}

/**
 * A new texture in its mural area: at the area's top left, covering the area on the axes its design
 * may be scaled (the option's canScaleX, canScaleY; a design that says nothing scales both ways), so
 * a mural fills its wall. Its picture is cropped to the texture's proportions when drawn, never
 * stretched. On an axis it may not scale it keeps the design's size, and what lies outside its area
 * is clipped when drawn.
 */
export function fitTexture(size: Size, area: { position: Point; size: Size }, scaling: { canScaleX?: unknown; canScaleY?: unknown }): { position: Point; size: Size } {
  const width = scaling.canScaleX !== false ? area.size.width : size.width;
  const height = scaling.canScaleY !== false ? area.size.height : size.height;
  return { position: { x: area.position.x, y: area.position.y }, size: { width: round6(width), height: round6(height) } };
}
