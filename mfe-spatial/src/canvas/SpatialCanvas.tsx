import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { useAtomValue } from 'jotai';
import Konva from 'konva';
import { Arrow, Circle, Group, Layer, Line, Rect, Shape, Stage, Text, Transformer } from 'react-konva';
import { activeRulesAtom, type SpatialCanvasProps } from '@cpq/client';
import type { ArchWallJson, EntityJson } from '@cpq/domain';
import { DEFAULT_RULES } from '@cpq/plugin-sdk';
import { Button, Modal, downloadBlob } from '@cpq/ui';
import { SPATIAL_DEFAULTS, applyResize, autogeneratePanels, buildViewScene, itemBox, placedItems, moveWallEnd, panelLayoutScene, snapPoint, snapToIncrement, copyForPaste, formatDimension, nextWallStart, roundTo, sceneToSvg, seamColor, stepPrecision, wallLength, wallOutline, type Point } from '@cpq/spatial';
import { readyToSave, TENTATIVE_NOUN, tentativeReducer, type TentativeKind } from './tentative.ts';
import { useSpatialDoc } from './useSpatialDoc.ts';
import { parseRank, sameView, stepView, viewLabel, viewList, type ViewRef } from './views.ts';
import { ViewNotes } from './ViewNotes.tsx';
import { Properties } from './Properties.tsx';
import { SceneShapes } from './SceneShapes.tsx';
import { nudgeProps, nudgeStep } from './nudge.ts';
import { drawBox, hitBox, type BoxExtras } from './boxShape.ts';
import type { DocKey, Obj, Selection } from './types.ts';
import styles from './SpatialCanvas.module.css';

type Layers = { murals: boolean; panelsAndSeams: boolean; dimensions: boolean };
const STAGE_HEIGHT = 560;
// Two clicks within 300 ms are a double-click (Konva's default is 400).
Konva.dblClickWindow = 300;
/** Stillness after a zoom or pan before pointer hits work again. */
const HIT_PAUSE_MS = 200;
/** Rest after the last arrow key before the moved selection is saved. */
const NUDGE_SAVE_MS = 300;


/** Layer visibility of one order's drawing, kept in this tab's session storage. */
function useLayers(orderId: number): [Layers, (l: Partial<Layers>) => void] {
  const key = `cpq.canvasLayers.${orderId}`;
  const [layers, set] = useState<Layers>(() => {
    try {
      return { murals: true, panelsAndSeams: true, dimensions: true, ...(JSON.parse(sessionStorage.getItem(key) ?? '{}') as Partial<Layers>) };
    } catch {
      return { murals: true, panelsAndSeams: true, dimensions: true };
    }
  });
  const update = useCallback(
    (l: Partial<Layers>) =>
      set((prev) => {
        const next = { ...prev, ...l };
        sessionStorage.setItem(key, JSON.stringify(next));
        return next;
      }),
    [key],
  );
  return [layers, update];
}

const toPoint = (p: { x: number; z: number }): Point => ({ x: p.x, y: p.z });
const dataOf = (e: EntityJson) => e.data as Obj & { position?: Point; size?: { width: number; height: number }; from?: Point; to?: Point };

/** The architectural canvas of a spatial order (plan, viewports, mural planning), shown inside the order page. */
export function SpatialCanvas({ order, data, catalogue, canEdit, items: allItems, onPlaceItem, onCopyItem }: SpatialCanvasProps) {
  const rules = (useAtomValue(activeRulesAtom) ?? DEFAULT_RULES).spatial;
  const ids = useMemo(() => ({ orgId: order.orgId, productOrderId: order.id }), [order.orgId, order.id]);
  const s = useSpatialDoc(data, ids);
  const { doc } = s;
  const list = viewList(rules.planView, doc.archCustomViews, rules.murals);
  const [view, setView] = useState<ViewRef | null>(list[0] ?? null);
  const current = view && list.some((v) => sameView(v, view)) ? view : (list[0] ?? null);
  const [selection, setSelection] = useState<Selection>(null);
  const [clipboard, setClipboard] = useState<Selection>(null);
  const [tentative, dispatch] = useReducer(tentativeReducer, { mode: 'idle' });
  const [precision, setPrecision] = useState(1);
  const [layers, setLayers] = useLayers(order.id);
  // Zoom and pan move the Konva stage directly, never through a React render (500 entities stay at
  // 60 fps): outlines keep their screen width (strokeScaleEnabled false), labels zoom with the drawing.
  const live = useRef({ zoom: 1, pan: { x: 40, y: 40 } as Point, space: false });
  const hitTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const nudgePending = useRef<{ timer: ReturnType<typeof setTimeout>; save: () => void } | null>(null);
  const [width, setWidth] = useState(900);
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);
  const [notesFor, setNotesFor] = useState<number | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const trRef = useRef<Konva.Transformer>(null);
  const stageRef = useRef<Konva.Stage>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(Math.max(320, el.clientWidth)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const viewScale = (current?.kind === 'plan' ? rules.scale.plan : rules.scale.customView) ?? 2;
  // The Panel Layout shows a whole row (up to 1400 wide) across the stage.
  const baseScale = current?.kind === 'panelLayout' ? Math.min(viewScale, (width - 80) / (SPATIAL_DEFAULTS.panelRowMaxWidth + 50)) : viewScale;
  // A viewport's frame is its size on screen at the view's scale, in drawing units.
  const frame = { width: rules.viewportSize.width / baseScale, height: rules.viewportSize.height / baseScale };
  /** Screen pixels per drawing unit now (snapping works in screen pixels). */
  const liveScale = () => baseScale * live.current.zoom;
  const units = rules.units;
  const dim = (v: number) => formatDimension(roundTo(v, precision), units);
  const viewId = current?.kind === 'customView' ? current.id : null;
  const inView = <T extends { customViewId?: number | null }>(rows: T[]) => rows.filter((r) => viewId !== null && r.customViewId === viewId);
  const entities = doc.entities.filter((e) => viewId !== null && dataOf(e).archCustomViewId === viewId);
  const itemSize = itemBox(baseScale);
  const items = viewId === null ? [] : placedItems(allItems, viewId, itemSize);
  const unplaced = viewId === null ? [] : allItems.filter((i) => i.archCustomViewId !== viewId);
  const hasTentative = tentative.mode !== 'idle';
  const drawing = (kind: TentativeKind) => tentative.mode !== 'idle' && tentative.kind === kind;
  /** Starts drawing by two clicks; the status line then says what to click. */
  const startDrawing = (kind: TentativeKind, chainFrom: Point | null = null) => {
    s.setStatus(null);
    dispatch({ type: 'start', kind, chainFrom });
  };
  // The Panel Layout: every viewport's panels, viewport by viewport in rank order, by panel number.
  const panelLayout = useMemo(() => {
    if (current?.kind !== 'panelLayout') return null;
    const rank = new Map(doc.archCustomViews.map((v) => [v.id, v.rank]));
    const key = (e: EntityJson) => [rank.get(Number(dataOf(e).archCustomViewId)) ?? 0, Number(dataOf(e).panelNumber ?? 0), e.id] as const;
    const panels = doc.entities.filter((e) => e.type === 'calicoMuralPanel').sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      return ka[0] - kb[0] || ka[1] - kb[1] || ka[2] - kb[2];
    });
    return panelLayoutScene('Panel Layout', panels, { units, precision });
  }, [current?.kind, doc.entities, doc.archCustomViews, units, precision]);

  // What was selected belongs to the view it was selected in.
  useEffect(() => setSelection(null), [current?.kind, viewId]);
  // A field's error belongs to the entity it was typed for.
  useEffect(() => setFieldError(null), [selection]);

  /** A double-click selects and puts the cursor in the first field of its editor (a text's words, a size). */
  const edit = (sel: NonNullable<Selection>) => {
    if (hasTentative || !canEdit) return;
    setSelection(sel);
    requestAnimationFrame(() => box.current?.closest('[data-testid="spatial-canvas"]')?.querySelector<HTMLElement>('[data-testid="properties"] :is(textarea, input)')?.focus());
  };

  const select = (sel: Selection) => {
    // Nothing can be selected while something is being drawn (two clicks).
    if (hasTentative) return;
    setSelection(sel);
    setFieldError(null);
  };

  // The transformer follows the selected rectangle.
  useEffect(() => {
    const tr = trRef.current;
    const stage = stageRef.current;
    if (!tr || !stage) return;
    const node = selection?.key === 'entities' ? stage.findOne(`#entity-${selection.id}`) : null;
    // Boxes (areas, textures, panels) are resized; lines and labels are only moved.
    tr.nodes(node && node.getClassName() === 'Shape' ? [node] : []);
    tr.getLayer()?.batchDraw();
  }, [selection, doc.entities, current]);

  /** Puts the live zoom and pan on the stage and schedules one draw. */
  const applyView = useCallback(() => {
    const stage = stageRef.current;
    const { zoom: z, pan: p } = live.current;
    box.current?.setAttribute('data-scale', String(baseScale * z));
    if (!stage) return;
    stage.scale({ x: baseScale * z, y: baseScale * z });
    stage.position(p);
    stage.batchDraw();
  }, [baseScale]);
  useLayoutEffect(applyView);
  useEffect(
    () => () => {
      if (hitTimer.current) clearTimeout(hitTimer.current);
      // A move made with the arrow keys is saved even when the page is left at once.
      if (nudgePending.current) {
        clearTimeout(nudgePending.current.timer);
        nudgePending.current.save();
      }
    },
    [],
  );

  /**
   * While the view moves, the layers' hit graphs (what finds the shape under the pointer: a second
   * drawing of every shape) are not redrawn; they are once the view has been still for a moment.
   */
  function pauseHits() {
    const layers = stageRef.current?.getLayers() ?? [];
    for (const l of layers) if (l.listening()) l.listening(false);
    if (hitTimer.current) clearTimeout(hitTimer.current);
    hitTimer.current = setTimeout(() => {
      hitTimer.current = null;
      if (live.current.space) return;
      for (const l of stageRef.current?.getLayers() ?? []) {
        l.listening(true);
        l.batchDraw();
      }
    }, HIT_PAUSE_MS);
  }

  function moveView(zoomTo: number, panTo: Point) {
    live.current.zoom = zoomTo;
    live.current.pan = panTo;
    pauseHits();
    applyView();
  }

  function holdSpace(held: boolean) {
    if (live.current.space === held) return;
    live.current.space = held;
    stageRef.current?.draggable(held);
    pauseHits();
    box.current?.classList.toggle(styles.panning!, held);
  }

  const pointer = (): Point | null => stageRef.current?.getRelativePointerPosition() ?? null;
  const wallEnds = (): Point[] => [...doc.archWalls, ...doc.archElevations].flatMap((w) => [toPoint(w.from), toPoint(w.to)]);

  /** What a tentative end snaps to: wall ends on the plan; in a viewport, the corners of its boxes and the ends of its lines. */
  const snapCandidates = (): Point[] => {
    if (viewId === null) return wallEnds();
    return entities.flatMap((e) => {
      const d = dataOf(e);
      if (d.from && d.to) return [d.from, d.to];
      if (!d.position || !d.size) return [];
      const { x, y } = d.position;
      const { width: w, height: h } = d.size;
      return [{ x, y }, { x: x + w, y }, { x, y: y + h }, { x: x + w, y: y + h }];
    });
  };

  async function saveTentative(t: Extract<typeof tentative, { mode: 'placed' }>) {
    const plan = { from: { x: t.from.x, z: t.from.y }, to: { x: t.to.x, z: t.to.y } };
    const ends = { from: { x: t.from.x, y: t.from.y }, to: { x: t.to.x, y: t.to.y } };
    dispatch({ type: 'saved' });
    if (t.kind === 'wall' || t.kind === 'elevation') {
      const key = t.kind === 'wall' ? 'archWalls' : 'archElevations';
      const row = await s.create(key, plan, t.kind === 'wall' ? 'Wall saved.' : 'Elevation saved.');
      if (row) setSelection({ key, id: row.id });
    } else if (t.kind === 'line') {
      if (viewId === null) return;
      const row = await s.create('productCanvasLines', { ...ends, customViewId: viewId }, 'Line added.');
      if (row) setSelection({ key: 'productCanvasLines', id: row.id });
    } else {
      await addEntity(t.kind === 'seam' ? 'calicoMuralSeam' : 'calicoMismatchLine', ends);
    }
  }

  function onStageClick(e: Konva.KonvaEventObject<MouseEvent>) {
    const at = pointer();
    if (!at || live.current.space) return;
    if (tentative.mode !== 'idle') {
      const event = { type: 'click' as const, at, shift: e.evt.shiftKey, candidates: snapCandidates(), scale: liveScale() };
      const next = tentativeReducer(tentative, event);
      dispatch(event);
      if (tentative.mode === 'placed' && readyToSave(next)) void saveTentative(next);
      return;
    }
    if (e.target === e.target.getStage()) select(null);
  }

  function onWheel(e: Konva.KonvaEventObject<WheelEvent>) {
    e.evt.preventDefault();
    const stage = stageRef.current;
    const p = stage?.getPointerPosition();
    if (!p) return;
    const { zoom: z, pan: at } = live.current;
    const next = Math.min(Math.max(z * (1 - e.evt.deltaY * SPATIAL_DEFAULTS.zoom.wheelStep), rules.zoom.min), rules.zoom.max);
    // Zoom around the pointer: the drawing point under it stays under it.
    const world = { x: (p.x - at.x) / (baseScale * z), y: (p.y - at.y) / (baseScale * z) };
    moveView(next, { x: p.x - world.x * baseScale * next, y: p.y - world.y * baseScale * next });
  }

  const zoomBy = (f: number) => moveView(Math.min(Math.max(live.current.zoom * f, rules.zoom.min), rules.zoom.max), live.current.pan);

  async function copyOrPaste(kind: 'copy' | 'paste') {
    if (kind === 'copy') {
      if (selection && selection.key !== 'archWalls' && selection.key !== 'archElevations') {
        setClipboard(selection);
        s.setStatus({ tone: 'info', message: 'Copied.' });
      }
      return;
    }
    if (!clipboard || !canEdit) return;
    if (clipboard.key === 'productInstances') {
      // An item's copy is a new item of the order, 250 along both axes, in the view on screen.
      const from = items.find((p) => p.item.id === clipboard.id) ?? allItems.map((item) => ({ item, x: 0, y: 0 })).find((p) => p.item.id === clipboard.id);
      if (!from || viewId === null) return;
      const moved = copyForPaste({ canvasPosition: { x: from.x, y: from.y } }, 'productInstance') as { canvasPosition: Point };
      const made = await onCopyItem(clipboard.id, { archCustomViewId: viewId, canvasPosition: moved.canvasPosition });
      if (made) {
        setSelection({ key: 'productInstances', id: made.id });
        s.setStatus({ tone: 'info', message: 'Item pasted.' });
      }
      return;
    }
    const row = (doc[clipboard.key] as { id: number }[]).find((r) => r.id === clipboard.id) as Obj | undefined;
    if (!row) return;
    const props = copyForPaste(row, clipboard.key === 'entities' ? 'entity' : clipboard.key === 'productCanvasTexts' ? 'canvasText' : 'canvasLine');
    delete props.orgId;
    delete props.productOrderId;
    const made = await s.create(clipboard.key, props as never, 'Pasted.');
    if (made) setSelection({ key: clipboard.key, id: (made as { id: number }).id });
  }

  /** The selection moved by the arrow keys, saved at once. */
  function nudge(sel: NonNullable<Selection>, { dx, dy }: { dx: number; dy: number }) {
    if (sel.key === 'productInstances') {
      const placed = items.find((p) => p.item.id === sel.id);
      if (placed) onPlaceItem(sel.id, { archCustomViewId: viewId, canvasPosition: { x: snapToIncrement(placed.x + dx), y: snapToIncrement(placed.y + dy) } });
      return;
    }
    const row = (doc[sel.key] as { id: number }[]).find((r) => r.id === sel.id) as Obj | undefined;
    const props = row ? nudgeProps(sel.key, row, dx, dy) : null;
    if (!props) return;
    // Shown at once; saved once the key has rested (a held key is one save, not thirty).
    void s.update(sel.key, sel.id, props as never, false);
    if (nudgePending.current) clearTimeout(nudgePending.current.timer);
    const save = () => {
      nudgePending.current = null;
      void s.update(sel.key as DocKey, sel.id, props as never);
    };
    nudgePending.current = { timer: setTimeout(save, NUDGE_SAVE_MS), save };
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const typing = (e.target as HTMLElement).closest('input, textarea, select');
    if (typing) return;
    if (e.key === ' ') {
      holdSpace(true);
      e.preventDefault();
    } else if (e.key === 'Escape') {
      dispatch({ type: 'cancel' });
    } else if ((e.key === 'Backspace' || e.key === 'Delete') && selection && selection.key !== 'productInstances' && canEdit) {
      e.preventDefault();
      const sel = selection;
      setSelection(null);
      void s.destroy(sel.key as DocKey, sel.id, 'Deleted.');
    } else if (nudgeStep(e.key, e.shiftKey) && selection && canEdit && !hasTentative) {
      e.preventDefault();
      nudge(selection, nudgeStep(e.key, e.shiftKey)!);
    } else if ((e.ctrlKey || e.metaKey) && (e.key === 'c' || e.key === 'v')) {
      e.preventDefault();
      // The drawing's copy and paste, not the order page's (which copies the active item).
      e.stopPropagation();
      void copyOrPaste(e.key === 'c' ? 'copy' : 'paste');
    }
  }

  function exportSvg() {
    if (current?.kind !== 'customView') {
      window.alert('Please go to a viewport to export it to SVG');
      return;
    }
    const scene = buildViewScene({ ...doc, productInstances: allItems }, current, { units, precision, layers: rules.murals ? layers : undefined, grid: rules.grid, viewportSize: frame, itemBox: itemSize });
    downloadBlob(new Blob([sceneToSvg(scene)], { type: 'image/svg+xml' }), `#${order.orgSpecificId} - ${order.title} - ${scene.title}.svg`);
  }

  async function newViewport() {
    const row = await s.create('archCustomViews', { title: SPATIAL_DEFAULTS.viewportTitle, rank: doc.archCustomViews.length + 1 }, 'Viewport added.');
    if (row) setView({ kind: 'customView', id: row.id });
  }

  async function addEntity(type: EntityJson['type'], extra: Obj = {}) {
    if (viewId === null) return;
    const size = type === 'calicoMuralTexture' ? SPATIAL_DEFAULTS.textureSize : SPATIAL_DEFAULTS.muralEntitySize;
    const base: Obj = { archCustomViewId: viewId, position: { x: 20, y: 20 }, size };
    if (type === 'calicoMuralSeam' || type === 'calicoMismatchLine') Object.assign(base, { position: undefined, size: undefined, from: { x: 20, y: 20 }, to: { x: 20, y: 120 } });
    if (type === 'calicoMuralSeam') Object.assign(base, { thickness: SPATIAL_DEFAULTS.seamThickness, alignment: 'center', alignmentMode: 'standard' });
    if (type === 'calicoMuralPanel') Object.assign(base, { bleedLeft: 0.5, bleedRight: 0.5, bleedTop: 1, bleedBottom: 1 });
    if (type === 'calicoMuralTexture') Object.assign(base, { muralProductOptionId: muralOptionId(), substrate: 'standardCommercial', flipX: false, flipY: false });
    if (type === 'calicoWallLabel') {
      // On the plan the label starts at the first wall's middle, its view's start at that wall's start.
      const wall = doc.archWalls[0];
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
    const dataProps = JSON.parse(JSON.stringify({ ...base, ...extra })) as Obj;
    const row = await s.create('entities', { type, data: dataProps as EntityJson['data'] }, 'Added.');
    if (row) setSelection({ key: 'entities', id: row.id });
  }

  /** The mural design of the order's mural item, or the fallback design. */
  function muralOptionId(): number {
    for (const i of allItems) for (const v of Object.values(i.properties ?? {})) {
      const id = (v as { optionId?: number } | null)?.optionId;
      if (id && catalogue.productOptions.some((o) => o.id === id && (o.data as Obj | null)?.panelWidth)) return id;
    }
    return SPATIAL_DEFAULTS.fallbackMuralOptionId;
  }
  const optionData = (id: unknown) => (catalogue.productOptions.find((o) => o.id === id)?.data ?? {}) as Obj;

  async function autogenerate(area: EntityJson) {
    const d = dataOf(area);
    if (!d.position || !d.size) return;
    const texture = entities.find((e) => e.type === 'calicoMuralTexture' && e.parentId === area.id) ?? entities.find((e) => e.type === 'calicoMuralTexture');
    const panelWidth = Number(optionData(texture ? dataOf(texture).muralProductOptionId : muralOptionId()).panelWidth ?? 24);
    const panels = autogeneratePanels({ position: d.position, size: d.size }, { panelWidth });
    const existing = entities.filter((e) => e.type === 'calicoMuralPanel' && e.parentId === area.id);
    s.setStatus({ tone: 'info', message: `Generating ${panels.length} panels…` });
    // Existing panels are moved in one batch; the rest are created, and extra ones removed.
    const reuse = existing.slice(0, panels.length);
    if (reuse.length) await s.batchUpdateEntities(reuse.map((e, i) => ({ id: e.id, data: { ...dataOf(e), ...panels[i]!, archCustomViewId: viewId } as EntityJson['data'] })));
    for (const p of panels.slice(reuse.length)) await s.create('entities', { type: 'calicoMuralPanel', parentId: area.id, parentResourceKey: 'entities', data: { ...p, archCustomViewId: viewId } as EntityJson['data'] });
    for (const e of existing.slice(panels.length)) await s.destroy('entities', e.id);
    s.setStatus({ tone: 'info', message: `${panels.length} panels generated.` });
  }

  const selectedRow = selection && selection.key !== 'productInstances' ? ((doc[selection.key] as { id: number }[]).find((r) => r.id === selection.id) as Obj | undefined) : undefined;
  const selectedItem = selection?.key === 'productInstances' ? allItems.find((i) => i.id === selection.id) : undefined;

  function entityNode(e: EntityJson) {
    const d = dataOf(e);
    const isSel = selection?.key === 'entities' && selection.id === e.id;
    const common = { id: `entity-${e.id}`, draggable: canEdit && !hasTentative, onClick: () => select({ key: 'entities', id: e.id }), onTap: () => select({ key: 'entities', id: e.id }), onDblClick: () => edit({ key: 'entities', id: e.id }) };
    if ((e.type === 'calicoMuralArea' || e.type === 'calicoMuralTexture') && !layers.murals && rules.murals) return null;
    if ((e.type === 'calicoMuralPanel' || e.type === 'calicoMuralSeam' || e.type === 'calicoMismatchLine') && !layers.panelsAndSeams && rules.murals) return null;
    if (d.from && d.to) {
      const thickness = Number(d.thickness ?? 1);
      const stroke = e.type === 'calicoMuralSeam' ? seamColor(thickness) : e.type === 'calicoMismatchLine' ? '#c62828' : '#263238';
      return (
        <Line
          key={e.id}
          {...common}
          points={[d.from.x, d.from.y, d.to.x, d.to.y]}
          stroke={isSel ? '#2563eb' : stroke}
          strokeWidth={e.type === 'calicoMuralSeam' ? thickness : Number(d.size ?? 2)}
          dash={e.type === 'calicoMismatchLine' ? [6, 3] : undefined}
          hitStrokeWidth={12 / baseScale}
          onDragEnd={(ev) => {
            const dx = ev.target.x(), dy = ev.target.y();
            ev.target.position({ x: 0, y: 0 });
            void s.update('entities', e.id, { data: { from: { x: d.from!.x + dx, y: d.from!.y + dy }, to: { x: d.to!.x + dx, y: d.to!.y + dy } } as EntityJson['data'] });
          }}
        />
      );
    }
    const at = (e.type === 'calicoWallLabel' ? (d.customViewPosition as Point | undefined) : d.position) ?? { x: 0, y: 0 };
    if (e.type === 'calicoWallLabel') {
      return <Text key={e.id} {...common} x={at.x} y={at.y} text={String(d.title ?? 'Untitled Wall')} fontSize={14 / baseScale} fill={isSel ? '#2563eb' : '#263238'} onDragEnd={(ev) => void s.update('entities', e.id, { data: { customViewPosition: { x: ev.target.x(), y: ev.target.y() } } as EntityJson['data'] })} />;
    }
    const size = d.size ?? SPATIAL_DEFAULTS.muralEntitySize;
    const fill = e.type === 'calicoMuralTexture' ? String(optionData(d.muralProductOptionId).fill ?? '#a5d6a7') : e.type === 'calicoMuralPanel' && d.isDisabled ? '#eceff1' : undefined;
    const [bl, br, bt, bb] = [d.bleedLeft, d.bleedRight, d.bleedTop, d.bleedBottom].map((v) => Number(v ?? 0)) as [number, number, number, number];
    const bleed = e.type === 'calicoMuralPanel' && (bl || br || bt || bb) ? { left: bl, right: br, top: bt, bottom: bb } : null;
    const stroke = e.type === 'calicoMuralArea' ? '#2e7d32' : e.type === 'calicoMuralPanel' ? (d.isCriticalAlignmentPanel ? '#d84315' : '#455a64') : '#1b5e20';
    const extras: BoxExtras = {
      bleed,
      label: e.type === 'calicoMuralPanel' ? { text: String(d.panelDescriptionOverride || d.panelNumber || ''), size: 12 / baseScale } : null,
      dimension: layers.dimensions && (e.type === 'calicoMuralArea' || e.type === 'calicoMuralPanel') ? { text: dim(size.width), size: (size.width <= 5 ? 8 : 11) / baseScale, below: e.type === 'calicoMuralPanel' } : null,
    };
    return (
      <Shape
        key={e.id}
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
        sceneFunc={(ctx, shape) => drawBox(ctx, shape, extras)}
        hitFunc={hitBox}
        onDragEnd={(ev) => void s.update('entities', e.id, { data: { position: { x: snapToIncrement(ev.target.x()), y: snapToIncrement(ev.target.y()) } } as EntityJson['data'] })}
        onTransformEnd={(ev) => {
          const node = ev.target;
          const allowed = e.type === 'calicoMuralTexture' ? optionData(d.muralProductOptionId) : { canScaleX: true, canScaleY: true };
          const r = applyResize({ x: node.x(), y: node.y(), width: size.width, height: size.height }, { scaleX: allowed.canScaleX === false ? 1 : node.scaleX(), scaleY: allowed.canScaleY === false ? 1 : node.scaleY() });
          node.scale({ x: 1, y: 1 });
          void s.update('entities', e.id, { data: { position: { x: r.x, y: r.y }, size: { width: r.width, height: r.height } } as EntityJson['data'] });
        }}
      />
    );
  }

  /** Where a grip lands: snapped to the other walls' ends (5 px) and to 1/64; never to the corner being moved. */
  function gripTarget(key: 'archWalls' | 'archElevations', id: number, end: 'from' | 'to', at: Point): Point {
    const w = (doc[key] as ArchWallJson[]).find((r) => r.id === id);
    const moving = w ? toPoint(w[end]) : null;
    const others = wallEnds().filter((p) => !moving || Math.hypot(p.x - moving.x, p.y - moving.y) > 1e-9);
    return snapPoint(at, others, liveScale());
  }

  /** A grip dragged to `at`: shown live; saved (every wall joined there) when `save`. */
  function dragGrip(key: 'archWalls' | 'archElevations', id: number, end: 'from' | 'to', at: Point, save: boolean) {
    const rows = doc[key] as ArchWallJson[];
    for (const m of moveWallEnd(rows, id, end, { x: at.x, z: at.y })) void s.update(key, m.id, { from: m.from, to: m.to }, save);
    if (save) s.setStatus({ tone: 'info', message: key === 'archWalls' ? 'Wall saved.' : 'Elevation saved.' });
  }

  function wallNode(w: ArchWallJson, key: 'archWalls' | 'archElevations') {
    const isSel = selection?.key === key && selection.id === w.id;
    const pts = key === 'archWalls' ? wallOutline(w).flatMap((p) => [p.x, p.z]) : [w.from.x, w.from.z, w.to.x, w.to.z];
    const mid = { x: (w.from.x + w.to.x) / 2, y: (w.from.z + w.to.z) / 2 };
    const editable = canEdit && !hasTentative;
    return (
      <Group key={`${key}-${w.id}`}>
        <Line
          id={`${key}-${w.id}`}
          points={pts}
          closed={key === 'archWalls'}
          perfectDrawEnabled={false}
          fill={key === 'archWalls' ? (isSel ? '#bfdbfe' : '#cfd8dc') : undefined}
          stroke={isSel ? '#2563eb' : key === 'archWalls' ? '#263238' : '#1565c0'}
          strokeWidth={key === 'archWalls' ? 1 : 2}
          strokeScaleEnabled={false}
          hitStrokeWidth={12}
          draggable={editable && isSel}
          onClick={() => select({ key, id: w.id })}
          onDragEnd={(ev) => {
            // A whole wall moved by its body: both ends shift by the drag, to 1/64.
            const dx = snapToIncrement(ev.target.x()), dz = snapToIncrement(ev.target.y());
            ev.target.position({ x: 0, y: 0 });
            void s.update(key, w.id, { from: { x: w.from.x + dx, z: w.from.z + dz }, to: { x: w.to.x + dx, z: w.to.z + dz } }).then(() => s.setStatus({ tone: 'info', message: key === 'archWalls' ? 'Wall saved.' : 'Elevation saved.' }));
          }}
        />
        {layers.dimensions && <Text x={mid.x} y={mid.y - 18 / baseScale} text={dim(wallLength(w))} fontSize={11 / baseScale} fill="#37474f" listening={false} />}
      </Group>
    );
  }

  /** The grips of the selected wall or elevation, drawn above every wall so a shared corner is grabbed by its grip. */
  function selectedGrips() {
    if (!selection || (selection.key !== 'archWalls' && selection.key !== 'archElevations') || !canEdit || hasTentative) return null;
    const key = selection.key;
    const w = (doc[key] as ArchWallJson[]).find((r) => r.id === selection.id);
    if (!w) return null;
    return (['from', 'to'] as const).map((end) => (
            <Circle
              key={end}
              name={`grip-${end}`}
              x={w[end].x}
              y={w[end].z}
              radius={6 / baseScale}
              fill="#ffffff"
              stroke="#2563eb"
              strokeWidth={2}
              strokeScaleEnabled={false}
              draggable
              onMouseEnter={(ev) => void (ev.target.getStage()!.container().style.cursor = 'move')}
              onMouseLeave={(ev) => void (ev.target.getStage()!.container().style.cursor = '')}
              onDragMove={(ev) => {
                const at = gripTarget(key, w.id, end, { x: ev.target.x(), y: ev.target.y() });
                ev.target.position(at);
                dragGrip(key, w.id, end, at, false);
              }}
              onDragEnd={(ev) => dragGrip(key, w.id, end, gripTarget(key, w.id, end, { x: ev.target.x(), y: ev.target.y() }), true)}
            />
          ));
  }

  /** A wall label on the plan: its title where it was put and, when asked, a marker where its view starts; both dragged and saved on release. */
  function planLabelNode(e: EntityJson) {
    const d = dataOf(e);
    const at = (d.labelPlanPosition as { x: number; z: number } | undefined) ?? { x: 0, z: 0 };
    const start = d.viewStartPlanPosition as { x: number; z: number } | undefined;
    const isSel = selection?.key === 'entities' && selection.id === e.id;
    const save = (key: 'labelPlanPosition' | 'viewStartPlanPosition', x: number, y: number) => void s.update('entities', e.id, { data: { [key]: { x: snapToIncrement(x), z: snapToIncrement(y) } } as EntityJson['data'] });
    return (
      <Group key={`plan-label-${e.id}`}>
        <Text
          id={`plan-label-${e.id}`}
          x={at.x}
          y={at.z}
          text={String(d.title ?? SPATIAL_DEFAULTS.wallLabel.title)}
          fontSize={14 / baseScale}
          fontStyle="bold"
          fill={isSel ? '#2563eb' : '#6a1b9a'}
          draggable={canEdit && !hasTentative}
          onClick={() => select({ key: 'entities', id: e.id })}
          onDragEnd={(ev) => save('labelPlanPosition', ev.target.x(), ev.target.y())}
        />
        {d.indicateViewStartOnPlan === true && start && (
          <Circle x={start.x} y={start.z} radius={5 / baseScale} fill="#6a1b9a" draggable={canEdit && !hasTentative} onDragEnd={(ev) => save('viewStartPlanPosition', ev.target.x(), ev.target.y())} />
        )}
      </Group>
    );
  }

  const tentativePoints = tentative.mode === 'placed' ? [tentative.from.x, tentative.from.y, tentative.to.x, tentative.to.y] : null;
  const gridLines = rules.grid && viewId !== null ? gridOf(rules.grid.size, frame) : [];
  // Grid labels every 20 squares (every metre on a 50 mm grid), so they never crowd.
  const gridLabels = rules.grid && viewId !== null ? Array.from({ length: Math.floor(frame.width / (rules.grid.size * 20)) + 1 }, (_, i) => i * rules.grid!.size * 20) : [];

  return (
    <div className={styles.canvas} data-testid="spatial-canvas">
      <div className={styles.toolbar} role="toolbar" aria-label="Drawing tools">
        <div className={styles.group}>
          <Button variant="secondary" onClick={() => setView(stepView(list, current, -1))} disabled={!stepView(list, current, -1)} title="Previous view">
            Prev
          </Button>
          <span className={styles.viewLabel} data-testid="view-label" aria-live="polite">
            {viewLabel(list, current, doc.archCustomViews)}
          </span>
          <Button variant="secondary" onClick={() => setView(stepView(list, current, 1))} disabled={!stepView(list, current, 1)} title="Next view">
            Next
          </Button>
        </div>
        {canEdit && current?.kind === 'plan' && (
          <div className={styles.group}>
            <Button variant={drawing('wall') ? 'primary' : 'secondary'} onClick={() => startDrawing('wall')} data-testid="add-wall">
              Add wall
            </Button>
            {nextWallStart(doc.archWalls) && (
              <Button variant="secondary" onClick={() => startDrawing('wall', toPoint(nextWallStart(doc.archWalls)!))} data-testid="continue-wall">
                Continue wall
              </Button>
            )}
            <Button variant={drawing('elevation') ? 'primary' : 'secondary'} onClick={() => startDrawing('elevation')}>
              Add elevation
            </Button>
          </div>
        )}
        {canEdit && viewId !== null && (
          <div className={styles.group}>
            <Button variant="secondary" onClick={() => void s.create('productCanvasTexts', { position: { x: 40, y: 40 }, customViewId: viewId }, 'Text added.').then((r) => r && setSelection({ key: 'productCanvasTexts', id: r.id }))} data-testid="add-text">
              Add text
            </Button>
            {unplaced.length > 0 && (
              <select
                className={styles.placeItem}
                aria-label="Place an item in this view"
                value=""
                data-testid="place-item"
                onChange={(e) => {
                  const id = Number(e.target.value);
                  if (!id) return;
                  // Next to the items already there, along the top.
                  const at = { x: itemSize.width / 6 + (items.length * itemSize.width * 7) / 6, y: itemSize.width / 6 };
                  onPlaceItem(id, { archCustomViewId: viewId, canvasPosition: at });
                  setSelection({ key: 'productInstances', id });
                }}
              >
                <option value="">Place item…</option>
                {unplaced.map((i) => (
                  <option key={i.id} value={i.id}>
                    {i.title || 'Item'} × {i.quantity}
                  </option>
                ))}
              </select>
            )}
            <Button variant={drawing('line') ? 'primary' : 'secondary'} onClick={() => startDrawing('line')} data-testid="add-line">
              Add line
            </Button>
            {rules.murals && (
              <>
                <Button variant="secondary" onClick={() => void addEntity('calicoMuralArea', { size: { width: 240, height: 108 }, isReturn: false })} data-testid="add-mural-area">
                  Mural area
                </Button>
                <Button variant="secondary" onClick={() => void addEntity('calicoMuralTexture')}>
                  Texture
                </Button>
                <Button variant="secondary" onClick={() => void addEntity('calicoMuralPanel')}>
                  Panel
                </Button>
                <Button variant={drawing('seam') ? 'primary' : 'secondary'} onClick={() => startDrawing('seam')} data-testid="add-seam">
                  Seam
                </Button>
                <Button variant={drawing('mismatch') ? 'primary' : 'secondary'} onClick={() => startDrawing('mismatch')}>
                  Mismatch line
                </Button>
                <Button variant="secondary" onClick={() => void addEntity('calicoWallLabel')}>
                  Wall label
                </Button>
              </>
            )}
          </div>
        )}
        <div className={styles.group}>
          <Button variant="secondary" onClick={() => zoomBy(1.25)}>
            Zoom in
          </Button>
          <Button variant="secondary" onClick={() => zoomBy(0.8)}>
            Zoom out
          </Button>
          <Button variant="secondary" onClick={() => moveView(1, { x: 40, y: 40 })}>
            Reset view
          </Button>
          <Button variant="secondary" onClick={exportSvg} data-testid="export-svg">
            Export SVG
          </Button>
        </div>
        <div className={styles.group} role="group" aria-label="Dimension precision">
          <Button variant="quiet" onClick={() => setPrecision((p) => stepPrecision(p, 'finer', rules.dimensionPrecision))} title="Halve the precision step">
            Finer
          </Button>
          <span data-testid="precision">
            Precision {precision} {units === 'mm' ? 'mm' : 'in'}
          </span>
          <Button variant="quiet" onClick={() => setPrecision((p) => stepPrecision(p, 'coarser', rules.dimensionPrecision))} title="Double the precision step">
            Coarser
          </Button>
        </div>
        {rules.murals && (
          <fieldset className={styles.layers} data-testid="layer-toggles">
            <legend>Layers</legend>
            {(
              [
                ['murals', 'Murals'],
                ['panelsAndSeams', 'Panels & Seams'],
                ['dimensions', 'Dimensions'],
              ] as const
            ).map(([k, label]) => (
              <label key={k}>
                <input type="checkbox" checked={layers[k]} onChange={(e) => setLayers({ [k]: e.target.checked })} /> {label}
              </label>
            ))}
          </fieldset>
        )}
      </div>

      <div className={styles.body}>
        <aside className={styles.side} aria-label="Views">
          <h3 className={styles.sideHeading}>Views</h3>
          <ul role="tree" aria-label="Views" className={styles.tree}>
            {list.map((v) => {
              const row = v.kind === 'customView' ? doc.archCustomViews.find((x) => x.id === v.id) : null;
              return (
                <li key={v.kind === 'customView' ? v.id : v.kind} role="treeitem" aria-selected={sameView(v, current)} className={sameView(v, current) ? styles.currentView : undefined}>
                  <button type="button" className={styles.viewButton} onClick={() => setView(v)}>
                    {row ? `${row.rank}. ${row.title}` : v.kind === 'panelLayout' ? 'Panel Layout' : 'Plan'}
                  </button>
                  {row && canEdit && (
                    <span className={styles.viewTools}>
                      <input
                        aria-label={`Rank of ${row.title}`}
                        className={styles.rank}
                        defaultValue={row.rank}
                        key={`r${row.rank}`}
                        onBlur={(e) => {
                          const rank = parseRank(e.target.value, doc.archCustomViews.length);
                          if (rank !== null && rank !== row.rank) void s.update('archCustomViews', row.id, { rank }).then(() => s.setStatus({ tone: 'info', message: 'Viewport moved.' }));
                        }}
                      />
                      <input aria-label={`Title of viewport ${row.rank}`} className={styles.title} defaultValue={row.title} key={`t${row.title}`} onBlur={(e) => e.target.value.trim() && e.target.value !== row.title && void s.update('archCustomViews', row.id, { title: e.target.value.trim() })} />
                      <Button variant="quiet" onClick={() => setNotesFor(row.id)} aria-label={`Notes of ${row.title}`}>
                        Notes
                      </Button>
                      <Button variant="quiet" onClick={() => setConfirmDelete(row.id)} aria-label={`Delete ${row.title}`}>
                        Delete
                      </Button>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
          {canEdit && (
            <Button variant="secondary" onClick={() => void newViewport()} data-testid="new-viewport">
              New viewport
            </Button>
          )}
          {selectedItem && viewId !== null && (
            <section className={styles.itemPanel} aria-label="Selected item" data-testid="selected-item">
              <h3 className={styles.sideHeading}>Item</h3>
              <p>
                {selectedItem.title || 'Item'} × {selectedItem.quantity}
              </p>
              {canEdit && (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setSelection(null);
                    onPlaceItem(selectedItem.id, { archCustomViewId: null, canvasPosition: null });
                  }}
                >
                  Take out of this view
                </Button>
              )}
            </section>
          )}
          {selectedRow && selection && selection.key !== 'productInstances' && canEdit && (
            <Properties
              selection={selection}
              row={selectedRow}
              error={fieldError}
              onError={setFieldError}
              onSave={(props) => void s.update(selection.key as DocKey, selection.id, props as never)}
              onAutogenerate={selection.key === 'entities' && selectedRow.type === 'calicoMuralArea' ? () => void autogenerate(selectedRow as unknown as EntityJson) : undefined}
            />
          )}
        </aside>

        <div
          ref={box}
          className={styles.stageBox}
          tabIndex={0}
          role="application"
          aria-label="Drawing canvas: Escape cancels what is being drawn, Backspace deletes the selection, the arrow keys move it (Shift: by 10), Ctrl+C and Ctrl+V copy and paste, space and drag pans"
          onKeyDown={onKeyDown}
          onKeyUp={(e) => e.key === ' ' && holdSpace(false)}
          onBlur={() => holdSpace(false)}
          data-testid="canvas-stage"
          data-tentative={tentative.mode}
          data-view-kind={current?.kind}
          data-selection={selection ? `${selection.key}-${selection.id}` : ''}
          data-layout-panels={panelLayout ? panelLayout.shapes.filter((sh) => sh.id?.startsWith('panel-')).length : undefined}
        >
          {list.length === 0 ? (
            <p className={styles.empty}>No viewports yet. Add one with “New viewport”.</p>
          ) : (
            <Stage
              ref={stageRef}
              width={width}
              height={STAGE_HEIGHT}
              onDragEnd={(e) => {
                if (e.target === e.target.getStage()) live.current.pan = { x: e.target.x(), y: e.target.y() };
              }}
              onWheel={onWheel}
              onClick={onStageClick}
              onMouseMove={(e) => {
                const at = pointer();
                if (at && tentative.mode === 'placed') dispatch({ type: 'move', at, shift: e.evt.shiftKey, candidates: snapCandidates(), scale: liveScale() });
              }}
            >
              <Layer>
                {viewId !== null && <Rect x={0} y={0} width={frame.width} height={frame.height} stroke="#90a4ae" strokeWidth={1} strokeScaleEnabled={false} listening={false} />}
                {gridLines.map((pts, i) => (
                  <Line key={i} points={pts} stroke="#000" strokeWidth={rules.grid!.strokeWidth} strokeScaleEnabled={false} opacity={rules.grid!.opacity} listening={false} />
                ))}
                {gridLabels.map((x) => (
                  <Text key={`gl${x}`} x={x + 2 / baseScale} y={2 / baseScale} text={formatDimension(x, units)} fontSize={10 / baseScale} fill="#607d8b" listening={false} />
                ))}
                {panelLayout && <SceneShapes shapes={panelLayout.shapes} />}
                {panelLayout && panelLayout.shapes.length === 0 && <Text x={0} y={0} text="No print panels yet: autogenerate them from a mural area in a viewport." fontSize={14 / baseScale} fill="#607d8b" listening={false} />}
                {current?.kind === 'plan' && doc.archWalls.map((w) => wallNode(w, 'archWalls'))}
                {current?.kind === 'plan' && doc.archElevations.map((w) => wallNode(w as ArchWallJson, 'archElevations'))}
                {current?.kind === 'plan' && selectedGrips()}
                {current?.kind === 'plan' && doc.entities.filter((e) => e.type === 'calicoWallLabel').map(planLabelNode)}
                {entities.map(entityNode)}
                {items.map(({ item: i, x, y }) => {
                  const isSel = selection?.key === 'productInstances' && selection.id === i.id;
                  return (
                    <Group
                      key={`item-${i.id}`}
                      id={`item-${i.id}`}
                      x={x}
                      y={y}
                      draggable={canEdit && !hasTentative}
                      onClick={() => select({ key: 'productInstances', id: i.id })}
                      onTap={() => select({ key: 'productInstances', id: i.id })}
                      onDragEnd={(ev) => onPlaceItem(i.id, { archCustomViewId: viewId, canvasPosition: { x: snapToIncrement(ev.target.x()), y: snapToIncrement(ev.target.y()) } })}
                    >
                      <Rect width={itemSize.width} height={itemSize.height} fill="#fff" stroke={isSel ? '#2563eb' : '#455a64'} strokeWidth={isSel ? 2 : 1} strokeScaleEnabled={false} perfectDrawEnabled={false} />
                      <Text width={itemSize.width} y={itemSize.height * 0.4} align="center" text={`${i.title || 'Item'} × ${i.quantity}`} fontSize={12 / baseScale} listening={false} />
                    </Group>
                  );
                })}
                {inView(doc.productCanvasTexts).map((t) => (
                  <Text
                    key={`text-${t.id}`}
                    id={`text-${t.id}`}
                    x={t.position.x}
                    y={t.position.y}
                    width={t.width}
                    text={t.text}
                    fontSize={14 / baseScale}
                    fill={selection?.key === 'productCanvasTexts' && selection.id === t.id ? '#2563eb' : '#263238'}
                    draggable={canEdit && !hasTentative}
                    onClick={() => select({ key: 'productCanvasTexts', id: t.id })}
                    onDblClick={() => edit({ key: 'productCanvasTexts', id: t.id })}
                    onDragEnd={(ev) => void s.update('productCanvasTexts', t.id, { position: { x: ev.target.x(), y: ev.target.y() } })}
                  />
                ))}
                {inView(doc.productCanvasLines).map((l) => (
                  <Arrow
                    key={`line-${l.id}`}
                    points={[l.from.x, l.from.y, l.to.x, l.to.y]}
                    stroke={selection?.key === 'productCanvasLines' && selection.id === l.id ? '#2563eb' : '#263238'}
                    fill="#263238"
                    strokeWidth={l.strokeWidth / baseScale}
                    pointerAtBeginning={!!l.fromSymbol && l.fromSymbol !== 'none'}
                    pointerAtEnding={!!l.toSymbol && l.toSymbol !== 'none'}
                    pointerLength={8 / baseScale}
                    pointerWidth={6 / baseScale}
                    hitStrokeWidth={12 / baseScale}
                    draggable={canEdit && !hasTentative}
                    onClick={() => select({ key: 'productCanvasLines', id: l.id })}
                    onDblClick={() => edit({ key: 'productCanvasLines', id: l.id })}
                    onDragEnd={(ev) => {
                      const dx = ev.target.x(), dy = ev.target.y();
                      ev.target.position({ x: 0, y: 0 });
                      void s.update('productCanvasLines', l.id, { from: { x: l.from.x + dx, y: l.from.y + dy }, to: { x: l.to.x + dx, y: l.to.y + dy } });
                    }}
                  />
                ))}
                {tentativePoints && <Line points={tentativePoints} stroke="#2563eb" strokeWidth={2} strokeScaleEnabled={false} dash={[6, 4]} listening={false} />}
                {tentative.mode === 'placed' && <Text x={tentative.to.x + 6 / baseScale} y={tentative.to.y + 6 / baseScale} text={dim(Math.hypot(tentative.to.x - tentative.from.x, tentative.to.y - tentative.from.y))} fontSize={11 / baseScale} fill="#2563eb" listening={false} />}
                <Transformer ref={trRef} rotateEnabled={false} ignoreStroke boundBoxFunc={(oldBox, newBox) => (newBox.width < 1 || newBox.height < 1 ? oldBox : newBox)} />
              </Layer>
            </Stage>
          )}
        </div>
      </div>
      <p className={s.status?.tone === 'error' ? styles.statusError : styles.status} role="status" aria-live="polite" data-testid="canvas-status">
        {s.saving ? 'Saving…' : (s.status?.message ?? (tentative.mode === 'adding' ? `Click where the ${TENTATIVE_NOUN[tentative.kind]} starts. Escape cancels.` : tentative.mode === 'placed' ? 'Click where it ends (Shift keeps it straight). Escape cancels.' : ''))}
      </p>

      {confirmDelete !== null && (
        <Modal
          title="Delete this viewport?"
          onClose={() => setConfirmDelete(null)}
          testId="confirm-delete-viewport"
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirmDelete(null)}>
                Cancel
              </Button>
              <Button
                onClick={() => {
                  const id = confirmDelete;
                  setConfirmDelete(null);
                  void s.destroy('archCustomViews', id, 'Viewport deleted.');
                }}
              >
                Delete viewport
              </Button>
            </>
          }
        >
          <p>“{doc.archCustomViews.find((v) => v.id === confirmDelete)?.title}” and the murals, texts and lines drawn in it will be deleted. Items placed in it stay in the order.</p>
        </Modal>
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

function gridOf(size: number, frame: { width: number; height: number }): number[][] {
  const lines: number[][] = [];
  for (let x = 0; x <= frame.width; x += size) lines.push([x, 0, x, frame.height]);
  for (let y = 0; y <= frame.height; y += size) lines.push([0, y, frame.width, y]);
  return lines;
}
