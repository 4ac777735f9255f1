/**
 * Keypad layout validity, organisation 850, product category 1.
 * Plate sizes in mm against mechanism rows and columns.
 */
import type { InstanceValidator, PropertyIssue } from '@cpq/domain';
import { findSelectionWithData, optionData, selectedOption } from '@cpq/domain/basics';

export const KEYPAD_CATEGORY_ID = 1;
/** The special 82 × 144 plate with 4 rows × 2 columns needs this back box. */
export const SPECIAL_BACK_BOX_ID = 1424;
/** 850's back box property (its chosen option gives the back box id). */
export const BACK_BOX_PROPERTY_ID = 10;

export interface KeypadLayoutInput {
  plateWidth: number;
  plateHeight: number;
  rows: number;
  columns: number;
  backBoxId?: number | null;
}

/** Exactly the spec: special valid cases first, then the row and column limits, else valid. */
export function isKeypadLayoutValid({ plateWidth, plateHeight, rows, columns, backBoxId }: KeypadLayoutInput): boolean {
  if (plateWidth === 82 && plateHeight === 144 && columns === 2 && rows === 4 && backBoxId === SPECIAL_BACK_BOX_ID) return true;
  if (plateWidth === 82 && plateHeight === 82 && columns <= 2) return true;
  if ((plateWidth === 117 || plateWidth === 144 || plateWidth === 207) && plateHeight === 82 && rows === 1) return true;
  if (plateHeight === 82 && rows > 1) return false;
  if (plateHeight === 117 && rows > 2) return false;
  if (plateHeight === 144 && rows > 3) return false;
  if (plateHeight === 207 && rows > 5) return false;
  if (plateWidth === 82 && columns > 2) return false;
  if (plateWidth === 117 && columns > 2) return false;
  if (plateWidth === 144 && columns > 3) return false;
  if (plateWidth === 207 && columns > 4) return false;
  return true;
}

export const keypadLayoutMessage = (i: KeypadLayoutInput) =>
  `A ${i.rows} × ${i.columns} mechanism layout (rows × columns) does not fit a ${i.plateWidth} × ${i.plateHeight} mm plate. Please choose another layout or plate size.`;

/**
 * The back box id of the rule: the chosen back-box option's data.backBoxId when present, else the
 * option id itself.
 */
function backBoxIdOf(ctx: Parameters<InstanceValidator>[0]): number | null {
  const o = selectedOption(ctx.instance, ctx.catalogue, BACK_BOX_PROPERTY_ID);
  if (!o) return null;
  const d = optionData(o);
  return typeof d.backBoxId === 'number' ? d.backBoxId : o.id;
}

/**
 * Finds the plate by option data {width, height} and the layout by option data {rows, columns}
 * among the product's properties; marks the layout property invalid when the combination is not.
 */
export const keypadLayoutValidator: InstanceValidator = (ctx) => {
  if (ctx.product.productCategoryId !== KEYPAD_CATEGORY_ID) return [];
  const plate = findSelectionWithData(ctx.product, ctx.instance, ctx.catalogue, ['width', 'height'] as const);
  const layout = findSelectionWithData(ctx.product, ctx.instance, ctx.catalogue, ['rows', 'columns'] as const);
  if (!plate || !layout) return [];
  const input: KeypadLayoutInput = {
    plateWidth: plate.data.width,
    plateHeight: plate.data.height,
    rows: layout.data.rows,
    columns: layout.data.columns,
    backBoxId: backBoxIdOf(ctx),
  };
  if (isKeypadLayoutValid(input)) return [];
  const issue: PropertyIssue = { propertyId: layout.property.id, severity: 'error', message: keypadLayoutMessage(input) };
  return [issue];
};
