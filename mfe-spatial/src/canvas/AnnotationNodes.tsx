import { Arrow, Group, Rect, Text } from 'react-konva';
import type { SpatialCanvasProps } from '@cpq/client';
import type { ProductCanvasLineJson, ProductCanvasTextJson } from '@cpq/domain';
import { snapToIncrement } from '@cpq/spatial';
import type { NodeContext, PlacedItem, Size } from './types.ts';

const SELECTED = '#2563eb';
const INK = '#263238';

/** An item of the order placed in the viewport: a box with its title and quantity, dragged to a new place. */
export function ItemNode({ placed: { item: i, x, y }, size, viewId, onPlaceItem, ctx }: { placed: PlacedItem; size: Size; viewId: number | null; onPlaceItem: SpatialCanvasProps['onPlaceItem']; ctx: NodeContext }) {
  const isSel = ctx.selection?.key === 'productInstances' && ctx.selection.id === i.id;
  return (
    <Group
      id={`item-${i.id}`}
      x={x}
      y={y}
      draggable={ctx.canEdit && !ctx.hasTentative}
      onClick={() => ctx.select({ key: 'productInstances', id: i.id })}
      onTap={() => ctx.select({ key: 'productInstances', id: i.id })}
      onDragEnd={(ev) => onPlaceItem(i.id, { archCustomViewId: viewId, canvasPosition: { x: snapToIncrement(ev.target.x()), y: snapToIncrement(ev.target.y()) } })}
    >
      <Rect width={size.width} height={size.height} fill="#fff" stroke={isSel ? SELECTED : '#455a64'} strokeWidth={isSel ? 2 : 1} strokeScaleEnabled={false} perfectDrawEnabled={false} />
      <Text width={size.width} y={size.height * 0.4} align="center" text={`${i.title || 'Item'} × ${i.quantity}`} fontSize={12 / ctx.baseScale} listening={false} />
    </Group>
  );
}

/** A text of the viewport; a double-click opens its words in the editor. */
export function TextNode({ text: t, ctx }: { text: ProductCanvasTextJson; ctx: NodeContext }) {
  return (
    <Text
      id={`text-${t.id}`}
      x={t.position.x}
      y={t.position.y}
      width={t.width}
      text={t.text}
      fontSize={14 / ctx.baseScale}
      fill={ctx.selection?.key === 'productCanvasTexts' && ctx.selection.id === t.id ? SELECTED : INK}
      draggable={ctx.canEdit && !ctx.hasTentative}
      onClick={(ev) => ctx.click({ key: 'productCanvasTexts', id: t.id }, ev.evt.timeStamp)}
      onDragEnd={(ev) => void ctx.update('productCanvasTexts', t.id, { position: { x: ev.target.x(), y: ev.target.y() } })}
    />
  );
}

/** A line of the viewport, with an arrowhead at either end when asked. */
export function LineNode({ line: l, ctx }: { line: ProductCanvasLineJson; ctx: NodeContext }) {
  const { baseScale } = ctx;
  return (
    <Arrow
      points={[l.from.x, l.from.y, l.to.x, l.to.y]}
      stroke={ctx.selection?.key === 'productCanvasLines' && ctx.selection.id === l.id ? SELECTED : INK}
      fill={INK}
      strokeWidth={l.strokeWidth / baseScale}
      pointerAtBeginning={!!l.fromSymbol && l.fromSymbol !== 'none'}
      pointerAtEnding={!!l.toSymbol && l.toSymbol !== 'none'}
      pointerLength={8 / baseScale}
      pointerWidth={6 / baseScale}
      hitStrokeWidth={12 / baseScale}
      draggable={ctx.canEdit && !ctx.hasTentative}
      onClick={(ev) => ctx.click({ key: 'productCanvasLines', id: l.id }, ev.evt.timeStamp)}
      onDragEnd={(ev) => {
        // The drag moved the node; the line's ends take the move and the node goes back.
        const dx = ev.target.x(), dy = ev.target.y();
        ev.target.position({ x: 0, y: 0 });
        void ctx.update('productCanvasLines', l.id, { from: { x: l.from.x + dx, y: l.from.y + dy }, to: { x: l.to.x + dx, y: l.to.y + dy } });
      }}
    />
  );
}
