import { useEffect, useId, useRef, type KeyboardEvent, type RefObject } from 'react';
import type Konva from 'konva';
import { Layer, Line, Rect, Stage, Text, Transformer } from 'react-konva';
import type { SpatialCanvasProps } from '@cpq/client';
import type { ArchWallJson, EntityJson } from '@cpq/domain';
import type { SpatialRules } from '@cpq/plugin-sdk';
import { formatDimension, type Scene } from '@cpq/spatial';
import { useShowsKeyboardTips } from '@cpq/ui';
import { LineNode, ItemNode, TextNode } from './AnnotationNodes.tsx';
import { MuralEntities } from './EntityNode.tsx';
import { gridLabelXs } from './geometry.ts';
import { GridShape } from './GridShape.tsx';
import { PlanLabelNode, WallGrips, WallNode } from './PlanNodes.tsx';
import { canvasLabel } from './keys.ts';
import { inView } from './rows.ts';
import { SceneShapes } from './SceneShapes.tsx';
import type { Tentative } from './tentative.ts';
import type { NodeContext, PlacedItem, Size } from './types.ts';
import type { SpatialDoc } from './useSpatialDoc.ts';
import type { StageView } from './useStageView.ts';
import type { ViewRef } from './views.ts';
import styles from './SpatialCanvas.module.css';

/** What the stage draws: the view on screen and the drawing's rows in it. */
export interface StageDrawing {
  current: ViewRef | null;
  viewId: number | null;
  doc: SpatialDoc;
  /** The entities and items of the viewport on screen. */
  entities: readonly EntityJson[];
  items: readonly PlacedItem[];
  itemSize: Size;
  frame: Size;
  grid: SpatialRules['grid'];
  units: SpatialRules['units'];
  panelLayout: Scene | null;
  tentative: Tentative;
  /** What to do next when the view on screen is empty (see canvasStart.ts), else null. */
  emptyMessage: string | null;
}

interface Props {
  boxRef: RefObject<HTMLDivElement | null>;
  stageRef: RefObject<Konva.Stage | null>;
  width: number;
  /** There is at least one view to draw. */
  hasViews: boolean;
  drawing: StageDrawing;
  ctx: NodeContext;
  view: StageView;
  onPlaceItem: SpatialCanvasProps['onPlaceItem'];
  onClick: (e: Konva.KonvaEventObject<MouseEvent>) => void;
  onMouseMove: (e: Konva.KonvaEventObject<MouseEvent>) => void;
  onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => void;
}

/** The stage's box (keys, focus) and the Konva stage: the view's frame and grid, then what is drawn in it, the shape being drawn last. */
export function CanvasStage(props: Props) {
  const { boxRef, stageRef, ctx, view } = props;
  const { current, viewId, doc, entities, items, itemSize, frame, grid, units, panelLayout, tentative, emptyMessage } = props.drawing;
  const { baseScale, selection } = ctx;
  const trRef = useRef<Konva.Transformer>(null);
  const keyboard = useShowsKeyboardTips();
  const emptyId = useId();

  // The transformer follows the selected rectangle.
  useEffect(() => {
    const tr = trRef.current;
    const stage = stageRef.current;
    if (!tr || !stage) return;
    const node = selection?.key === 'entities' ? stage.findOne(`#entity-${selection.id}`) : null;
    // Boxes (areas, textures, panels; a texture showing its picture is an Image) are resized; lines and labels are only moved.
    tr.nodes(node && ['Shape', 'Image'].includes(node.getClassName()) ? [node] : []);
    tr.getLayer()?.batchDraw();
  }, [selection, doc.entities, current, stageRef]);

  const gridLabels = grid && viewId !== null ? gridLabelXs(grid.size, frame.width) : [];
  const onPlan = current?.kind === 'plan';
  // The grid on the plan (no end) and in a viewport (its frame); the Panel Layout is generated, not drawn on.
  const gridBounds = onPlan ? null : viewId !== null ? frame : undefined;
  return (
    <div
      ref={boxRef}
      className={styles.stageBox}
      tabIndex={0}
      role="application"
      aria-label={canvasLabel(keyboard)}
      aria-describedby={props.hasViews && emptyMessage ? emptyId : undefined}
      onKeyDown={props.onKeyDown}
      onKeyUp={(e) => e.key === ' ' && view.holdSpace(false)}
      onBlur={() => view.holdSpace(false)}
      data-testid="canvas-stage"
      data-tentative={tentative.mode}
      data-view-kind={current?.kind}
      data-selection={selection ? `${selection.key}-${selection.id}` : ''}
      data-layout-panels={panelLayout ? panelLayout.shapes.filter((sh) => sh.id?.startsWith('panel-')).length : undefined}
    >
      {!props.hasViews ? (
        <p className={styles.empty}>No viewports yet. Add one with “New viewport”.</p>
      ) : (
        <Stage ref={stageRef} width={props.width} height={view.size.height} {...view.stageEvents} onClick={props.onClick} onMouseMove={props.onMouseMove}>
          <Layer>
            {viewId !== null && <Rect x={0} y={0} width={frame.width} height={frame.height} stroke="#90a4ae" strokeWidth={1} strokeScaleEnabled={false} listening={false} />}
            {grid && gridBounds !== undefined && <GridShape grid={grid} bounds={gridBounds} />}
            {gridLabels.map((x) => (
              <Text key={`gl${x}`} x={x + 2 / baseScale} y={2 / baseScale} text={formatDimension(x, units)} fontSize={10 / baseScale} fill="#607d8b" listening={false} />
            ))}
            {panelLayout && <SceneShapes shapes={panelLayout.shapes} />}
            {onPlan && doc.archWalls.map((w) => <WallNode key={`archWalls-${w.id}`} wall={w} wallKey="archWalls" ctx={ctx} />)}
            {onPlan && doc.archElevations.map((w) => <WallNode key={`archElevations-${w.id}`} wall={w as ArchWallJson} wallKey="archElevations" ctx={ctx} />)}
            {onPlan && <WallGrips doc={doc} ctx={ctx} />}
            {onPlan && doc.entities.filter((e) => e.type === 'calicoWallLabel').map((e) => <PlanLabelNode key={`plan-label-${e.id}`} entity={e} ctx={ctx} />)}
            <MuralEntities entities={entities} ctx={ctx} />
            {items.map((p) => (
              <ItemNode key={`item-${p.item.id}`} placed={p} size={itemSize} viewId={viewId} onPlaceItem={props.onPlaceItem} ctx={ctx} />
            ))}
            {inView(doc.productCanvasTexts, viewId).map((t) => (
              <TextNode key={`text-${t.id}`} text={t} ctx={ctx} />
            ))}
            {inView(doc.productCanvasLines, viewId).map((l) => (
              <LineNode key={`line-${l.id}`} line={l} ctx={ctx} />
            ))}
            {tentative.mode === 'placed' && <Line points={[tentative.from.x, tentative.from.y, tentative.to.x, tentative.to.y]} stroke="#2563eb" strokeWidth={2} strokeScaleEnabled={false} dash={[6, 4]} listening={false} />}
            {tentative.mode === 'placed' && <Text x={tentative.to.x + 6 / baseScale} y={tentative.to.y + 6 / baseScale} text={ctx.dim(Math.hypot(tentative.to.x - tentative.from.x, tentative.to.y - tentative.from.y))} fontSize={11 / baseScale} fill="#2563eb" listening={false} />}
            <Transformer ref={trRef} rotateEnabled={false} ignoreStroke boundBoxFunc={(oldBox, newBox) => (newBox.width < 1 || newBox.height < 1 ? oldBox : newBox)} />
          </Layer>
        </Stage>
      )}
      {props.hasViews && emptyMessage && (
        // Over the stage but not in its way: clicks go through it to the drawing.
        <p id={emptyId} className={styles.emptyView} data-testid="canvas-empty">
          {emptyMessage}
        </p>
      )}
    </div>
  );
}
