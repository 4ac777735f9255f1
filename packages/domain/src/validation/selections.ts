/** Reading an item's choices: no schema library, no engine (organisation rules use these at start-up). */
import type { Product, ProductOption, ProductProperty } from '../schemas/catalogue.ts';
import type { CatalogueIndex } from '../engine/catalogue.ts';
import type { InstanceLike, PropertySelection } from '../engine/types.ts';

export const selectionOf = (instance: InstanceLike, propertyId: number): PropertySelection | undefined =>
  instance.properties?.[String(propertyId)];

/** The option chosen for a property, when it exists in the catalogue. */
export function selectedOption(instance: InstanceLike, catalogue: CatalogueIndex, propertyId: number): ProductOption | undefined {
  const id = selectionOf(instance, propertyId)?.optionId;
  return typeof id === 'number' ? catalogue.option(id) : undefined;
}

export const optionData = (o: ProductOption | undefined): Record<string, unknown> =>
  o && o.data && typeof o.data === 'object' ? (o.data as Record<string, unknown>) : {};

/**
 * The first of the product's properties whose chosen option carries every given data key as a
 * number (e.g. ['width', 'height'] for a plate size, ['rows', 'columns'] for a mechanism layout).
 * Lets organisation rules find properties by what their options describe rather than by id.
 */
export function findSelectionWithData<K extends string>(
  product: Pick<Product, 'id'>,
  instance: InstanceLike,
  catalogue: CatalogueIndex,
  keys: readonly K[],
): { property: ProductProperty; option: ProductOption; data: Record<K, number> } | undefined {
  for (const property of catalogue.propertiesOf(product.id)) {
    const option = selectedOption(instance, catalogue, property.id);
    if (!option) continue;
    const data = optionData(option);
    if (keys.every((k) => typeof data[k] === 'number' && Number.isFinite(data[k]))) {
      return { property, option, data: data as Record<K, number> };
    }
  }
  return undefined;
}

