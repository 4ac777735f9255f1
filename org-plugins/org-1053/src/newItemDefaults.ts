import type { ItemRules, NewItemDefaults } from '@cpq/plugin-sdk';

/**
 * Slab doors (product 104) and cabinet fronts (product 105) are numbered per order and start at a
 * standard size: the unit-number property and the width and height properties of each product.
 */
const NUMBERED: Record<number, { numberPropertyId: number; widthPropertyId: number; heightPropertyId: number }> = {
  104: { numberPropertyId: 161, widthPropertyId: 141, heightPropertyId: 142 },
  105: { numberPropertyId: 195, widthPropertyId: 151, heightPropertyId: 152 },
};

export const DEFAULT_WIDTH_MM = 600;
export const DEFAULT_HEIGHT_MM = 2000;
/** The door panel's standard thickness (property 304 of both products). */
export const DEFAULT_THICKNESS_MM = 67;
const THICKNESS_PROPERTY_ID = 304;
const NUMBER_DIGITS = 3;

/** A unit number as the sequence counts it: a whole number as typed ("007", 12); anything else (e.g. "D-101") is not part of it. */
function sequenceNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return null;
}

/**
 * A new door or cabinet front: the next unit number after the highest one used by the order's items
 * of that product, zero-padded to 3 digits ("001", "002", …), and the size 600 × 2000 × 67. Other products
 * get nothing.
 */
export const newItemDefaults: ItemRules['newItemDefaults'] = ({ product, items }): NewItemDefaults => {
  const spec = NUMBERED[product.id];
  if (!spec) return {};
  const key = String(spec.numberPropertyId);
  let highest = 0;
  for (const item of items) {
    if (item.productId !== product.id) continue;
    const n = sequenceNumber(item.properties?.[key]?.value);
    if (n !== null && n > highest) highest = n;
  }
  return {
    properties: {
      [key]: { value: String(highest + 1).padStart(NUMBER_DIGITS, '0') },
      [String(spec.widthPropertyId)]: { value: DEFAULT_WIDTH_MM },
      [String(spec.heightPropertyId)]: { value: DEFAULT_HEIGHT_MM },
      [String(THICKNESS_PROPERTY_ID)]: { value: DEFAULT_THICKNESS_MM },
    },
  };
};
