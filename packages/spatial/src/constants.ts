/** The canvas's constants, as the product rules give them. */
export const SPATIAL_DEFAULTS = Object.freeze({
  wall: { height: 96, thickness: 4 },
  elevation: { height: 96, thickness: 4, viewDepth: 50 },
  canvasLine: { from: { x: 0, y: 0 }, to: { x: 50, y: 50 }, strokeWidth: 1, fromSymbol: 'none', toSymbol: 'arrow' },
  canvasText: { text: 'Text', width: 100 },
  seamThickness: 1,
  lineSize: 2,
  textureSize: { width: 775, height: 175 },
  muralEntitySize: { width: 30, height: 30 },
  panelBleed: { left: 0.5, right: 0.5, top: 1, bottom: 1 },
  wallLabel: { size: { width: 100, height: 100 }, title: 'Untitled Wall' },
  /** Panels are drawn at least this wide in the panel layout. */
  minPanelWidth: 90,
  /** A panel layout row holds panels while their widths plus the gaps stay under this. */
  panelRowMaxWidth: 1400,
  panelRowGap: 50,
  fallbackMuralOptionId: 990,
  copyOffset: { entity: 10, productInstance: 250 },
  zoom: { min: 1 / 512, max: 128, wheelStep: 0.001 },
  snapPx: 5,
  dimensionSnap: 1 / 64,
  doubleClickMs: 300,
  viewportTitle: 'Untitled Viewport',
} as const);

export interface Point { x: number; y: number }
export interface PlanPoint { x: number; z: number }
export interface Size { width: number; height: number }
export interface Rect { x: number; y: number; width: number; height: number }
