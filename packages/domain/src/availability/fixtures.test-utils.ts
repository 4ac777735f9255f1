/**
 * Small builders for availability tests and benchmarks (not used by the engine itself).
 */
import type { Product, ProductOption, ProductProperty } from '../schemas/catalogue.ts';
import type { CatalogueIndex } from '../engine/catalogue.ts';
import { makeCatalogue, makeOption, makeProduct, makeProductRule, makeProperty, prng, productPropertiesOf } from '@cpq/test-utils';
import type { ProductRule, RuleType } from '../engine/types.ts';

type PL = 'all' | 'internal' | 'admin';

export function mkProperty(id: number, title: string, rank: number, type: ProductProperty['type'] = 'singleSelect'): ProductProperty {
  return makeProperty({ id, title, rank, type });
}

export function mkOption(id: number, productPropertyId: number, title: string, rank: number, publishLevel: PL = 'all', archived: 0 | 1 = 0): ProductOption {
  return makeOption({ id, productPropertyId, title, rank, publishLevel, archived });
}

export function mkProduct(id: number, title: string, propertyIds: number[], disabled: Record<number, number[]> = {}): Product {
  return makeProduct({ id, title, associations: productPropertiesOf(propertyIds, disabled) });
}

export function mkRule(
  id: number,
  type: RuleType,
  fromIds: number[],
  toIds: number[],
  fromResourceKey: 'productOptions' | 'products' = 'productOptions',
): ProductRule {
  return makeProductRule({ id, type, fromResourceKey, fromIds, toIds });
}

export function mkCatalogue(parts: {
  products: Product[];
  properties: ProductProperty[];
  options: ProductOption[];
  rules?: ProductRule[];
}): CatalogueIndex {
  return makeCatalogue({ products: parts.products, productProperties: parts.properties, productOptions: parts.options, productRules: parts.rules ?? [] });
}


/**
 * A generated product: `props` properties × `opts` options (5 % internal) and `rules` rules (about
 * 60 % incompatible between 1–3 and 1–3 options of two properties, the rest compatible from 1–2
 * options to 2–20 options of another property, i.e. "finish X comes only in these sizes"); one
 * property in six has 60 % of its options disabled for the product, so some rules lead to dead ends.
 */
export function generatedCatalogue(seed: number, props = 60, opts = 50, rules = 200) {
  const rnd = prng(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const properties: ProductProperty[] = [];
  const options: ProductOption[] = [];
  for (let p = 0; p < props; p++) {
    const pid = 1000 + p;
    properties.push(mkProperty(pid, `Property ${p}`, p));
    for (let o = 0; o < opts; o++) options.push(mkOption(pid * 100 + o, pid, `Option ${p}.${o}`, o, rnd() < 0.05 ? 'internal' : 'all'));
  }
  const optionOf = (p: number, o: number) => (1000 + p) * 100 + o;
  const pick = (p: number, k: number) => {
    const s = new Set<number>();
    while (s.size < k) s.add(optionOf(p, int(opts)));
    return [...s];
  };
  const list: ProductRule[] = [];
  for (let r = 0; r < rules; r++) {
    const a = int(props);
    let b = int(props - 1);
    if (b >= a) b++;
    if (rnd() < 0.6) list.push(mkRule(r + 1, 'incompatible', pick(a, 1 + int(3)), pick(b, 1 + int(3))));
    else list.push(mkRule(r + 1, 'compatible', pick(a, 1 + int(2)), pick(b, 2 + int(19))));
  }
  const disabled: Record<number, number[]> = {};
  for (let p = 0; p < props; p++) if (rnd() < 1 / 6) disabled[1000 + p] = pick(p, Math.floor(opts * 0.6));
  const product = mkProduct(1, 'Generated product', properties.map((p) => p.id), disabled);
  return { catalogue: mkCatalogue({ products: [product], properties, options, rules: list }), product, properties, options, rules: list, rnd };
}
