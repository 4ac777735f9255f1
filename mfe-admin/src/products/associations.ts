import type { ProductRow } from './productRows.ts';

type Applied = NonNullable<ProductRow['associations']['productProperties']>;

/** The product's applied properties with one more (added last, no option disabled). */
export function withProperty(applied: Applied, propertyId: number): Applied {
  if (String(propertyId) in applied) return applied;
  return { ...applied, [String(propertyId)]: {} };
}

/** The product's applied properties without one (its disabled options go with it). */
export function withoutProperty(applied: Applied, propertyId: number): Applied {
  const { [String(propertyId)]: _gone, ...rest } = applied;
  return rest;
}

/** An option offered (or not) for this product: disabledProductOptionIds of its property. */
export function withOptionEnabled(applied: Applied, propertyId: number, optionId: number, enabled: boolean): Applied {
  const key = String(propertyId);
  const disabled = new Set(applied[key]?.disabledProductOptionIds ?? []);
  if (enabled) disabled.delete(optionId);
  else disabled.add(optionId);
  const ids = [...disabled].sort((a, b) => a - b);
  return { ...applied, [key]: ids.length ? { ...applied[key], disabledProductOptionIds: ids } : {} };
}
