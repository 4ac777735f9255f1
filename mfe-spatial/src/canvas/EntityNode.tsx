import type Konva from 'konva';
import { Image as KonvaImage, Line, Shape, Text } from 'react-konva';
import type { EntityJson } from '@cpq/domain';
import { SPATIAL_DEFAULTS, applyResize, seamColor, snapToIncrement, type Point, type Rect } from '@cpq/spatial';
import { drawBox, hitBox, type BoxExtras } from './boxShape.ts';
import { coveredAreas, muralDrawOrder, textureArea } from './muralLayers.ts';
import { coverCrop, useMuralPicture } from './muralPicture.ts';
import { dataOf } from './rows.ts';
import type { NodeContext } from './types.ts';

/** Screen pixels, across the outline, in which a click on a covered mural area's edge selects the area. */
const AREA_EDGE_BAND = 16;

/** A viewport's entities in their stacking order, each area told whether it is covered, each texture its area. */
export function MuralEntities({ entities, ctx }: { entities: readonly EntityJson[]; ctx: NodeContext }) {
  const covered = coveredAreas(entities);
  return (
    <>
      {muralDrawOrder(entities).map((e) => (
        <EntityNode key={e.id} entity={e} ctx={ctx} covered={covered.has(e.id)} clip={e.type === 'calicoMuralTexture' ? textureArea(e, entities) : null} />
      ))}
    </>
  );
}

const MURAL_BOXES = new Set(['calicoMuralArea', 'calicoMuralTexture']);
const PANELS_AND_SEAMS = new Set(['calicoMuralPanel', 'calicoMuralSeam', 'calicoMismatchLine']);

/**
 * An entity of a viewport: a line (seam, mismatch line) by its two ends, a wall label by its title, or
 * a mural box (area, texture, panel) as one Konva shape. Hidden with its layer where murals are planned.
 * A texture shows its design's picture once loaded (its fill meanwhile), clipped to its area (`clip`);
 * a `covered` area answers clicks on its edge band only.
 */
export function EntityNode({ entity: e, ctx, covered = false, clip = null }: { entity: EntityJson; ctx: NodeContext; covered?: boolean; clip?: Rect | null }) {
  const d = dataOf(e);
  const picture = useMuralPicture(e.type === 'calicoMuralTexture' ? (ctx.muralPicture?.(d.muralProductOptionId) ?? null) : null);
  const { baseScale } = ctx;
  const isSel = ctx.selection?.key === 'entities' && ctx.selection.id === e.id;
  const common = { id: `entity-${e.id}`, draggable: ctx.canEdit && !ctx.hasTentative, onClick: (ev: Konva.KonvaEventObject<MouseEvent>) => ctx.click({ key: 'entities', id: e.id }, ev.evt.timeStamp), onTap: () => ctx.select({ key: 'entities', id: e.id }) };
  if (MURAL_BOXES.has(e.type) && !ctx.layers.murals && ctx.murals) return null;
  if (PANELS_AND_SEAMS.has(e.type) && !ctx.layers.panelsAndSeams && ctx.murals) return null;
  const save = (data: object) => void ctx.update('entities', e.id, { data: data as EntityJson['data'] });
  if (d.from && d.to) {
    const [from, to] = [d.from, d.to];
    const thickness = Number(d.thickness ?? 1);
    const stroke = e.type === 'calicoMuralSeam' ? seamColor(thickness) : e.type === 'calicoMismatchLine' ? '#c62828' : '#263238';
    return (
      <Line
        {...common}
        points={[from.x, from.y, to.x, to.y]}
        stroke={isSel ? '#2563eb' : stroke}
        strokeWidth={e.type === 'calicoMuralSeam' ? thickness : Number(d.size ?? 2)}
        dash={e.type === 'calicoMismatchLine' ? [6, 3] : undefined}
        hitStrokeWidth={12 / baseScale}
        onDragEnd={(ev) => {
          const dx = ev.target.x(), dy = ev.target.y();
          ev.target.position({ x: 0, y: 0 });
          save({ from: { x: from.x + dx, y: from.y + dy }, to: { x: to.x + dx, y: to.y + dy } });
        }}
      />
    );
  }
  const at = (e.type === 'calicoWallLabel' ? (d.customViewPosition as Point | undefined) : d.position) ?? { x: 0, y: 0 };
  if (e.type === 'calicoWallLabel') {
    return <Text {...common} x={at.x} y={at.y} text={String(d.title ?? 'Untitled Wall')} fontSize={14 / baseScale} fill={isSel ? '#2563eb' : '#263238'} onDragEnd={(ev) => save({ customViewPosition: { x: ev.target.x(), y: ev.target.y() } })} />;
  }
  const size = d.size ?? SPATIAL_DEFAULTS.muralEntitySize;
  const fill = e.type === 'calicoMuralTexture' ? String(ctx.optionData(d.muralProductOptionId).fill ?? '#a5d6a7') : e.type === 'calicoMuralPanel' && d.isDisabled ? '#eceff1' : undefined;
  const [bl, br, bt, bb] = [d.bleedLeft, d.bleedRight, d.bleedTop, d.bleedBottom].map((v) => Number(v ?? 0)) as [number, number, number, number];
  const bleed = e.type === 'calicoMuralPanel' && (bl || br || bt || bb) ? { left: bl, right: br, top: bt, bottom: bb } : null;
  const stroke = e.type === 'calicoMuralArea' ? '#2e7d32' : e.type === 'calicoMuralPanel' ? (d.isCriticalAlignmentPanel ? '#d84315' : '#455a64') : '#1b5e20';
  const extras: BoxExtras = {
    bleed,
    label: e.type === 'calicoMuralPanel' ? { text: String(d.panelDescriptionOverride || d.panelNumber || ''), size: 12 / baseScale } : null,
    dimension: ctx.layers.dimensions && (e.type === 'calicoMuralArea' || e.type === 'calicoMuralPanel') ? { text: ctx.dim(size.width), size: (size.width <= 5 ? 8 : 11) / baseScale, below: e.type === 'calicoMuralPanel' } : null,
  };
  // The texture's area in the texture's own coordinates: what lies outside it is not drawn.
  const inside = clip ? { x: clip.x - at.x, y: clip.y - at.y, width: clip.width, height: clip.height } : null;
  const flips = { x: !!d.flipX, y: !!d.flipY };
  // With its picture loaded a texture is a Konva Image (drawn by the same function, so clipped and
  // cropped alike; the picture is found on the stage as an image), else a Shape.
  const Box = (picture ? KonvaImage : Shape) as typeof Shape;
  return (
    <Box
      {...common}
      {...(picture ? { image: picture } : {})}
      x={at.x}
      y={at.y}
      width={size.width}
      height={size.height}
      fill={fill ?? 'rgba(0,0,0,0)'}
      opacity={e.type === 'calicoMuralTexture' && !picture ? 0.7 : 1}
      perfectDrawEnabled={false}
      stroke={stroke}
      strokeWidth={1.5}
      strokeScaleEnabled={false}
      hitStrokeWidth={covered ? AREA_EDGE_BAND : 'auto'}
      dash={e.type === 'calicoMuralArea' && d.isReturn ? [6, 4] : undefined}
      sceneFunc={(c, shape) => {
        if (inside) clipTo(c, inside);
        if (picture) drawPicture(c, shape, picture, flips);
        else drawBox(c, shape, extras);
        if (inside) c.restore();
      }}
      hitFunc={(c, shape) => {
        if (covered) return hitEdge(c, shape);
        if (inside) clipTo(c, inside);
        hitBox(c, shape);
        if (inside) c.restore();
      }}
      onDragEnd={(ev) => save({ position: { x: snapToIncrement(ev.target.x()), y: snapToIncrement(ev.target.y()) } })}
      onTransformEnd={(ev) => {
        const node = ev.target;
        // A texture is resized only the ways its design allows.
        const allowed = e.type === 'calicoMuralTexture' ? ctx.optionData(d.muralProductOptionId) : { canScaleX: true, canScaleY: true };
        const r = applyResize({ x: node.x(), y: node.y(), width: size.width, height: size.height }, { scaleX: allowed.canScaleX === false ? 1 : node.scaleX(), scaleY: allowed.canScaleY === false ? 1 : node.scaleY() });
        node.scale({ x: 1, y: 1 });
        save({ position: { x: r.x, y: r.y }, size: { width: r.width, height: r.height } });
      }}
    />
  );
}

function clipTo(c: Konva.Context, r: Rect): void {
  c.save();
  c.beginPath();
  c.rect(r.x, r.y, r.width, r.height);
  c.clip();
}

/** A covered area's hit region: its outline, as wide as its hit stroke (screen pixels), not its inside. */
function hitEdge(c: Konva.Context, shape: Konva.Shape): void {
  c.beginPath();
  c.rect(0, 0, shape.width(), shape.height());
  c.closePath();
  c.strokeShape(shape);
}

/**
 * A texture's picture filling its rectangle: the middle of the picture at the texture's proportions
 * (a mural design is cropped to the wall, never stretched), mirrored as the texture is flipped, then
 * the texture's outline.
 */
function drawPicture(c: Konva.Context, shape: Konva.Shape, image: HTMLImageElement, flip: { x: boolean; y: boolean }): void {
  const [w, h] = [shape.width(), shape.height()];
  const crop = coverCrop({ width: image.naturalWidth, height: image.naturalHeight }, { width: w, height: h });
  c.save();
  c.translate(flip.x ? w : 0, flip.y ? h : 0);
  c.scale(flip.x ? -1 : 1, flip.y ? -1 : 1);
  c.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, 0, w, h);
  c.restore();
  c.beginPath();
  c.rect(0, 0, w, h);
  c.closePath();
  c.strokeShape(shape);
}
