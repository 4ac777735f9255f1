import type { CatalogueIndex, InstanceLike, ProductGraphicJson, TextMeasure } from '@cpq/domain';

export type DrawingUnits = 'mm' | 'in';

/** A plain SVG element tree: what the renderers build, serialised by toSvgString or rendered by React. */
export interface SvgNode {
  tag: string;
  attrs: Record<string, string | number>;
  children?: (SvgNode | string)[];
}

export interface Drawing {
  /** Drawing units (mm), dimension margins included. */
  width: number;
  height: number;
  /** Drawn in a 0..width × 0..height box (no <svg> wrapper: toSvgString and ProductDrawing add it). */
  root: SvgNode;
  warnings: string[];
  /** Screen pixels per drawing unit the dimension labels were sized for (their 8 / 11 px fonts). */
  pxPerUnit: number;
  /** Whether a settings table (every setting with its value) is drawn beside the product. */
  settingsTable?: boolean;
}

export interface DrawOptions {
  units: DrawingUnits;
  showDimensions: boolean;
  /** Deterministic server measure (Helvetica advances) by default. */
  measureText?: TextMeasure;
  /** Pixels per mm the drawing will be shown at; sizes the dimension labels. Default: fits about 400 px. */
  pxPerUnit?: number;
  /**
   * Without pxPerUnit: the drawing will be shown this many px tall (a preview box); labels are sized
   * for the scale that makes it so, dimension margins included.
   */
  fitHeightPx?: number;
  /** Add the settings table beside the drawing (the factory drawings set): every setting and its value. */
  legend?: boolean;
}

/** The renderer scripts, chosen per product by the organisation plugin's configuration. */
export const RENDERER_KINDS = ['keypad', 'plate', 'outlet', 'lamp', 'lamella', 'slabDoor', 'cabinetFront', 'flooring', 'generic'] as const;
export type RendererKind = (typeof RENDERER_KINDS)[number];

/** The drawing behaviour of an organisation (plugin rules `drawings`). */
export interface DrawingConfig {
  /** Renderer per product id (as text); products not listed draw with 'generic'. */
  renderers: Readonly<Record<string, RendererKind>>;
  defaultUnits: DrawingUnits;
  /** The drawings page offers 'Show Dimensions' and the units picker. */
  dimensionControls: boolean;
  /** Where engravings are stored; `showFit` colours them amber / red by the fit rule. */
  engravings?: { engravingsPropertyId: number; belowTextPropertyId?: number; showFit?: boolean };
  /** Keypad properties; without them the plate, layout and finishes are found by their option data. */
  keypad?: { plateFinishPropertyId?: number; mechanismFinishPropertyId?: number };
  /** Fixed sizes (mm) of products without size properties, per product id (as text). */
  productSizes?: Readonly<Record<string, { width: number; height: number; gang?: number; shape?: 'round' | 'square' | 'rectangular' }>>;
  /** Width and height properties (mm values) per product id (as text). */
  sizePropertyIds?: Readonly<Record<string, { width: number; height: number }>>;
  /** Lamella panel settings (option data: lamellaWidthMode 'quantity' | 'width', alignment, grainDirection, hingeSide). */
  lamella?: {
    widthModePropertyId?: number;
    lamellaCountPropertyId?: number;
    lamellaWidthPropertyId?: number;
    alignmentPropertyId?: number;
    grainPropertyId?: number;
    hingeSidePropertyId?: number;
    /** Panel thickness (mm value); drawn as the edge beside the door with its dimension. */
    thicknessPropertyId?: number;
    /** Option data `opening`: 'swing' (hinged) or 'slide' (on a track, no hinges). */
    openingPropertyId?: number;
    /** Option data `hingeCount`: how many hinges the hinge side gets (swing doors). */
    hingeCountPropertyId?: number;
    /** Option data `handle`: 'none' | 'bar' | 'recessed' | 'lever'. */
    handlePropertyId?: number;
    /** Option data `lock`: 'none' | 'privacy' | 'keyed'. */
    lockPropertyId?: number;
  };
  /** The instance number shown with a drawing comes from this property per product id (as text). */
  instanceNumberPropertyIds?: Readonly<Record<string, number>>;
  /** The drawings page shows the order's estimate number. */
  showEstimateNumber?: boolean;
  /** The drawings page shows the product spec (notes per custom view). */
  productSpec?: boolean;
}

/** What a drawing needs of a product row (ConfiguratorProduct and Product both fit). */
export interface DrawProduct {
  id: number;
  title: string;
  productCategoryId: number | null;
}

export interface DrawInstance extends InstanceLike {
  id?: number | string | null;
  /** The item's notes: a line of the settings table. */
  notes?: string | null;
}

export interface DrawInput {
  product: DrawProduct;
  instance: DrawInstance;
  catalogue: CatalogueIndex;
  graphic?: ProductGraphicJson | null;
  drawingConfig: DrawingConfig;
}
