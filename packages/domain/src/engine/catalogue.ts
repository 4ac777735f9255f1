import type { Product, ProductOption, ProductProperty } from '../schemas/catalogue.ts';
import type { CatalogueSnapshot, ProductOptionClassifier, ProductPricingRule, ProductRule } from './types.ts';

/**
 * Read-only indexes over a catalogue snapshot, built once per snapshot and shared by availability,
 * validation and pricing (lookups by id are on every hot path).
 */
export class CatalogueIndex {
  private readonly productsById = new Map<number, Product>();
  private readonly propertiesById = new Map<number, ProductProperty>();
  private readonly optionsById = new Map<number, ProductOption>();
  private readonly optionsByProperty = new Map<number, ProductOption[]>();
  private readonly pricingRulesById = new Map<number, ProductPricingRule>();
  private readonly classifiersById = new Map<number, ProductOptionClassifier>();
  private readonly propertiesByProduct = new Map<number, ProductProperty[]>();
  readonly rules: readonly ProductRule[];

  constructor(readonly snapshot: CatalogueSnapshot) {
    for (const p of snapshot.products) this.productsById.set(p.id, p);
    for (const p of snapshot.productProperties) this.propertiesById.set(p.id, p);
    for (const o of snapshot.productOptions) {
      this.optionsById.set(o.id, o);
      let list = this.optionsByProperty.get(o.productPropertyId);
      if (!list) this.optionsByProperty.set(o.productPropertyId, (list = []));
      list.push(o);
    }
    for (const list of this.optionsByProperty.values()) list.sort((a, b) => a.rank - b.rank || a.id - b.id);
    for (const r of snapshot.productPricingRules) this.pricingRulesById.set(r.id, r);
    for (const c of snapshot.productOptionClassifiers) this.classifiersById.set(c.id, c);
    this.rules = snapshot.productRules.filter((r) => !r.archived);
  }

  product(id: number): Product | undefined {
    return this.productsById.get(id);
  }

  property(id: number): ProductProperty | undefined {
    return this.propertiesById.get(id);
  }

  option(id: number): ProductOption | undefined {
    return this.optionsById.get(id);
  }

  /** A property's options sorted by rank (archived ones included: callers decide). */
  optionsOf(propertyId: number): readonly ProductOption[] {
    return this.optionsByProperty.get(propertyId) ?? [];
  }

  pricingRule(id: number): ProductPricingRule | undefined {
    return this.pricingRulesById.get(id);
  }

  classifier(id: number): ProductOptionClassifier | undefined {
    return this.classifiersById.get(id);
  }

  /** The properties a product uses (associations.productProperties), sorted by rank; unknown ids skipped. */
  propertiesOf(productId: number): readonly ProductProperty[] {
    let list = this.propertiesByProduct.get(productId);
    if (!list) {
      const keys = Object.keys(this.product(productId)?.associations.productProperties ?? {});
      list = keys
        .map((k) => this.propertiesById.get(Number(k)))
        .filter((p): p is ProductProperty => !!p && !p.archived)
        .sort((a, b) => a.rank - b.rank || a.id - b.id);
      this.propertiesByProduct.set(productId, list);
    }
    return list;
  }

  /** Options the product itself disables for a property (associations...disabledProductOptionIds). */
  disabledOptionIds(productId: number, propertyId: number): readonly number[] {
    return this.product(productId)?.associations.productProperties?.[String(propertyId)]?.disabledProductOptionIds ?? [];
  }
}
