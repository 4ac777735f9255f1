import { optionPicture, type ArchCustomViewJson, type CatalogueIndex, type EntityJson, type OrderDataResponse } from '@cpq/domain';
import type { SpatialRules } from '@cpq/plugin-sdk';
import { buildViewScene, fitToContent, itemBox, panelLayoutScene, sceneToSvg, SPATIAL_DEFAULTS, type Measure, type MuralDesign, type Scene } from '@cpq/spatial';

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
  // The installer hangs the panels on the design: the mural picture shows, lighter, under them.
  muralSeam: { murals: true, panelsAndSeams: true, dimensions: false },
};
/** How light the mural picture is on the Installer Layout. */
export const INSTALLER_MURAL_OPACITY = 0.35;

/**
 * Why a page type of a viewport has nothing to draw, and what to do about it (null: it has). A page
 * with nothing to draw is left out of the set rather than printed blank.
 */
function nothingToDraw(type: SpatialPageType, entities: readonly EntityJson[], scene: Scene): string | null {
  const has = (t: string) => entities.some((e) => e.type === t && !(t === 'calicoMuralPanel' && (e.data as { isDisabled?: boolean }).isDisabled));
  switch (type) {
    case 'muralArea':
      return has('calicoMuralArea') ? null : 'no mural area yet. Draw a mural area on the viewport.';
    case 'muralTexture':
      return has('calicoMuralTexture') ? null : 'no mural texture yet. Add a texture to the mural area on the canvas.';
    case 'muralPanel':
      return has('calicoMuralPanel') ? null : 'no panels yet. Generate panels from the mural area on the canvas.';
    case 'muralSeam':
      return has('calicoMuralPanel') || has('calicoMuralSeam') ? null : 'no panels or seams yet. Generate panels or draw seams on the canvas.';
    case 'spatialCustomView':
      return scene.shapes.some((s) => s.layer !== 'grid') ? null : 'nothing is drawn on this viewport yet.';
  }
}

/** A page the set leaves out, and the note that says so ("Print Panel Layout · North Wall is left out: no panels yet. …"). */
export interface LeftOutPage {
  type: SpatialPageType;
  title: string;
  note: string;
}

export interface SpatialPageSet {
  pages: SpatialPage[];
  leftOut: LeftOutPage[];
}

export interface SpatialPageOptions {
  precision?: number;
  /** The room for the drawing on a page (px): labels are sized for the scale the drawing prints at. */
  drawingBoxPx?: { width: number; height: number };
  /** A mural option's name and picture (see muralDesigns). */
  muralDesign?: (optionId: number | null) => MuralDesign | null;
  measure?: Measure;
}

/** Mural designs from the catalogue: an option's title and its picture; the fallback option has none. */
export function muralDesigns(catalogue: Pick<CatalogueIndex, 'option'>): (optionId: number | null) => MuralDesign | null {
  return (optionId) => {
    if (optionId === null) return null;
    const option = catalogue.option(optionId);
    if (!option) return null;
    const fallback = option.id === SPATIAL_DEFAULTS.fallbackMuralOptionId || (option.data as { fallback?: unknown } | null)?.fallback === true;
    const picture = fallback ? null : optionPicture(option);
    return { title: option.title, pictureUrl: picture?.kind === 'image' ? picture.url : null };
  };
}

export interface SpatialPage {
  type: SpatialPageType;
  /** "Print Panel Layout · North Wall", or the viewport's title. */
  title: string;
  notes: { key: string; text: string }[];
  svg: string;
}

type Data = Pick<OrderDataResponse, 'archCustomViews' | 'entities' | 'productCanvasTexts' | 'productCanvasLines' | 'productInstances' | 'archWalls' | 'archElevations'>;

/** Room for a viewport's drawing on a landscape letter page (the page less its margins, heading, notes and footer). */
const DEFAULT_DRAWING_BOX_PX = { width: 984, height: 536 };

/**
 * The drawings set's pages of a spatial order, after its items' pages: one per viewport (by rank), or,
 * where murals are planned, the four mural page types of every viewport that holds mural entities.
 * A page with nothing to draw is left out, with a note saying which and why.
 */
export function spatialPages(data: Data, rules: SpatialRules, options: SpatialPageOptions = {}): SpatialPageSet {
  const precision = options.precision ?? 1;
  const box = options.drawingBoxPx ?? DEFAULT_DRAWING_BOX_PX;
  const views = [...(data.archCustomViews ?? [])].sort((a, b) => a.rank - b.rank || a.id - b.id);
  const scale = rules.scale.customView ?? 2;
  const viewportSize = { width: rules.viewportSize.width / scale, height: rules.viewportSize.height / scale };
  const set: SpatialPageSet = { pages: [], leftOut: [] };
  for (const view of views) {
    const entities = (data.entities ?? []).filter((e) => (e.data as { archCustomViewId?: number }).archCustomViewId === view.id);
    const murals = rules.murals && entities.some((e) => e.type.startsWith('calico'));
    const types: SpatialPageType[] = murals ? ['muralArea', 'muralTexture', 'muralPanel', 'muralSeam'] : ['spatialCustomView'];
    for (const type of types) {
      const draw = (pxPerUnit: number | undefined) => {
        const common = { units: rules.units, precision, pxPerUnit, ...(options.measure ? { measure: options.measure } : {}) };
        if (type === 'muralPanel') return panelLayoutScene(view.title, byPanelNumber(entities), common);
        const scene = fitToContent(
          buildViewScene(data, { kind: 'customView', id: view.id }, {
            ...common,
            layers: LAYERS[type],
            grid: type === 'spatialCustomView' ? rules.grid : null,
            viewportSize,
            itemBox: itemBox(scale),
            ...(options.muralDesign ? { muralDesign: options.muralDesign } : {}),
            ...(type === 'muralSeam' ? { muralOpacity: INSTALLER_MURAL_OPACITY } : {}),
          }),
          20 / (pxPerUnit ?? 1),
        );
        // The rendering is the design: no lines or arrows over it, only the texts; it and the installer's
        // page leave out the items' boxes, which would hide the design and the panels.
        if (type === 'muralTexture') scene.shapes = scene.shapes.filter((s) => s.layer !== 'annotations' || s.kind === 'text');
        if (type === 'muralTexture' || type === 'muralSeam') scene.shapes = scene.shapes.filter((s) => s.layer !== 'products');
        return scene;
      };
      const title = type === 'spatialCustomView' ? view.title : `${MURAL_PAGE_TITLES[type]} · ${view.title}`;
      const scene = atPrintScale(draw, box);
      const why = nothingToDraw(type, entities, scene);
      if (why) {
        set.leftOut.push({ type, title, note: `${title} is left out: ${why}` });
        continue;
      }
      set.pages.push({ type, title, notes: notesOf(view, type), svg: sceneToSvg(scene, { idPrefix: `v${view.id}-${type}-`, pageStrokes: true }) });
    }
  }
  return set;
}

/**
 * The scene drawn for the scale it prints at: its labels are sized in page pixels, and their size
 * moves the drawing's edges a little, so it is drawn again until the scale settles (three times at most).
 */
function atPrintScale(draw: (pxPerUnit: number | undefined) => Scene, box: { width: number; height: number }): Scene {
  let scene = draw(undefined);
  let pxPerUnit = 0;
  for (let i = 0; i < 3; i++) {
    const next = Math.min(box.width / scene.viewBox.width, box.height / scene.viewBox.height);
    if (!(next > 0) || !Number.isFinite(next) || Math.abs(next - pxPerUnit) / next < 0.02) break;
    pxPerUnit = next;
    scene = draw(pxPerUnit);
  }
  return scene;
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
