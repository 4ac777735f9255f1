import { useMemo } from 'react';
import type { CatalogueIndex, Product, ProductGraphicJson, TextMeasure } from '@cpq/domain';
import { drawInstance, type Drawing, type DrawingConfig, type DrawingUnits, type DrawInstance } from '@cpq/drawing';
import { ProductDrawing } from '@cpq/drawing/react';
import styles from './ItemDrawing.module.css';

export interface DrawItemInput {
  item: DrawInstance;
  product: Product;
  catalogue: CatalogueIndex;
  /** The product's graphic (the catalogue sends each product's active one), drawn under the script. */
  graphic: ProductGraphicJson | null;
  config: DrawingConfig;
  units: DrawingUnits;
  showDimensions: boolean;
  measureText: TextMeasure;
  /** How tall the drawing is shown (px); its labels are sized for it. Default: the item preview's height. */
  fitHeightPx?: number;
}

/** The item preview's height on the order page. */
export const PREVIEW_HEIGHT_PX = 320;

/**
 * An item's drawing from its in-memory selection: pure and synchronous, so the drawing follows every
 * option change without asking the server.
 */
export function drawItem(i: DrawItemInput): Drawing {
  return drawInstance(
    { product: i.product, instance: i.item, catalogue: i.catalogue, graphic: i.graphic, drawingConfig: i.config },
    // Labels sized for the preview's height, so they read at 12 px there (decision 0102).
    { units: i.units, showDimensions: i.showDimensions, measureText: i.measureText, fitHeightPx: i.fitHeightPx ?? PREVIEW_HEIGHT_PX },
  );
}

/** The drawing, redrawn only when the item (or how it is shown) changes. */
export function useItemDrawing(i: DrawItemInput): Drawing {
  const { item, product, catalogue, graphic, config, units, showDimensions, measureText } = i;
  return useMemo(
    () => drawItem({ item, product, catalogue, graphic, config, units, showDimensions, measureText }),
    [item, product, catalogue, graphic, config, units, showDimensions, measureText],
  );
}

/**
 * The drawing, with the engine's warnings (a failed graphic formula, a size drawn by default) only when
 * `showWarnings`: they are for the organisation's employees, who can fix the catalogue; a customer
 * reads nothing about formulas (decision 0087).
 */
export function DrawingFigure({ drawing, title, maxHeightPx, testId, caption, showWarnings = false }: { drawing: Drawing; title: string; maxHeightPx: number; testId: string; caption?: string; showWarnings?: boolean }) {
  return (
    <figure className={styles.figure} data-testid={testId}>
      <ProductDrawing drawing={drawing} title={title} maxHeightPx={maxHeightPx} className={styles.svg} />
      {caption && <figcaption className={styles.caption}>{caption}</figcaption>}
      {showWarnings && drawing.warnings.length > 0 && (
        <ul className={styles.warnings} data-testid={`${testId}-warnings`}>
          {drawing.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
    </figure>
  );
}

/** The active item's live drawing above its options; `employee`: the engine's warnings are shown. */
export function ItemDrawing(props: DrawItemInput & { title: string; employee: boolean }) {
  const drawing = useItemDrawing(props);
  return <DrawingFigure drawing={drawing} title={props.title} maxHeightPx={PREVIEW_HEIGHT_PX} testId="item-drawing" showWarnings={props.employee} />;
}

