/** Whole-item validation: core checks plus the organisation's instance validators; any invalid property makes the item invalid. */
import { isSelectType, type Product, type ProductOption, type ProductProperty } from '../schemas/catalogue.ts';
import type { CatalogueIndex } from '../engine/catalogue.ts';
import type { EngineHooks, PropertyIssue, TextMeasure } from '../engine/hooks.ts';
import type { InstanceLike, PropertySelection } from '../engine/types.ts';
import { checkInstanceTitle, isDimensionInBounds, isValidQuantity, dimensionBounds, type DimensionData } from './fields.ts';
import { dimensionOutOfRangeMessage, optionNotAllowedMessage, VALIDATION_MESSAGES as M } from './messages.ts';
import { optionData, selectedOption, selectionOf } from './selections.ts';

/**
 * Offered option ids per property (the availability engine's answer). A Map keyed by property id,
 * or a record keyed by property id as text. A property missing from it is not checked for membership.
 */
export type AllowedOptionIds = ReadonlyMap<number, readonly number[]> | Readonly<Record<string, readonly number[]>>;

export interface ValidateInstanceInput {
  product: Product;
  instance: InstanceLike;
  catalogue: CatalogueIndex;
  allowedOptionIds?: AllowedOptionIds;
  hooks: Pick<EngineHooks, 'instanceValidators'>;
  measureText: TextMeasure;
}

export interface InstanceValidation {
  /** False when any issue is an error. */
  valid: boolean;
  /** Core issues first, then the organisation's, in validator order. */
  issues: PropertyIssue[];
  /** Properties with at least one error (drawn red), unique, in order of first issue. */
  invalidPropertyIds: number[];
}

function allowedFor(allowed: AllowedOptionIds | undefined, propertyId: number): readonly number[] | undefined {
  if (!allowed) return undefined;
  if (allowed instanceof Map) return allowed.get(propertyId);
  return (allowed as Readonly<Record<string, readonly number[]>>)[String(propertyId)];
}

export { findSelectionWithData, optionData, selectedOption, selectionOf } from './selections.ts';
/** Single-select membership: the chosen option must exist, belong to the property and be allowed. */
export function checkSingleSelect(
  property: ProductProperty,
  selection: PropertySelection | undefined,
  catalogue: CatalogueIndex,
  allowedOptionIds?: readonly number[],
): PropertyIssue | null {
  const id = selection?.optionId;
  if (id === null || id === undefined) return null;
  const option = typeof id === 'number' ? catalogue.option(id) : undefined;
  const bad =
    !option ||
    option.productPropertyId !== property.id ||
    (allowedOptionIds !== undefined && !allowedOptionIds.includes(option.id));
  return bad ? { propertyId: property.id, severity: 'error', message: optionNotAllowedMessage(property.title, option?.title) } : null;
}

function checkDimension(property: ProductProperty, selection: PropertySelection | undefined): PropertyIssue | null {
  const raw = selection?.value;
  if (raw === null || raw === undefined || raw === '') return null;
  const data = property.data as DimensionData;
  const v = typeof raw === 'number' ? raw : Number.parseFloat(String(raw));
  if (Number.isFinite(v) && isDimensionInBounds(v, data)) return null;
  const { min, max } = dimensionBounds(data);
  return { propertyId: property.id, severity: 'error', message: dimensionOutOfRangeMessage(property.title, min, max) };
}

/**
 * Core checks (title, quantity, single-select membership, dimension bounds) then every organisation
 * instance validator. An instance is invalid if any property is invalid (or an item-level error).
 */
export function validateInstance(input: ValidateInstanceInput): InstanceValidation {
  const { product, instance, catalogue, allowedOptionIds, hooks, measureText } = input;
  const issues: PropertyIssue[] = [];

  const title = checkInstanceTitle(instance.title, product.instanceTitleIsRequired);
  if (!title.ok) issues.push({ propertyId: null, severity: 'error', message: title.message });
  if (!isValidQuantity(instance.quantity)) issues.push({ propertyId: null, severity: 'error', message: M.quantityInvalid });

  for (const property of catalogue.propertiesOf(product.id)) {
    const selection = selectionOf(instance, property.id);
    let issue: PropertyIssue | null = null;
    if (isSelectType(property.type)) {
      issue = checkSingleSelect(property, selection, catalogue, allowedFor(allowedOptionIds, property.id));
    } else if (property.type === 'dimensions') {
      issue = checkDimension(property, selection);
    }
    if (issue) issues.push(issue);
  }

  for (const validator of hooks.instanceValidators) {
    issues.push(...validator({ product, instance, catalogue, measureText }));
  }

  const invalidPropertyIds: number[] = [];
  for (const i of issues) {
    if (i.severity === 'error' && i.propertyId !== null && !invalidPropertyIds.includes(i.propertyId)) invalidPropertyIds.push(i.propertyId);
  }
  return { valid: !issues.some((i) => i.severity === 'error'), issues, invalidPropertyIds };
}
