/** Small catalogue fixtures for validation tests (not exported from the package). */
import type { CatalogueIndex } from '../engine/catalogue.ts';
import { makeCatalogue, makeOption, makeProduct, makeProperty, productPropertiesOf } from '@cpq/test-utils';
import type { Product, ProductOption, ProductProperty } from '../schemas/catalogue.ts';

export function product(id: number, propertyIds: number[], extra: Partial<Product> = {}): Product {
  return makeProduct({ id, associations: productPropertiesOf(propertyIds), ...extra });
}

export function property(id: number, title: string, type: ProductProperty['type'], rank: number, extra: Partial<ProductProperty> = {}): ProductProperty {
  return makeProperty({ id, title, type, rank, ...extra });
}

export function option(id: number, productPropertyId: number, title: string, data: Record<string, unknown> = {}): ProductOption {
  return makeOption({ id, productPropertyId, title, data });
}

export function catalogue(products: Product[], properties: ProductProperty[], options: ProductOption[]): CatalogueIndex {
  return makeCatalogue({ products, productProperties: properties, productOptions: options });
}
