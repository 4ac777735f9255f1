import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useAtomValue } from 'jotai';
import type Konva from 'konva';
import { activeRulesAtom, type SpatialCanvasProps } from '@cpq/client';
import { optionPicture, type EntityJson } from '@cpq/domain';
import { DEFAULT_RULES } from '@cpq/plugin-sdk';
import { formatDimension, itemBox, panelLayoutScene, placedItems, roundTo, stepPrecision } from '@cpq/spatial';
import { canvasGrid, emptyViewMessage, gridLegend } from './canvasStart.ts';
import { CanvasStage } from './CanvasStage.tsx';
import { DeleteViewportDialog } from './DeleteViewportDialog.tsx';
import { DrawTools } from './DrawTools.tsx';
import { exportViewSvg } from './exportSvg.ts';
import { viewContent, viewKeyOf } from './fit.ts';
import { nextItemSpot, snapCandidates, stageScale } from './geometry.ts';
import { keyCommand } from './keys.ts';
import { LayerToggles } from './LayerToggles.tsx';
import { optionData } from './newEntity.ts';
import { Properties } from './Properties.tsx';
import { entitiesInView, inView, panelsInLayoutOrder } from './rows.ts';
import { SelectedItemPanel } from './SelectedItemPanel.tsx';
import type { DocKey, NodeContext, Obj } from './types.ts';
import { useAddRows } from './useAddRows.ts';
import { useBoxWidth } from './useBoxWidth.ts';
import { useClipboard } from './useClipboard.ts';
import { useLayers } from './useLayers.ts';
import { useNudge } from './useNudge.ts';
import { useSelection } from './useSelection.ts';
import { useSpatialDoc } from './useSpatialDoc.ts';
import { useStageView } from './useStageView.ts';
import { useTentative } from './useTentative.ts';
import { ViewControls } from './ViewControls.tsx';
import { ViewNotes } from './ViewNotes.tsx';
import { ViewObjects } from './ViewObjects.tsx';
import { viewObjects } from './viewObjects.ts';
import { sameView, viewList, type ViewRef } from './views.ts';
import { ViewsPanel } from './ViewsPanel.tsx';
import { ViewStepper } from './ViewStepper.tsx';
import styles from './SpatialCanvas.module.css';

/** The architectural canvas of a spatial order (plan, viewports, mural planning), shown inside the order page. */
export function SpatialCanvas({ order, data, catalogue, canEdit, items: allItems, onPlaceItem, onCopyItem }: SpatialCanvasProps) {
  const rules = (useAtomValue(activeRulesAtom) ?? DEFAULT_RULES).spatial;
  const ids = useMemo(() => ({ orgId: order.orgId, productOrderId: order.id }), [order.orgId, order.id]);
  const s = useSpatialDoc(data, ids);
  const { doc } = s;
  const list = viewList(rules.planView, doc.archCustomViews, rules.murals);
  const [view, setView] = useState<ViewRef | null>(list[0] ?? null);
  const current = view && list.some((v) => sameView(v, view)) ? view : (list[0] ?? null);
  const viewId = current?.kind === 'customView' ? current.id : null;
  const [precision, setPrecision] = useState(1);
  const [layers, setLayers] = useLayers(order.id);
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);
  const [notesFor, setNotesFor] = useState<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage>(null);

  const width = useBoxWidth(box);
  const { baseScale, frame } = stageScale(current?.kind, rules, width);
  const stage = useStageView({
    ...{ stageRef, boxRef: box, baseScale, zoom: rules.zoom, panningClass: styles.panning!, width, viewKey: viewKeyOf(current) },
    // Read when the view is fitted (after this render), so the rows below are there by then.
    content: () => viewContent(current?.kind, { walls: doc.archWalls, elevations: doc.archElevations, entities: current?.kind === 'plan' ? doc.entities : entities, viewId, texts: doc.productCanvasTexts, lines: doc.productCanvasLines, items, itemSize, px: 1 / baseScale, panelLayout }),
  });
  const units = rules.units;
  const dim = (v: number) => formatDimension(roundTo(v, precision), units);
  const entities = entitiesInView(doc.entities, viewId);
  const itemSize = itemBox(baseScale);
  const items = viewId === null ? [] : placedItems(allItems, viewId, itemSize);
  const unplaced = viewId === null ? [] : allItems.filter((i) => i.archCustomViewId !== viewId);
  const panelLayout = useMemo(
    () => (current?.kind === 'panelLayout' ? panelLayoutScene('Panel Layout', panelsInLayoutOrder(doc.entities, doc.archCustomViews), { units, precision }) : null),
    [current?.kind, doc.entities, doc.archCustomViews, units, precision],
  );

  const grid = canvasGrid(rules);
  const emptyMessage = emptyViewMessage({
    kind: current?.kind,
    canEdit,
    murals: rules.murals,
    contents: {
      walls: doc.archWalls.length + doc.archElevations.length,
      viewportRows: entities.length + items.length + inView(doc.productCanvasTexts, viewId).length + inView(doc.productCanvasLines, viewId).length,
      panels: panelLayout?.shapes.length ?? 0,
    },
  });

  const pen = useTentative({ setStatus: s.setStatus, candidates: () => snapCandidates(viewId, entities, [...doc.archWalls, ...doc.archElevations]), scale: stage.liveScale });
  const { selection, setSelection, select, click, fieldError, setFieldError } = useSelection({ locked: pen.active, canEdit, viewKind: current?.kind, viewId, boxRef: box });
  const nudge = useNudge({ doc, items, viewId, update: s.update, onPlaceItem });
  const clipboard = useClipboard({ selection, setSelection, canEdit, doc, placed: items, allItems, viewId, create: s.create, setStatus: s.setStatus, onCopyItem });
  const add = useAddRows({ s, viewId, entities, allItems, options: catalogue.productOptions, selection, setSelection, setView });
  const option = (id: unknown) => optionData(catalogue.productOptions, id);
  const optionRow = (id: unknown) => catalogue.productOptions.find((o) => o.id === id);
  // A texture draws its design's picture: the option's thumbnail.
  const muralPicture = (id: unknown) => {
    const picture = optionPicture(optionRow(id));
    return picture?.kind === 'image' ? picture.url : null;
  };

  function onStageClick(e: Konva.KonvaEventObject<MouseEvent>) {
    const at = stageRef.current?.getRelativePointerPosition();
    if (!at || stage.panning()) return;
    if (pen.active) {
      const done = pen.click(at, e.evt.shiftKey);
      if (done) void add.saveShape(done);
      return;
    }
    if (e.target === e.target.getStage()) select(null);
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const typing = (e.target as HTMLElement).closest('input, textarea, select');
    if (typing) return;
    const command = keyCommand(e, { selection, canEdit, drawing: pen.active });
    if (!command) return;
    if (command.kind !== 'cancel') e.preventDefault();
    switch (command.kind) {
      case 'pan':
        return stage.holdSpace(true);
      case 'cancel':
        return pen.cancel();
      case 'delete':
        setSelection(null);
        return void s.destroy(command.selection.key, command.selection.id, 'Deleted.');
      case 'nudge':
        return nudge(command.selection, command.step);
      case 'copy':
      case 'paste':
        // The drawing's copy and paste, not the order page's (which copies the active item).
        e.stopPropagation();
        return command.kind === 'copy' ? clipboard.copy() : void clipboard.paste();
    }
  }

  const ctx: NodeContext = { baseScale, liveScale: stage.liveScale, selection, canEdit, hasTentative: pen.active, layers, murals: rules.murals, dim, select, click, optionData: option, muralPicture, update: s.update, setStatus: s.setStatus };
  const selectedRow = selection && selection.key !== 'productInstances' ? ((doc[selection.key] as { id: number }[]).find((r) => r.id === selection.id) as Obj | undefined) : undefined;
  const selectedItem = selection?.key === 'productInstances' ? allItems.find((i) => i.id === selection.id) : undefined;

  return (
    <div className={styles.canvas} data-testid="spatial-canvas">
      <div className={styles.toolbar} role="toolbar" aria-label="Drawing tools">
        <ViewStepper list={list} current={current} views={doc.archCustomViews} onView={setView} />
        {canEdit && (
          <DrawTools
            kind={current?.kind}
            viewId={viewId}
            murals={rules.murals}
            walls={doc.archWalls}
            unplaced={unplaced}
            pen={pen}
            onAddText={add.addText}
            onAddEntity={(type, extra) => void add.addEntity(type, extra)}
            onPlaceItem={(id) => {
              onPlaceItem(id, { archCustomViewId: viewId, canvasPosition: nextItemSpot(itemSize, items.length) });
              setSelection({ key: 'productInstances', id });
            }}
          />
        )}
        <ViewControls
          onZoom={stage.zoomBy}
          onFit={stage.fit}
          onExport={() => exportViewSvg(doc, allItems, current, { units, precision, layers: rules.murals ? layers : undefined, grid: rules.grid, viewportSize: frame, itemBox: itemSize }, order)}
          precision={precision}
          units={units}
          onPrecision={(direction) => setPrecision((p) => stepPrecision(p, direction, rules.dimensionPrecision))}
        />
        {rules.murals && <LayerToggles layers={layers} onChange={setLayers} />}
      </div>

      <div className={styles.body}>
        <ViewsPanel
          list={list}
          current={current}
          views={doc.archCustomViews}
          canEdit={canEdit}
          onView={setView}
          onRank={(row, rank) => void s.update('archCustomViews', row.id, { rank }).then(() => s.setStatus({ tone: 'info', message: 'Viewport moved.' }))}
          onTitle={(row, title) => void s.update('archCustomViews', row.id, { title })}
          onNotes={setNotesFor}
          onDelete={setConfirmDelete}
          onNewViewport={() => void add.newViewport()}
        >
          {viewId !== null && (
            <ViewObjects
              objects={viewObjects({ entities, items, texts: inView(doc.productCanvasTexts, viewId), lines: inView(doc.productCanvasLines, viewId), layers, murals: rules.murals, designTitle: (id) => optionRow(id)?.title ?? null })}
              selection={selection}
              onSelect={select}
            />
          )}
          {selectedItem && viewId !== null && (
            <SelectedItemPanel
              item={selectedItem}
              canEdit={canEdit}
              onTakeOut={() => {
                setSelection(null);
                onPlaceItem(selectedItem.id, { archCustomViewId: null, canvasPosition: null });
              }}
            />
          )}
          {selectedRow && selection && selection.key !== 'productInstances' && canEdit && (
            <Properties
              selection={selection}
              row={selectedRow}
              error={fieldError}
              onError={setFieldError}
              units={units}
              onSave={(props) => void s.update(selection.key as DocKey, selection.id, props as never)}
              onAutogenerate={selection.key === 'entities' && selectedRow.type === 'calicoMuralArea' ? () => void add.autogenerate(selectedRow as unknown as EntityJson) : undefined}
            />
          )}
        </ViewsPanel>

        <CanvasStage
          boxRef={box}
          stageRef={stageRef}
          width={width}
          hasViews={list.length > 0}
          drawing={{ current, viewId, doc, entities, items, itemSize, frame, grid, units, panelLayout, tentative: pen.tentative, emptyMessage }}
          ctx={ctx}
          view={stage}
          onPlaceItem={onPlaceItem}
          onClick={onStageClick}
          onMouseMove={(e) => {
            const at = stageRef.current?.getRelativePointerPosition();
            if (at) pen.move(at, e.evt.shiftKey);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className={styles.footer}>
        <p className={s.status?.tone === 'error' ? styles.statusError : styles.status} role="status" aria-live="polite" data-testid="canvas-status">
          {s.status?.tone === 'progress' ? s.status.message : s.saving ? 'Saving…' : (s.status?.message ?? pen.hint)}
        </p>
        {list.length > 0 && current?.kind !== 'panelLayout' && (
          <p className={styles.gridLegend} data-testid="grid-legend">
            {gridLegend(grid, units)}
          </p>
        )}
      </div>

      {confirmDelete !== null && (
        <DeleteViewportDialog
          title={doc.archCustomViews.find((v) => v.id === confirmDelete)?.title}
          onCancel={() => setConfirmDelete(null)}
          onConfirm={() => {
            setConfirmDelete(null);
            void s.destroy('archCustomViews', confirmDelete, 'Viewport deleted.');
          }}
        />
      )}
      {notesFor !== null && (
        <ViewNotes
          view={doc.archCustomViews.find((v) => v.id === notesFor)!}
          murals={rules.murals}
          onClose={() => setNotesFor(null)}
          onSave={(notes) => {
            setNotesFor(null);
            void s.update('archCustomViews', notesFor, { drawingNotesData: notes });
          }}
        />
      )}
    </div>
  );
}
