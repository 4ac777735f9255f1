/**
 * The canvas's shared shapes. Here rather than in SpatialCanvas.tsx, which renders Properties: the
 * panel importing them from there would import the canvas that imports it.
 */

/** The canvas document's lists a selection can name (items are selected apart from them). */
export type DocKey = 'archWalls' | 'archElevations' | 'entities' | 'productCanvasTexts' | 'productCanvasLines';
export type Selection = { key: DocKey | 'productInstances'; id: number } | null;
export type Obj = Record<string, unknown>;
