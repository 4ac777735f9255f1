import type { SpatialRules } from '@cpq/plugin-sdk';
import { SPATIAL_DEFAULTS } from '@cpq/spatial';
import type { ViewRef } from './views.ts';

/** What is drawn in the view on screen, counted: the empty state shows when all are zero. */
export interface ViewContents {
  /** Plan: walls and elevations. */
  walls: number;
  /** A viewport: its entities, texts, lines and placed items. */
  viewportRows: number;
  /** The Panel Layout: its print panels. */
  panels: number;
}

interface StartInputs {
  kind: ViewRef['kind'] | undefined;
  canEdit: boolean;
  murals: boolean;
  contents: ViewContents;
}

/**
 * The message an empty view shows over the stage: what to do next, in the names of the buttons on
 * screen, or (read-only) what will appear there. Null when something is drawn.
 */
export function emptyViewMessage({ kind, canEdit, murals, contents }: StartInputs): string | null {
  switch (kind) {
    case 'plan':
      if (contents.walls > 0) return null;
      return canEdit
        ? 'Start by drawing the room: choose Add wall, then click where the wall starts and where it ends.'
        : 'Nothing is drawn on the plan yet. The room’s walls appear here once they are drawn.';
    case 'customView':
      if (contents.viewportRows > 0) return null;
      if (!canEdit) return 'Nothing is drawn in this viewport yet.';
      return murals
        ? 'This viewport is empty. Choose Mural area to add the wall’s mural; select the area to set its size, then choose Autogenerate panels.'
        : 'This viewport is empty. Choose Add text or Add line to draw here; items placed in this view appear here too.';
    case 'panelLayout':
      if (contents.panels > 0) return null;
      return canEdit
        ? 'No print panels yet. They appear here once a mural area’s panels are generated: select a mural area in a viewport and choose Autogenerate panels.'
        : 'No print panels yet. They appear here once a mural area’s panels are generated.';
    default:
      return null;
  }
}

type Grid = NonNullable<SpatialRules['grid']>;

/** The grid the canvas draws: the organisation's grid (also exported) or else its light screen-only grid. */
export const canvasGrid = (rules: Pick<SpatialRules, 'grid' | 'screenGrid'>): Grid | null => rules.grid ?? rules.screenGrid;

/** "1/64" for the snapping increment (a unit fraction), else the plain number. */
const fraction = (v: number): string => (Number.isInteger(1 / v) && v < 1 ? `1/${1 / v}` : String(v));

/**
 * What the line beside the canvas says of the grid: one square's size and the increment positions
 * snap to, in the organisation's units ("Grid 12 in · snaps to 1/64 in").
 */
export function gridLegend(grid: Grid | null, units: SpatialRules['units']): string {
  const step = `${fraction(SPATIAL_DEFAULTS.dimensionSnap)} ${units}`;
  return grid ? `Grid ${grid.size} ${units} · snaps to ${step}` : `Positions snap to ${step}`;
}

/** A length field's unit: shown after the field and said in its accessible name. */
export const UNIT_WORDS: Record<SpatialRules['units'], string> = { in: 'inches', mm: 'millimetres' };
