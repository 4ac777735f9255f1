import type { ArchCustomViewJson, OrderDataResponse } from '@cpq/domain';
import type { SpatialRules } from '@cpq/plugin-sdk';
import { buildViewScene, fitToContent, panelLayoutRows, sceneToSvg, type Scene } from '@cpq/spatial';

/** What a page of a viewport shows: the whole view, or one of the four mural page types. */
export type SpatialPageType = 'spatialCustomView' | 'muralArea' | 'muralTexture' | 'muralPanel' | 'muralSeam';

export const MURAL_PAGE_TITLES: Record<Exclude<SpatialPageType, 'spatialCustomView'>, string> = {
  muralArea: 'Elevation Layout',
  muralTexture: 'Mural Rendering',
  muralPanel: 'Print Panel Layout',
  muralSeam: 'Installer Layout',
};

/** The viewport notes printed on each page type. */
const NOTES_KEYS: Record<SpatialPageType, readonly string[]> = {
  spatialCustomView: ['general', 'productSpec'],
  muralArea: ['general', 'calicoMuralArea'],
  muralTexture: ['general', 'calicoMuralTexture'],
  muralPanel: ['general', 'calicoMuralPanel', 'criticalAlignmentPanel'],
  muralSeam: ['general', 'calicoMuralSeam', 'mismatch'],
};

const LAYERS: Record<SpatialPageType, { murals: boolean; panelsAndSeams: boolean; dimensions: boolean }> = {
  spatialCustomView: { murals: true, panelsAndSeams: true, dimensions: true },
  muralArea: { murals: true, panelsAndSeams: false, dimensions: true },
  muralTexture: { murals: true, panelsAndSeams: false, dimensions: false },
  muralPanel: { murals: false, panelsAndSeams: true, dimensions: true },
  muralSeam: { murals: false, panelsAndSeams: true, dimensions: false },
};

export interface SpatialPage {
  type: SpatialPageType;
  /** "Print Panel Layout · North Wall", or the viewport's title. */
  title: string;
  notes: { key: string; text: string }[];
  svg: string;
}

type Data = Pick<OrderDataResponse, 'archCustomViews' | 'entities' | 'productCanvasTexts' | 'productCanvasLines' | 'productInstances' | 'archWalls' | 'archElevations'>;

/**
 * The drawings set's pages of a spatial order, after its items' pages: one per viewport (by rank), or,
 * where murals are planned, the four mural page types of every viewport that holds mural entities.
 */
export function spatialPages(data: Data, rules: SpatialRules, precision = 1): SpatialPage[] {
  const views = [...(data.archCustomViews ?? [])].sort((a, b) => a.rank - b.rank || a.id - b.id);
  const scale = rules.scale.customView ?? 2;
  const viewportSize = { width: rules.viewportSize.width / scale, height: rules.viewportSize.height / scale };
  const pages: SpatialPage[] = [];
  for (const view of views) {
    const entities = (data.entities ?? []).filter((e) => (e.data as { archCustomViewId?: number }).archCustomViewId === view.id);
    const murals = rules.murals && entities.some((e) => e.type.startsWith('calico'));
    const types: SpatialPageType[] = murals ? ['muralArea', 'muralTexture', 'muralPanel', 'muralSeam'] : ['spatialCustomView'];
    for (const type of types) {
      const scene =
        type === 'muralPanel'
          ? panelLayoutScene(view, entities)
          : fitToContent(buildViewScene(data, { kind: 'customView', id: view.id }, { units: rules.units, precision, layers: LAYERS[type], grid: type === 'spatialCustomView' ? rules.grid : null, viewportSize }));
      if (type === 'muralTexture') scene.shapes = scene.shapes.filter((s) => s.layer !== 'annotations' || s.kind === 'text');
      pages.push({ type, title: type === 'spatialCustomView' ? view.title : `${MURAL_PAGE_TITLES[type]} · ${view.title}`, notes: notesOf(view, type), svg: sceneToSvg(scene) });
    }
  }
  return pages;
}

function notesOf(view: ArchCustomViewJson, type: SpatialPageType) {
  const stored = (view.drawingNotesData ?? {}) as Record<string, unknown>;
  return NOTES_KEYS[type].map((key) => ({ key, text: typeof stored[key] === 'string' ? (stored[key] as string) : '' })).filter((n) => n.text.trim() !== '');
}

/** The print panels of a viewport laid out for printing: at least 90 wide, rows under 1400. */
function panelLayoutScene(view: ArchCustomViewJson, entities: NonNullable<Data['entities']>): Scene {
  const panels = entities
    .filter((e) => e.type === 'calicoMuralPanel' && !(e.data as { isDisabled?: boolean }).isDisabled)
    .map((e) => ({ e, size: (e.data as { size?: { width: number; height: number } }).size ?? { width: 30, height: 30 } }))
    .sort((a, b) => Number((a.e.data as { panelNumber?: number }).panelNumber ?? 0) - Number((b.e.data as { panelNumber?: number }).panelNumber ?? 0));
  const rows = panelLayoutRows(panels);
  const shapes: Scene['shapes'] = [];
  for (const row of rows) {
    for (const p of row) {
      const d = p.panel.e.data as { panelNumber?: number; panelDescriptionOverride?: string; panelPrintNotes?: string; isCriticalAlignmentPanel?: boolean };
      shapes.push({ kind: 'rect', x: p.x, y: p.y, width: p.width, height: p.height, fill: 'none', stroke: d.isCriticalAlignmentPanel ? '#d84315' : '#455a64', strokeWidth: 1, layer: 'panels', id: `panel-${p.panel.e.id}` });
      shapes.push({ kind: 'text', x: p.x + p.width / 2, y: p.y + p.height / 2, text: d.panelDescriptionOverride || `Panel ${d.panelNumber ?? ''}`, fontSize: 14, anchor: 'middle', fill: '#263238', layer: 'panels' });
      if (d.panelPrintNotes) shapes.push({ kind: 'text', x: p.x + 4, y: p.y + p.height + 14, text: d.panelPrintNotes, fontSize: 10, fill: '#37474f', layer: 'annotations' });
    }
  }
  const width = Math.max(100, ...rows.flat().map((p) => p.x + p.width)) + 20;
  const height = Math.max(100, ...rows.flat().map((p) => p.y + p.height)) + 30;
  return { title: view.title, viewBox: { x: -10, y: -10, width, height }, shapes };
}
