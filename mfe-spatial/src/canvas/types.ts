/**
 * The canvas's shared shapes. Here rather than in the files that use them: a panel or hook importing
 * them from SpatialCanvas.tsx would import the canvas that imports it.
 */
import type { SpatialCanvasProps } from '@cpq/client';
import type { Point } from '@cpq/spatial';
import type { SpatialDocApi } from './useSpatialDoc.ts';

/** The canvas document's lists a selection can name (items are selected apart from them). */
export type DocKey = 'archWalls' | 'archElevations' | 'entities' | 'productCanvasTexts' | 'productCanvasLines';
export type Selection = { key: DocKey | 'productInstances'; id: number } | null;
export type Obj = Record<string, unknown>;

/** The plan's two lists of walls: drawn, gripped and saved alike. */
export type WallKey = 'archWalls' | 'archElevations';
/** An entity's data as the canvas reads it: a box (position, size) or two ends (from, to). */
export type EntityData = Obj & { position?: Point; size?: { width: number; height: number }; from?: Point; to?: Point };
/** What the layer toggles show (they are offered only where murals are planned). */
export type Layers = { murals: boolean; panelsAndSeams: boolean; dimensions: boolean };
export type Size = { width: number; height: number };
export type CanvasItem = SpatialCanvasProps['items'][number];
/** An item drawn in the view on screen, where it is drawn. */
export type PlacedItem = { item: CanvasItem; x: number; y: number };

/** What every drawn node reads from the canvas: the scale, the selection, what may be changed and how. */
export interface NodeContext {
  /** Screen pixels per drawing unit at zoom 1: texts and grips are sized by it to keep their screen size. */
  baseScale: number;
  /** Screen pixels per drawing unit now (snapping works in screen pixels). */
  liveScale: () => number;
  selection: Selection;
  canEdit: boolean;
  /** Something is being drawn (two clicks): nothing is selected or dragged meanwhile. */
  hasTentative: boolean;
  layers: Layers;
  murals: boolean;
  /** A length as a dimension at the chosen precision. */
  dim: (v: number) => string;
  select: (sel: Selection) => void;
  /** A click, with its event's time stamp, on something with an editor: a second soon after edits it. */
  click: (sel: NonNullable<Selection>, at: number) => void;
  /** The data of a catalogue option (a mural design's fill, panel width and which ways it scales). */
  optionData: (id: unknown) => Obj;
  /** The address of a mural design's picture (its option's thumbnail), or null: a texture draws it. */
  muralPicture?: (optionId: unknown) => string | null;
  update: SpatialDocApi['update'];
  setStatus: SpatialDocApi['setStatus'];
}
