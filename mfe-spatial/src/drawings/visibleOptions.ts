import { isSelectType, type CatalogueIndex, type InstanceLike, type ProductProperty, type PropertySelection } from '@cpq/domain';

/** One line of a drawing page's options list. */
export interface DrawingOptionRow {
  propertyId: number;
  property: string;
  /** The chosen option's id; null for typed values (number, text, dimensions, checkbox). */
  optionId: number | null;
  /** The chosen option's title, or the typed value. */
  value: string;
  /** The chosen option is not in the catalogue: its name shows as "ERROR". */
  isError: boolean;
}

const MISSING_OPTION_TEXT = 'ERROR';

function valueText(property: ProductProperty, sel: PropertySelection): string | null {
  const v: unknown = sel.value;
  if (property.type === 'checkbox') {
    if (v === null || v === undefined || v === '') return null;
    return v === 1 || v === '1' || v === true || v === 'true' ? 'Yes' : 'No';
  }
  const parts: string[] = [];
  if (v !== null && v !== undefined && String(v).trim() !== '') parts.push(String(v).trim());
  for (const t of sel.text ?? []) if (t.trim()) parts.push(t.trim());
  return parts.length ? parts.join(' / ') : null;
}

/**
 * The options a drawing page lists: the instance's choices for the product's properties whose
 * drawingVisibility is 'visible', in the product's property order; properties without a choice are
 * left out. Engravings are drawn, not listed.
 */
export function visibleOptionRows(instance: InstanceLike, catalogue: CatalogueIndex): DrawingOptionRow[] {
  const rows: DrawingOptionRow[] = [];
  for (const property of catalogue.propertiesOf(instance.productId)) {
    if (property.drawingVisibility !== 'visible') continue;
    const sel = instance.properties?.[String(property.id)];
    if (!sel || typeof sel !== 'object') continue;
    if (isSelectType(property.type)) {
      const id = sel.optionId;
      if (id === null || id === undefined) continue;
      const option = catalogue.option(id);
      const ok = !!option && option.productPropertyId === property.id;
      rows.push({ propertyId: property.id, property: property.title, optionId: id, value: ok ? option.title : MISSING_OPTION_TEXT, isError: !ok });
      continue;
    }
    const text = valueText(property, sel);
    if (text !== null) rows.push({ propertyId: property.id, property: property.title, optionId: null, value: text, isError: false });
  }
  return rows;
}
