import type { ArchCustomViewJson, OrderDataResponse } from '@cpq/domain';
import type { SpatialRules } from '@cpq/plugin-sdk';
import { buildViewScene, fitToContent, itemBox, panelLayoutScene, sceneToSvg } from '@cpq/spatial';

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
          ? panelLayoutScene(view.title, byPanelNumber(entities), { units: rules.units, precision })
          : fitToContent(buildViewScene(data, { kind: 'customView', id: view.id }, { units: rules.units, precision, layers: LAYERS[type], grid: type === 'spatialCustomView' ? rules.grid : null, viewportSize, itemBox: itemBox(scale) }));
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

/** A viewport's panels by their number. */
export function byPanelNumber(entities: NonNullable<Data['entities']>) {
  const num = (e: (typeof entities)[number]) => Number((e.data as { panelNumber?: number }).panelNumber ?? 0);
  return entities.filter((e) => e.type === 'calicoMuralPanel').sort((a, b) => num(a) - num(b) || a.id - b.id);
}
