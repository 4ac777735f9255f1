import { checkOptionChoice } from './availability.ts';
import { normaliseDimension, parseNumberValue, type DimensionData } from '../validation/fields.ts';
import type { CatalogueIndex } from '../engine/catalogue.ts';
import type { EngineHooks } from '../engine/hooks.ts';
import type { InstanceProperties } from '../engine/types.ts';
import { isSelectType, type Product } from '../schemas/catalogue.ts';

export type PropertyChangeResult =
  | { ok: true; properties: InstanceProperties }
  | {
      ok: false;
      /** 'notAProperty': the product does not use the property; 'optionNotAvailable': the option cannot be chosen. */
      code: 'notAProperty' | 'optionNotAvailable';
      message: string;
      details?: { propertyId: number; optionId: number; emptyPropertyIds?: readonly number[]; reasons: readonly unknown[] };
    };

/**
 * Applies property changes to an item the way the order page does, in the browser and on the
 * server alike: each newly chosen option must be offered to the viewer (publish level, archived,
 * product rules, organisation filters, no dead end), selections it makes impossible are cleared,
 * dimension and number values are normalised. Properties the product does not use are refused.
 */
export function applyPropertyChanges(input: {
  catalogue: CatalogueIndex;
  hooks: Pick<EngineHooks, 'optionFilters'>;
  product: Product;
  role: string;
  before: InstanceProperties;
  changes: InstanceProperties;
}): PropertyChangeResult {
  const { catalogue, hooks, product, role, before, changes } = input;
  const used = new Set(catalogue.propertiesOf(product.id).map((p) => p.id));
  let selection: InstanceProperties = { ...before };
  for (const [key, change] of Object.entries(changes)) {
    const propertyId = Number(key);
    const property = catalogue.property(propertyId);
    if (!property || !used.has(propertyId)) {
      return { ok: false, code: 'notAProperty', message: `properties.${key} is not a property of this product` };
    }
    const entry = { ...change };
    if (property.type === 'dimensions' && entry.value !== undefined && entry.value !== null) {
      entry.value = normaliseDimension(entry.value, property.data as DimensionData);
    } else if (property.type === 'number' && entry.value !== undefined && entry.value !== null) {
      entry.value = parseNumberValue(entry.value);
    }
    const optionId = entry.optionId;
    const previous = before[key]?.optionId ?? null;
    if (isSelectType(property.type) && optionId != null && optionId !== previous) {
      const choice = checkOptionChoice({
        product,
        instance: { productId: product.id, quantity: 1, properties: selection },
        catalogue,
        viewer: { role },
        optionFilters: hooks.optionFilters,
        propertyId,
        optionId,
      });
      if (!choice.ok) {
        const reason = choice.reasons?.[0]?.message;
        return {
          ok: false,
          code: 'optionNotAvailable',
          message: reason && choice.message === 'This option is not available.' ? `${choice.message} ${reason}` : choice.message,
          details: { propertyId, optionId, emptyPropertyIds: choice.emptyPropertyIds, reasons: choice.reasons ?? [] },
        };
      }
      selection = { ...choice.selection, [key]: { ...choice.selection[key], ...entry } };
    } else {
      selection = { ...selection, [key]: entry };
    }
  }
  return { ok: true, properties: selection };
}
