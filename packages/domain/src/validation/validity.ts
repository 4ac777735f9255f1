import { computeAvailability, invalidSelections, type Availability } from '../availability/availability.ts';
import type { CatalogueIndex } from '../engine/catalogue.ts';
import type { EngineHooks, PropertyIssue, TextMeasure } from '../engine/hooks.ts';
import type { InstanceLike } from '../engine/types.ts';
import { validateInstance } from './instance.ts';

export interface ItemValidity {
  valid: boolean;
  issues: PropertyIssue[];
}

/** Product id of a custom-priced item (no catalogue product). */
const CUSTOM_PRODUCT = -1;

/**
 * An item's validity as stored by the server and shown by the browser (one function, so both agree):
 * core checks, the organisation's validators, and option membership. Membership is judged for the
 * most permissive viewer (owner): an option an employee chose stays valid when a guest looks at the
 * order; who may choose what is enforced when the item is written (checkOptionChoice).
 * `availability`: that owner's availability when the caller has it already (see `ownerAvailability`).
 */
export function itemValidity(
  catalogue: CatalogueIndex,
  hooks: Pick<EngineHooks, 'optionFilters' | 'instanceValidators'>,
  instance: InstanceLike,
  measureText: TextMeasure,
  availability?: Availability,
): ItemValidity {
  const product = catalogue.product(instance.productId);
  if (!product) {
    if (instance.productId === CUSTOM_PRODUCT) return { valid: true, issues: [] };
    return { valid: false, issues: [{ propertyId: null, message: 'This product no longer exists.', severity: 'error' }] };
  }
  const input = { product, instance, catalogue, viewer: { role: 'owner' }, optionFilters: hooks.optionFilters };
  availability ??= computeAvailability(input);
  const allowed: Record<string, number[]> = {};
  for (const [pid, pa] of Object.entries(availability.properties)) allowed[pid] = pa.offered;
  const v = validateInstance({ product, instance, catalogue, allowedOptionIds: allowed, hooks, measureText });
  const issues = [...v.issues];
  for (const bad of invalidSelections(input, availability)) {
    if (!issues.some((i) => i.propertyId === bad.propertyId && i.severity === 'error')) {
      issues.push({ propertyId: bad.propertyId, message: bad.reasons[0]?.message ?? 'This option is not available.', severity: 'error' });
    }
  }
  return { valid: !issues.some((i) => i.severity === 'error'), issues };
}

/**
 * What the most permissive viewer (owner) is offered for an item, with the organisation's filters: what
 * `itemValidity` and `itemCompleteness` both judge by, computed once when a caller needs both.
 */
export function ownerAvailability(catalogue: CatalogueIndex, hooks: Pick<EngineHooks, 'optionFilters'>, instance: InstanceLike): Availability | undefined {
  const product = catalogue.product(instance.productId);
  return product ? computeAvailability({ product, instance, catalogue, viewer: { role: 'owner' }, optionFilters: hooks.optionFilters }) : undefined;
}
