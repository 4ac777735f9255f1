import { useRef } from 'react';
import type { EntityJson } from '@cpq/domain';
import { SPATIAL_DEFAULTS, autogeneratePanels, verticalCrossings } from '@cpq/spatial';
import { fitTexture, muralOptionId, newEntityData, optionData } from './newEntity.ts';
import { dataOf } from './rows.ts';
import type { CanvasItem, Obj, Selection } from './types.ts';
import type { DrawnShape } from './useTentative.ts';
import type { SpatialDocApi } from './useSpatialDoc.ts';
import type { ViewRef } from './views.ts';

interface Inputs {
  s: SpatialDocApi;
  /** The viewport on screen (null on the plan and the Panel Layout) and the entities drawn in it. */
  viewId: number | null;
  entities: readonly EntityJson[];
  allItems: readonly CanvasItem[];
  options: readonly { id: number; data?: unknown }[];
  /** What is selected: a new texture goes into the selected mural area (or the selected texture's). */
  selection?: Selection;
  setSelection: (sel: Selection) => void;
  setView: (view: ViewRef) => void;
}

/** What the tools add to the drawing: each new row is saved, then selected (a new viewport is shown). */
export function useAddRows({ s, viewId, entities, allItems, options, selection, setSelection, setView }: Inputs) {
  const mural = () => muralOptionId(allItems, options);
  const generating = useRef(false);

  async function newViewport() {
    const row = await s.create('archCustomViews', { title: SPATIAL_DEFAULTS.viewportTitle, rank: s.doc.archCustomViews.length + 1 }, 'Viewport added.');
    if (row) setView({ kind: 'customView', id: row.id });
  }

  function addText() {
    if (viewId === null) return;
    void s.create('productCanvasTexts', { position: { x: 40, y: 40 }, customViewId: viewId }, 'Text added.').then((r) => r && setSelection({ key: 'productCanvasTexts', id: r.id }));
  }

  /** The mural area a new texture goes into: the selected one (or the selected texture's), else the view's first. */
  function targetArea(): EntityJson | undefined {
    const areas = entities.filter((e) => e.type === 'calicoMuralArea' && dataOf(e).position && dataOf(e).size);
    const selected = selection?.key === 'entities' ? entities.find((e) => e.id === selection.id) : undefined;
    return areas.find((a) => a.id === selected?.id || a.id === selected?.parentId) ?? areas[0];
  }

  async function addEntity(type: EntityJson['type'], extra: Obj = {}) {
    if (viewId === null) return;
    const data = newEntityData(type, viewId, s.doc.archWalls[0], mural, extra) as Obj;
    const area = type === 'calicoMuralTexture' ? targetArea() : undefined;
    // A texture starts inside its area (the design's default size overflows a wall), as a child of it.
    const fitted = area ? fitTexture(data.size as { width: number; height: number }, dataOf(area) as { position: { x: number; y: number }; size: { width: number; height: number } }, optionData(options, data.muralProductOptionId)) : null;
    const parent = area ? { parentId: area.id, parentResourceKey: 'entities' as const } : {};
    const row = await s.create('entities', { type, ...parent, data: { ...data, ...fitted } as EntityJson['data'] }, 'Added.');
    if (row) setSelection({ key: 'entities', id: row.id });
  }

  /** A shape drawn by two clicks: a wall or elevation on the plan, a line, seam or mismatch line in a viewport. */
  async function saveShape(t: DrawnShape) {
    const plan = { from: { x: t.from.x, z: t.from.y }, to: { x: t.to.x, z: t.to.y } };
    const ends = { from: { x: t.from.x, y: t.from.y }, to: { x: t.to.x, y: t.to.y } };
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

  /** Print panels across a mural area, as wide as its texture's design allows. */
  async function autogenerate(area: EntityJson) {
    const d = dataOf(area);
    if (!d.position || !d.size) return;
    const texture = entities.find((e) => e.type === 'calicoMuralTexture' && e.parentId === area.id) ?? entities.find((e) => e.type === 'calicoMuralTexture');
    const panelWidth = Number(optionData(options, texture ? dataOf(texture).muralProductOptionId : mural()).panelWidth ?? 24);
    // A panel edge lands on every seam and mismatch line crossing the area.
    const breaks = verticalCrossings({ position: d.position, size: d.size }, entities.filter((e) => e.type === 'calicoMuralSeam' || e.type === 'calicoMismatchLine').map(dataOf));
    const panels = autogeneratePanels({ position: d.position, size: d.size }, { panelWidth, breaks });
    const existing = entities.filter((e) => e.type === 'calicoMuralPanel' && e.parentId === area.id);
    // One run at a time: a second click while panels are being saved would save them twice.
    if (generating.current) return;
    generating.current = true;
    const progress = (done: number) => s.setStatus({ tone: 'progress', message: `Generating ${panels.length} panels… ${done} of ${panels.length} saved` });
    try {
      s.setStatus({ tone: 'progress', message: `Generating ${panels.length} panels…` });
      // Existing panels are moved in one batch; the rest are created, and extra ones removed. A save
      // refused stops the run with its message (the panels saved so far stay; generating again redoes them).
      const reuse = existing.slice(0, panels.length);
      if (reuse.length && !(await s.batchUpdateEntities(reuse.map((e, i) => ({ id: e.id, data: { ...dataOf(e), ...panels[i]!, archCustomViewId: viewId } as EntityJson['data'] }))))) return;
      progress(reuse.length);
      for (const [k, p] of panels.slice(reuse.length).entries()) {
        if (!(await s.create('entities', { type: 'calicoMuralPanel', parentId: area.id, parentResourceKey: 'entities', data: { ...p, archCustomViewId: viewId } as EntityJson['data'] }))) return;
        progress(reuse.length + k + 1);
      }
      for (const e of existing.slice(panels.length)) await s.destroy('entities', e.id);
      s.setStatus({ tone: 'info', message: `${panels.length} panels generated.` });
    } finally {
      generating.current = false;
    }
  }

  return { newViewport, addText, addEntity, saveShape, autogenerate };
}
