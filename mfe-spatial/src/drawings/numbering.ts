/** Instance numbers on drawings. */
export interface NumberedInstance {
  productId: number;
  properties?: Record<string, { value?: string | number | null } | undefined> | null;
}

/**
 * The number printed for an instance: its place in the order (1-based), zero padded to 3 digits;
 * for a product whose unit number lives in a property (the organisation's `instanceNumberPropertyIds`),
 * that property's value when it has one.
 */
export function instanceNumber(instance: NumberedInstance, position: number, unitNumberPropertyIds: Readonly<Record<number, number>> = {}): string {
  const propertyId = unitNumberPropertyIds[instance.productId];
  if (propertyId !== undefined) {
    const value = instance.properties?.[String(propertyId)]?.value;
    const text = value === null || value === undefined ? '' : String(value).trim();
    if (text) return text;
  }
  return String(position).padStart(3, '0');
}
