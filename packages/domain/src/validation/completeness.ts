/**
 * Which of an item's properties must be chosen before its order is submitted, and which of those are
 * still empty (docs/decisions/0091-required-options.md). One function for the browser (the
 * "Required" marks, the cart's "2 options to choose", submit pointing at the first gap) and the API
 * (submit refuses an order with an incomplete item), so both always agree.
 */
import { computeAvailability, joinTitles, type Availability } from '../availability/availability.ts';
import { isSelectType, type ProductProperty } from '../schemas/catalogue.ts';
import type { CatalogueIndex } from '../engine/catalogue.ts';
import type { EngineHooks } from '../engine/hooks.ts';
import type { InstanceLike } from '../engine/types.ts';

export interface MissingProperty {
  propertyId: number;
  title: string;
}

export interface ItemCompleteness {
  /** Properties that must be chosen, in the product's rank order (chosen or not). */
  requiredPropertyIds: number[];
  /** Required properties with nothing chosen yet, in rank order. */
  missing: MissingProperty[];
  complete: boolean;
}

const COMPLETE: ItemCompleteness = Object.freeze({ requiredPropertyIds: [], missing: [], complete: true }) as ItemCompleteness;

/** An admin may mark a property optional in its data (`data.optional: true`): it is then never required. */
export const isOptionalProperty = (p: Pick<ProductProperty, 'data'>): boolean => (p.data as { optional?: unknown } | undefined)?.optional === true;

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (typeof v === 'number' && !Number.isFinite(v));

/**
 * Required: every select property of the product that offers (to the most permissive viewer, after
 * every rule and filter) at least one option published to everyone, and every dimensions property;
 * unless the property is optional by its data. A select property with nothing a customer could choose
 * is not required, so a catalogue gap never blocks an order. Text, number and checkbox properties are
 * never required. Missing: a required select with no option chosen, a required dimension with no value.
 * An option chosen but no longer allowed is not "missing": validity marks it red instead.
 * `availability` may be passed when the caller has it already (owner viewer, organisation filters).
 */
export function itemCompleteness(
  instance: InstanceLike,
  catalogue: CatalogueIndex,
  hooks?: Pick<EngineHooks, 'optionFilters'>,
  availability?: Availability,
): ItemCompleteness {
  const product = catalogue.product(instance.productId);
  if (!product) return COMPLETE;
  const properties = catalogue.propertiesOf(product.id);
  if (!properties.length) return COMPLETE;
  let avail = availability;
  const requiredPropertyIds: number[] = [];
  const missing: MissingProperty[] = [];
  for (const p of properties) {
    if (isOptionalProperty(p)) continue;
    const sel = instance.properties?.[String(p.id)];
    if (isSelectType(p.type)) {
      avail ??= computeAvailability({ product, instance, catalogue, viewer: { role: 'owner' }, optionFilters: hooks?.optionFilters ?? [] });
      const offered = avail.properties[String(p.id)]?.offered ?? [];
      const customerChoosable = offered.some((id) => (catalogue.option(id)?.publishLevel ?? 'all') === 'all');
      if (!customerChoosable) continue;
      requiredPropertyIds.push(p.id);
      if (typeof sel?.optionId !== 'number') missing.push({ propertyId: p.id, title: p.title });
    } else if (p.type === 'dimensions') {
      requiredPropertyIds.push(p.id);
      if (blank(sel?.value)) missing.push({ propertyId: p.id, title: p.title });
    }
  }
  return { requiredPropertyIds, missing, complete: missing.length === 0 };
}

/** "Complete", "1 option to choose", "3 options to choose". */
export function completenessText(c: Pick<ItemCompleteness, 'missing'>): string {
  const n = c.missing.length;
  if (n === 0) return 'Complete';
  return `${n} ${n === 1 ? 'option' : 'options'} to choose`;
}

/** An item of an order, as the submit check names it. */
export interface IncompleteItem {
  id: number;
  /** Its place in the order (1-based), as the cart numbers it. */
  rank: number;
  /** Its own title, else its product's. */
  title: string;
  missing: readonly MissingProperty[];
}

/** The refusal naming the item and what it still needs: `Choose Plate Size and Back Box for item 1 “Entry” before submitting.` */
export function incompleteItemMessage(item: Pick<IncompleteItem, 'rank' | 'title' | 'missing'>): string {
  return `Choose ${joinTitles(item.missing.map((m) => m.title))} for item ${item.rank} “${item.title}” before submitting.`;
}
