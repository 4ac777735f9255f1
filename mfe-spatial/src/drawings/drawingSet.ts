import { drawInstance, graphicsByProduct, instanceNumber, type Drawing } from '@cpq/drawing';
import type { CatalogueIndex, OrderDataProductInstance, ProductGraphicJson } from '@cpq/domain';
import type { DrawingConfig } from '@cpq/plugin-sdk';
import {
  CLIENT_SCALE_PX_PER_MM,
  FACTORY_SCALE_PX_PER_MM,
  INSTANCE_GAP_PX,
  MAX_INSTANCES_PER_PAGE,
  PAGE_MARGIN_PX,
  fittedScale,
  packPages,
  pageSizeFor,
  type PageSize,
} from './pageLayout.ts';
import type { DrawingsSettings } from './route.ts';
import { visibleOptionRows, type DrawingOptionRow } from './visibleOptions.ts';

/** One instance as the set prints it. */
export interface DrawnInstance {
  id: number;
  number: string;
  title: string;
  quantity: number;
  notes: string;
  /** Null for an item whose product the catalogue does not have (a custom product): it is listed, not drawn. */
  drawing: Drawing | null;
  options: DrawingOptionRow[];
}

/** Height kept for the drawing on a page; the rest holds the header, the instance text and the footer. */
export const DRAWING_HEIGHT_PX = 460;

/** Draws every instance of the order, in the order's rank order. */
export function drawInstances(
  instances: readonly OrderDataProductInstance[],
  catalogue: CatalogueIndex,
  graphics: readonly ProductGraphicJson[],
  config: DrawingConfig,
  settings: Pick<DrawingsSettings, 'units' | 'setMode'> & { showDimensions: boolean },
  paper: 'ledger' | 'letter',
): DrawnInstance[] {
  const { scale, maxWidthPx } = drawingBoxFor(settings.setMode, paper);
  const sorted = [...instances].sort((a, b) => a.rank - b.rank || a.id - b.id);
  const graphicOf = graphicsByProduct(graphics);
  return sorted.map((instance) => {
    const product = catalogue.product(instance.productId);
    // The product's graphic is the base of its drawing (bevels, frames, decorations).
    const graphic = graphicOf.get(instance.productId) ?? null;
    const input = product ? { product, instance, catalogue, graphic, drawingConfig: config } : null;
    const draw = (pxPerUnit: number) => (input ? drawInstance(input, { units: settings.units, showDimensions: settings.showDimensions, pxPerUnit, legend: true }) : null);
    // Dimension labels (and the settings table beside the drawing) are sized for the scale the drawing is
    // shown at: drawn again when it had to shrink to fit.
    // Margins and the table are page px, so a smaller scale makes them more mm: a few rounds settle it.
    let drawing = draw(scale);
    let drawnAt = scale;
    for (let round = 0; drawing && round < 4; round++) {
      const fitted = fittedScale(drawing, scale, maxWidthPx, DRAWING_HEIGHT_PX);
      if (fitted >= drawnAt * 0.995) break;
      drawnAt = fitted;
      drawing = draw(fitted);
    }
    return {
      id: instance.id,
      number: instanceNumber(instance, config),
      title: instance.title || product?.title || 'Custom item',
      quantity: instance.quantity,
      notes: instance.notes ?? '',
      drawing,
      options: visibleOptionRows(instance, catalogue),
    };
  });
}

/** The mode's scale and the widest a single drawing may be on the set's paper. */
function drawingBoxFor(mode: DrawingsSettings['setMode'], paper: 'ledger' | 'letter') {
  return { scale: mode === 'individual' ? CLIENT_SCALE_PX_PER_MM : FACTORY_SCALE_PX_PER_MM, maxWidthPx: pageSizeFor(mode, paper).widthPx - 2 * PAGE_MARGIN_PX };
}

export interface PlacedInstance {
  drawn: DrawnInstance;
  /** px per mm the drawing is shown at. */
  scale: number;
}

export interface DrawingsLayout {
  size: PageSize;
  pages: PlacedInstance[][];
}

/**
 * Pages of the set: INDIVIDUAL (client mode) one instance per portrait letter page at 3.78 px/mm;
 * MULTIPLE (factory mode) up to 4 instances per page, packed by width, at 2.5 px/mm. Scales are
 * capped so a drawing fits its page.
 */
export function layOutPages(drawn: readonly DrawnInstance[], mode: DrawingsSettings['setMode'], paper: 'ledger' | 'letter'): DrawingsLayout {
  const size = pageSizeFor(mode, paper);
  const { scale, maxWidthPx } = drawingBoxFor(mode, paper);
  const box = (d: DrawnInstance) => d.drawing ?? { width: 0, height: 0 };
  const place = (d: DrawnInstance): PlacedInstance => ({ drawn: d, scale: fittedScale(box(d), scale, maxWidthPx, DRAWING_HEIGHT_PX) });
  if (mode === 'individual') return { size, pages: drawn.map((d) => [place(d)]) };
  const groups = packPages(drawn.map(box), {
    contentWidthPx: maxWidthPx,
    drawingHeightPx: DRAWING_HEIGHT_PX,
    scalePxPerMm: scale,
    gapPx: INSTANCE_GAP_PX,
    maxPerPage: MAX_INSTANCES_PER_PAGE,
  });
  return { size, pages: groups.map((g) => g.map((i) => place(drawn[i]!))) };
}
