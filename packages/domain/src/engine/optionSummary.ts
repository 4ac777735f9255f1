/**
 * An item's chosen options as "Property: value" pairs, shared by the order page's cart and the printed
 * documents.
 */
import { isSelectType, type ProductProperty } from '../schemas/catalogue.ts';
import type { CatalogueIndex } from './catalogue.ts';
import type { InstanceLike, PropertySelection } from './types.ts';

type Row = Record<string, unknown>;


/** One "Property: value" pair of an item's option summary. */
export interface SummaryPart {
  propertyId: number;
  property: string;
  value: string;
  /** The chosen option id is not in the catalogue (a missing option name shows as "ERROR"). */
  isError: boolean;
}

/** What the cart shows for a chosen option the catalogue does not have. */
const MISSING_OPTION_TEXT = 'ERROR';

/** Every non-blank string under a value (engravings keep text in nested objects), in key order. */
function textsIn(v: unknown, depth = 0): string[] {
  if (typeof v === 'string') return v.trim() ? [v.trim()] : [];
  if (typeof v === 'number' && Number.isFinite(v)) return [String(v)];
  if (depth > 4 || !v || typeof v !== 'object') return [];
  const values = Array.isArray(v) ? v : Object.values(v as Row);
  return values.flatMap((x) => textsIn(x, depth + 1));
}

function selectionText(property: ProductProperty, sel: PropertySelection): string | null {
  if (property.type === 'checkbox') {
    const v: unknown = sel.value;
    if (v === null || v === undefined || v === '') return null;
    return v === 1 || v === '1' || v === true || v === 'true' ? 'Yes' : 'No';
  }
  const parts: string[] = [];
  if (sel.value !== null && sel.value !== undefined && String(sel.value).trim() !== '') parts.push(String(sel.value).trim());
  parts.push(...textsIn(sel.text), ...textsIn(sel.engravings));
  return parts.length ? parts.join(' / ') : null;
}

/**
 * "Property: Option" for single-select properties with a choice ("ERROR" when the option id is
 * unknown), the value for dimensions, number, checkbox and text properties; properties without a
 * choice are left out. In the product's property order.
 */
export function optionSummary(instance: InstanceLike, catalogue: CatalogueIndex): SummaryPart[] {
  const props = instance.properties ?? {};
  const out: SummaryPart[] = [];
  const seen = new Set<string>();
  const add = (property: ProductProperty, sel: PropertySelection | undefined) => {
    if (!sel || typeof sel !== 'object') return;
    if (isSelectType(property.type)) {
      const id = sel.optionId;
      if (id === null || id === undefined) return;
      const option = typeof id === 'number' ? catalogue.option(id) : undefined;
      const ok = !!option && option.productPropertyId === property.id;
      out.push({ propertyId: property.id, property: property.title, value: ok ? option.title : MISSING_OPTION_TEXT, isError: !ok });
      return;
    }
    const text = selectionText(property, sel);
    if (text !== null) out.push({ propertyId: property.id, property: property.title, value: text, isError: false });
  };
  for (const property of catalogue.propertiesOf(instance.productId)) {
    seen.add(String(property.id));
    add(property, props[String(property.id)]);
  }
  // Choices for properties the product no longer lists still describe the item.
  for (const [key, sel] of Object.entries(props)) {
    if (seen.has(key)) continue;
    const property = catalogue.property(Number(key));
    if (property) add(property, sel);
  }
  return out;
}

