import type Konva from 'konva';
import { Line, Shape, Text } from 'react-konva';
import type { EntityJson } from '@cpq/domain';
import { SPATIAL_DEFAULTS, applyResize, seamColor, snapToIncrement, type Point } from '@cpq/spatial';
import { drawBox, hitBox, type BoxExtras } from './boxShape.ts';
import { dataOf } from './rows.ts';
import type { NodeContext } from './types.ts';

const MURAL_BOXES = new Set(['calicoMuralArea', 'calicoMuralTexture']);
const PANELS_AND_SEAMS = new Set(['calicoMuralPanel', 'calicoMuralSeam', 'calicoMismatchLine']);

/**
 * An entity of a viewport: a line (seam, mismatch line) by its two ends, a wall label by its title, or
 * a mural box (area, texture, panel) as one Konva shape. Hidden with its layer where murals are planned.
 */
export function EntityNode({ entity: e, ctx }: { entity: EntityJson; ctx: NodeContext }) {
  const d = dataOf(e);
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
  return (
    <Shape
      {...common}
      x={at.x}
      y={at.y}
      width={size.width}
      height={size.height}
      fill={fill ?? 'rgba(0,0,0,0)'}
      opacity={e.type === 'calicoMuralTexture' ? 0.7 : 1}
      perfectDrawEnabled={false}
      stroke={stroke}
      strokeWidth={1.5}
      strokeScaleEnabled={false}
      dash={e.type === 'calicoMuralArea' && d.isReturn ? [6, 4] : undefined}
      sceneFunc={(c, shape) => drawBox(c, shape, extras)}
      hitFunc={hitBox}
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
