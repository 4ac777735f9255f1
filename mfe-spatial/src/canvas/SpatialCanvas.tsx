import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { useAtomValue } from 'jotai';
import type Konva from 'konva';
import { Arrow, Group, Layer, Line, Rect, Stage, Text, Transformer } from 'react-konva';
import { activeRulesAtom, type SpatialCanvasProps } from '@cpq/client';
import type { ArchWallJson, EntityJson } from '@cpq/domain';
import { DEFAULT_RULES } from '@cpq/plugin-sdk';
import { Button, Modal, downloadBlob } from '@cpq/ui';
import { SPATIAL_DEFAULTS, applyResize, autogeneratePanels, buildViewScene, copyForPaste, formatDimension, nextWallStart, roundTo, sceneToSvg, seamColor, stepPrecision, wallLength, wallOutline, type Point } from '@cpq/spatial';
import { readyToSave, tentativeReducer } from './tentative.ts';
import { useSpatialDoc } from './useSpatialDoc.ts';
import { parseRank, sameView, stepView, viewLabel, viewList, type ViewRef } from './views.ts';
import { ViewNotes } from './ViewNotes.tsx';
import { Properties } from './Properties.tsx';
import styles from './SpatialCanvas.module.css';

export type Selection = { key: 'archWalls' | 'archElevations' | 'entities' | 'productCanvasTexts' | 'productCanvasLines'; id: number } | null;
type Layers = { murals: boolean; panelsAndSeams: boolean; dimensions: boolean };
export type Obj = Record<string, unknown>;
const STAGE_HEIGHT = 560;

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
export function SpatialCanvas({ order, data, catalogue, canEdit }: SpatialCanvasProps) {
  const rules = (useAtomValue(activeRulesAtom) ?? DEFAULT_RULES).spatial;
  const ids = useMemo(() => ({ orgId: order.orgId, productOrderId: order.id }), [order.orgId, order.id]);
  const s = useSpatialDoc(data, ids);
  const { doc } = s;
  const list = viewList(rules.planView, doc.archCustomViews);
  const [view, setView] = useState<ViewRef | null>(list[0] ?? null);
  const current = view && list.some((v) => sameView(v, view)) ? view : (list[0] ?? null);
  const [selection, setSelection] = useState<Selection>(null);
  const [clipboard, setClipboard] = useState<Selection>(null);
  const [tentative, dispatch] = useReducer(tentativeReducer, { mode: 'idle' });
  const [precision, setPrecision] = useState(1);
  const [layers, setLayers] = useLayers(order.id);
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState<Point>({ x: 40, y: 40 });
  const [spaceHeld, setSpaceHeld] = useState(false);
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

  const baseScale = (current?.kind === 'plan' ? rules.scale.plan : rules.scale.customView) ?? 2;
  // A viewport's frame is its size on screen at the view's scale, in drawing units.
  const frame = { width: rules.viewportSize.width / baseScale, height: rules.viewportSize.height / baseScale };
  const scale = baseScale * zoom;
  const units = rules.units;
  const dim = (v: number) => formatDimension(roundTo(v, precision), units);
  const viewId = current?.kind === 'customView' ? current.id : null;
  const inView = <T extends { customViewId?: number | null }>(rows: T[]) => rows.filter((r) => viewId !== null && r.customViewId === viewId);
  const entities = doc.entities.filter((e) => viewId !== null && dataOf(e).archCustomViewId === viewId);
  const items = data.productInstances.filter((i) => viewId !== null && i.archCustomViewId === viewId);
  const hasTentative = tentative.mode !== 'idle';

  const select = (sel: Selection) => {
    // Nothing can be selected while a wall or elevation is being drawn.
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
    tr.nodes(node && node.getClassName() === 'Rect' ? [node] : []);
    tr.getLayer()?.batchDraw();
  }, [selection, doc.entities, current]);

  const pointer = (): Point | null => stageRef.current?.getRelativePointerPosition() ?? null;
  const wallEnds = (): Point[] => [...doc.archWalls, ...doc.archElevations].flatMap((w) => [toPoint(w.from), toPoint(w.to)]);

  async function saveTentative(t: Extract<typeof tentative, { mode: 'placed' }>) {
    const from = { x: t.from.x, z: t.from.y };
    const to = { x: t.to.x, z: t.to.y };
    const row = t.kind === 'wall' ? await s.create('archWalls', { from, to }, 'Wall saved.') : await s.create('archElevations', { from, to }, 'Elevation saved.');
    dispatch({ type: 'saved' });
    if (row) setSelection({ key: t.kind === 'wall' ? 'archWalls' : 'archElevations', id: row.id });
  }

  function onStageClick(e: Konva.KonvaEventObject<MouseEvent>) {
    const at = pointer();
    if (!at || spaceHeld) return;
    if (tentative.mode !== 'idle') {
      const next = tentativeReducer(tentative, { type: 'click', at, shift: e.evt.shiftKey, candidates: wallEnds(), scale });
      dispatch({ type: 'click', at, shift: e.evt.shiftKey, candidates: wallEnds(), scale });
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
    const next = Math.min(Math.max(zoom * (1 - e.evt.deltaY * SPATIAL_DEFAULTS.zoom.wheelStep), rules.zoom.min), rules.zoom.max);
    // Zoom around the pointer: the drawing point under it stays under it.
    const world = { x: (p.x - pan.x) / scale, y: (p.y - pan.y) / scale };
    setZoom(next);
    setPan({ x: p.x - world.x * baseScale * next, y: p.y - world.y * baseScale * next });
  }

  const zoomBy = (f: number) => setZoom((z) => Math.min(Math.max(z * f, rules.zoom.min), rules.zoom.max));

  async function copyOrPaste(kind: 'copy' | 'paste') {
    if (kind === 'copy') {
      if (selection && selection.key !== 'archWalls' && selection.key !== 'archElevations') {
        setClipboard(selection);
        s.setStatus({ tone: 'info', message: 'Copied.' });
      }
      return;
    }
    if (!clipboard || !canEdit) return;
    const row = (doc[clipboard.key] as { id: number }[]).find((r) => r.id === clipboard.id) as Obj | undefined;
    if (!row) return;
    const props = copyForPaste(row, clipboard.key === 'entities' ? 'entity' : clipboard.key === 'productCanvasTexts' ? 'canvasText' : 'canvasLine');
    delete props.orgId;
    delete props.productOrderId;
    const made = await s.create(clipboard.key, props as never, 'Pasted.');
    if (made) setSelection({ key: clipboard.key, id: (made as { id: number }).id });
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const typing = (e.target as HTMLElement).closest('input, textarea, select');
    if (typing) return;
    if (e.key === ' ') {
      setSpaceHeld(true);
      e.preventDefault();
    } else if (e.key === 'Escape') {
      dispatch({ type: 'cancel' });
    } else if ((e.key === 'Backspace' || e.key === 'Delete') && selection && canEdit) {
      e.preventDefault();
      const sel = selection;
      setSelection(null);
      void s.destroy(sel.key, sel.id, 'Deleted.');
    } else if ((e.ctrlKey || e.metaKey) && (e.key === 'c' || e.key === 'v')) {
      e.preventDefault();
      void copyOrPaste(e.key === 'c' ? 'copy' : 'paste');
    }
  }

  function exportSvg() {
    if (current?.kind !== 'customView') {
      window.alert('Please go to a viewport to export it to SVG');
      return;
    }
    const scene = buildViewScene({ ...doc, productInstances: data.productInstances }, current, { units, precision, layers: rules.murals ? layers : undefined, grid: rules.grid, viewportSize: frame });
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
    if (type === 'calicoWallLabel') Object.assign(base, { title: SPATIAL_DEFAULTS.wallLabel.title, customViewPosition: { x: 20, y: 20 }, customViewSize: SPATIAL_DEFAULTS.wallLabel.size });
    const dataProps = JSON.parse(JSON.stringify({ ...base, ...extra })) as Obj;
    const row = await s.create('entities', { type, data: dataProps as EntityJson['data'] }, 'Added.');
    if (row) setSelection({ key: 'entities', id: row.id });
  }

  /** The mural design of the order's mural item, or the fallback design. */
  function muralOptionId(): number {
    for (const i of data.productInstances) for (const v of Object.values(i.properties ?? {})) {
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

  const selectedRow = selection ? ((doc[selection.key] as { id: number }[]).find((r) => r.id === selection.id) as Obj | undefined) : undefined;

  function entityNode(e: EntityJson) {
    const d = dataOf(e);
    const isSel = selection?.key === 'entities' && selection.id === e.id;
    const common = { id: `entity-${e.id}`, draggable: canEdit && !hasTentative, onClick: () => select({ key: 'entities', id: e.id }), onTap: () => select({ key: 'entities', id: e.id }) };
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
          hitStrokeWidth={12 / scale}
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
    const stroke = e.type === 'calicoMuralArea' ? '#2e7d32' : e.type === 'calicoMuralPanel' ? (d.isCriticalAlignmentPanel ? '#d84315' : '#455a64') : '#1b5e20';
    return (
      <Group key={e.id}>
        <Rect
          {...common}
          x={at.x}
          y={at.y}
          width={size.width}
          height={size.height}
          fill={fill}
          opacity={e.type === 'calicoMuralTexture' ? 0.7 : 1}
          stroke={stroke}
          strokeWidth={1.5 / scale}
          dash={e.type === 'calicoMuralArea' && d.isReturn ? [6 / scale, 4 / scale] : undefined}
          onDragEnd={(ev) => void s.update('entities', e.id, { data: { position: { x: roundTo(ev.target.x(), 1 / 64), y: roundTo(ev.target.y(), 1 / 64) } } as EntityJson['data'] })}
          onTransformEnd={(ev) => {
            const node = ev.target;
            const allowed = e.type === 'calicoMuralTexture' ? optionData(d.muralProductOptionId) : { canScaleX: true, canScaleY: true };
            const r = applyResize({ x: node.x(), y: node.y(), width: size.width, height: size.height }, { scaleX: allowed.canScaleX === false ? 1 : node.scaleX(), scaleY: allowed.canScaleY === false ? 1 : node.scaleY() });
            node.scale({ x: 1, y: 1 });
            void s.update('entities', e.id, { data: { position: { x: r.x, y: r.y }, size: { width: r.width, height: r.height } } as EntityJson['data'] });
          }}
        />
        {e.type === 'calicoMuralPanel' && <Text x={at.x} y={at.y + size.height / 2} width={size.width} align="center" text={String(d.panelDescriptionOverride || d.panelNumber || '')} fontSize={12 / scale} listening={false} />}
        {layers.dimensions && (e.type === 'calicoMuralArea' || e.type === 'calicoMuralPanel') && (
          <Text x={at.x} y={at.y - 14 / scale} width={size.width} align="center" text={dim(size.width)} fontSize={(size.width <= 5 ? 8 : 11) / scale} fill="#37474f" listening={false} />
        )}
      </Group>
    );
  }

  function wallNode(w: ArchWallJson, key: 'archWalls' | 'archElevations') {
    const isSel = selection?.key === key && selection.id === w.id;
    const pts = key === 'archWalls' ? wallOutline(w).flatMap((p) => [p.x, p.z]) : [w.from.x, w.from.z, w.to.x, w.to.z];
    const mid = { x: (w.from.x + w.to.x) / 2, y: (w.from.z + w.to.z) / 2 };
    return (
      <Group key={`${key}-${w.id}`}>
        <Line
          id={`${key}-${w.id}`}
          points={pts}
          closed={key === 'archWalls'}
          fill={key === 'archWalls' ? (isSel ? '#bfdbfe' : '#cfd8dc') : undefined}
          stroke={isSel ? '#2563eb' : key === 'archWalls' ? '#263238' : '#1565c0'}
          strokeWidth={(key === 'archWalls' ? 1 : 2) / scale}
          hitStrokeWidth={12 / scale}
          onClick={() => select({ key, id: w.id })}
        />
        {layers.dimensions && <Text x={mid.x} y={mid.y - 18 / scale} text={dim(wallLength(w))} fontSize={11 / scale} fill="#37474f" listening={false} />}
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
            <Button variant={tentative.mode !== 'idle' && tentative.kind === 'wall' ? 'primary' : 'secondary'} onClick={() => dispatch({ type: 'start', kind: 'wall', chainFrom: null })} data-testid="add-wall">
              Add wall
            </Button>
            {nextWallStart(doc.archWalls) && (
              <Button variant="secondary" onClick={() => dispatch({ type: 'start', kind: 'wall', chainFrom: toPoint(nextWallStart(doc.archWalls)!) })} data-testid="continue-wall">
                Continue wall
              </Button>
            )}
            <Button variant="secondary" onClick={() => dispatch({ type: 'start', kind: 'elevation', chainFrom: null })}>
              Add elevation
            </Button>
          </div>
        )}
        {canEdit && viewId !== null && (
          <div className={styles.group}>
            <Button variant="secondary" onClick={() => void s.create('productCanvasTexts', { position: { x: 40, y: 40 }, customViewId: viewId }, 'Text added.').then((r) => r && setSelection({ key: 'productCanvasTexts', id: r.id }))} data-testid="add-text">
              Add text
            </Button>
            <Button variant="secondary" onClick={() => void s.create('productCanvasLines', { customViewId: viewId }, 'Line added.').then((r) => r && setSelection({ key: 'productCanvasLines', id: r.id }))} data-testid="add-line">
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
                <Button variant="secondary" onClick={() => void addEntity('calicoMuralSeam')} data-testid="add-seam">
                  Seam
                </Button>
                <Button variant="secondary" onClick={() => void addEntity('calicoMismatchLine')}>
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
          <Button variant="secondary" onClick={() => (setZoom(1), setPan({ x: 40, y: 40 }))}>
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
                <li key={v.kind === 'plan' ? 'plan' : v.id} role="treeitem" aria-selected={sameView(v, current)} className={sameView(v, current) ? styles.currentView : undefined}>
                  <button type="button" className={styles.viewButton} onClick={() => setView(v)}>
                    {row ? `${row.rank}. ${row.title}` : 'Plan'}
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
          {selectedRow && selection && canEdit && (
            <Properties
              selection={selection}
              row={selectedRow}
              error={fieldError}
              onError={setFieldError}
              onSave={(props) => void s.update(selection.key, selection.id, props as never)}
              onAutogenerate={selection.key === 'entities' && selectedRow.type === 'calicoMuralArea' ? () => void autogenerate(selectedRow as unknown as EntityJson) : undefined}
            />
          )}
        </aside>

        <div
          ref={box}
          className={`${styles.stageBox} ${spaceHeld ? styles.panning : ''}`}
          tabIndex={0}
          role="application"
          aria-label="Drawing canvas: Escape cancels a wall being drawn, Backspace deletes the selection, Ctrl+C and Ctrl+V copy and paste, space and drag pans"
          onKeyDown={onKeyDown}
          onKeyUp={(e) => e.key === ' ' && setSpaceHeld(false)}
          data-testid="canvas-stage"
          data-tentative={tentative.mode}
          data-scale={scale}
        >
          {list.length === 0 ? (
            <p className={styles.empty}>No viewports yet. Add one with “New viewport”.</p>
          ) : (
            <Stage
              ref={stageRef}
              width={width}
              height={STAGE_HEIGHT}
              scaleX={scale}
              scaleY={scale}
              x={pan.x}
              y={pan.y}
              draggable={spaceHeld}
              onDragEnd={(e) => e.target === e.target.getStage() && setPan({ x: e.target.x(), y: e.target.y() })}
              onWheel={onWheel}
              onClick={onStageClick}
              onMouseMove={(e) => {
                const at = pointer();
                if (at && tentative.mode === 'placed') dispatch({ type: 'move', at, shift: e.evt.shiftKey, candidates: wallEnds(), scale });
              }}
            >
              <Layer>
                {viewId !== null && <Rect x={0} y={0} width={frame.width} height={frame.height} stroke="#90a4ae" strokeWidth={1 / scale} listening={false} />}
                {gridLines.map((pts, i) => (
                  <Line key={i} points={pts} stroke="#000" strokeWidth={rules.grid!.strokeWidth / scale} opacity={rules.grid!.opacity} listening={false} />
                ))}
                {gridLabels.map((x) => (
                  <Text key={`gl${x}`} x={x + 2 / scale} y={2 / scale} text={formatDimension(x, units)} fontSize={10 / scale} fill="#607d8b" listening={false} />
                ))}
                {current?.kind === 'plan' && doc.archWalls.map((w) => wallNode(w, 'archWalls'))}
                {current?.kind === 'plan' && doc.archElevations.map((w) => wallNode(w as ArchWallJson, 'archElevations'))}
                {entities.map(entityNode)}
                {items.map((i, k) => {
                  // Items are placed in the view side by side, in their order.
                  const p = { x: 20 / baseScale + k * (140 / baseScale), y: 20 / baseScale };
                  return (
                    <Group key={`item-${i.id}`} x={p.x} y={p.y} listening={false}>
                      <Rect width={120 / baseScale} height={60 / baseScale} fill="#fff" stroke="#455a64" strokeWidth={1 / scale} />
                      <Text width={120 / baseScale} y={24 / baseScale} align="center" text={`${i.title || 'Item'} × ${i.quantity}`} fontSize={12 / baseScale} />
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
                    hitStrokeWidth={12 / scale}
                    draggable={canEdit && !hasTentative}
                    onClick={() => select({ key: 'productCanvasLines', id: l.id })}
                    onDragEnd={(ev) => {
                      const dx = ev.target.x(), dy = ev.target.y();
                      ev.target.position({ x: 0, y: 0 });
                      void s.update('productCanvasLines', l.id, { from: { x: l.from.x + dx, y: l.from.y + dy }, to: { x: l.to.x + dx, y: l.to.y + dy } });
                    }}
                  />
                ))}
                {tentativePoints && <Line points={tentativePoints} stroke="#2563eb" strokeWidth={2 / scale} dash={[6 / scale, 4 / scale]} listening={false} />}
                {tentative.mode === 'placed' && <Text x={tentative.to.x + 6 / scale} y={tentative.to.y + 6 / scale} text={dim(Math.hypot(tentative.to.x - tentative.from.x, tentative.to.y - tentative.from.y))} fontSize={11 / scale} fill="#2563eb" listening={false} />}
                <Transformer ref={trRef} rotateEnabled={false} ignoreStroke boundBoxFunc={(oldBox, newBox) => (newBox.width < 1 || newBox.height < 1 ? oldBox : newBox)} />
              </Layer>
            </Stage>
          )}
        </div>
      </div>
      <p className={s.status?.tone === 'error' ? styles.statusError : styles.status} role="status" aria-live="polite" data-testid="canvas-status">
        {s.saving ? 'Saving…' : (s.status?.message ?? (tentative.mode === 'adding' ? 'Click where the wall starts. Escape cancels.' : tentative.mode === 'placed' ? 'Click where it ends (Shift keeps it straight). Escape cancels.' : ''))}
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
