/**
 * Generated pricing workload: 30 properties (20 single-selects with 8 priced and classified options,
 * 10 dimensions), 10 products each with a 40-expression rule (conditions on about a third of them,
 * groups, every expression type), and an order of N items. Deterministic (seeded).
 * `handWrittenUnitPrice` is the same formula written by hand in plain JavaScript, with loops (the
 * straight-line baseline, one function per rule, is made by src/straightLine.ts).
 */
import type { CatalogueSnapshot, InstanceLike, PricingCondition, PricingExpression, Product, ProductOption, ProductPricingRule, ProductProperty } from '@cpq/domain';
import { makeClassifier, makeInstance, makeOption, makePricingRule, makeProduct, makeProperty, makeSnapshot, prng } from '@cpq/test-utils';

export const SELECTS = 20;
export const DIMS = 10;
export const OPTIONS_PER_SELECT = 8;
export const PRODUCTS = 10;
export const CLASSIFIER_ID = 1;

export const selectId = (i: number) => i + 1; // properties 1..20
export const dimId = (j: number) => SELECTS + j + 1; // properties 21..30
export const optionIdOf = (i: number, n: number) => 1000 + i * 100 + n;

const fixed = (value: number, operator: PricingExpression['operator'] = '+', condition?: PricingCondition): PricingExpression => ({ type: 'fixed', props: { value }, operator, ...(condition ? { condition } : {}) });
const optIs = (i: number, ids: number[]) => ({ actual: { type: 'optionId' as const, productPropertyId: selectId(i) }, operator: 'in' as const, expected: ids });
const qtyAtLeast = (n: number) => ({ actual: { type: 'quantity' as const }, operator: '>=' as const, expected: n });
const dimOver = (j: number, n: number) => ({ actual: { type: 'propertyValue' as const, productPropertyId: dimId(j) }, operator: '>' as const, expected: n });

/** The 40 expressions of product k's rule. Mirrored by handWrittenUnitPrice. */
export function ruleExpressions(k: number): PricingExpression[] {
  const e: PricingExpression[] = [];
  e.push(fixed(10000 + 100 * k, '+')); // 1
  for (let i = 0; i < 15; i++) {
    // 2–16: option prices; every third only when property i+5 has one of its first 3 options and quantity ≥ 1
    const condition = i % 3 === 0 ? { operator: 'and' as const, conditions: [optIs(i + 5, [optionIdOf(i + 5, 0), optionIdOf(i + 5, 1), optionIdOf(i + 5, 2)]), qtyAtLeast(1)] } : undefined;
    e.push({ type: 'productPropertyPrice', props: { productPropertyId: selectId(i) }, operator: '+', ...(condition ? { condition } : {}) });
  }
  for (let i = 15; i < 20; i++) {
    // 17–21: classifier numbers; odd ones when property 1 has option 0 or dimension 0 > 1000
    const condition = i % 2 === 1 ? { operator: 'or' as const, conditions: [optIs(0, [optionIdOf(0, 0)]), dimOver(0, 1000)] } : undefined;
    e.push({ type: 'productPropertyClassifierNumber', props: { productPropertyId: selectId(i), productOptionClassifierGroupId: CLASSIFIER_ID, productOptionClassifierNumberIndex: i % 2 }, operator: '+', ...(condition ? { condition } : {}) });
  }
  for (let j = 0; j < 10; j++) {
    // 22–31: per-dimension surcharge (value × (j+2+k) / 10), even ones only above 500
    const condition = j % 2 === 0 ? { operator: 'and' as const, conditions: [dimOver(j, 500)] } : undefined;
    e.push({ type: 'group', props: { expressions: [{ type: 'propertyValue', props: { productPropertyId: dimId(j) }, operator: '+' }, fixed(j + 2 + k, '*'), fixed(10, '/')] }, operator: '+', ...(condition ? { condition } : {}) });
  }
  for (let m = 0; m < 5; m++) {
    // 32–36: surcharges when property m+2 has option 3 and quantity ≥ 5 (and), or none
    e.push(fixed(750 + 250 * m, '+', { operator: 'and', conditions: [optIs(m + 2, [optionIdOf(m + 2, 3)]), qtyAtLeast(5)] }));
  }
  e.push(fixed(105 + k, '*')); // 37 markup
  e.push(fixed(100, '/')); // 38
  e.push({ type: 'productPropertyPrice', props: { productPropertyId: selectId(15) }, operator: '-', condition: { operator: 'and', conditions: [qtyAtLeast(10)] } }); // 39 volume credit
  e.push({
    // 40: area × 2500 per m²
    type: 'group',
    props: { expressions: [{ type: 'propertyValue', props: { productPropertyId: dimId(0) }, operator: '+' }, { type: 'propertyValue', props: { productPropertyId: dimId(1) }, operator: '*' }, fixed(1_000_000, '/'), fixed(2500, '*')] },
    operator: '+',
  });
  return e;
}

export interface PricingWorkload {
  snapshot: CatalogueSnapshot;
  instances: InstanceLike[];
  /** optionId → price, and optionId → classifier numbers (for the baselines). */
  prices: Record<string, number>;
  classifications: Record<string, number[]>;
}

export function generateWorkload(items = 1000, seed = 42): PricingWorkload {
  const rand = prng(seed);
  const properties: ProductProperty[] = [];
  const options: ProductOption[] = [];
  const prices: Record<string, number> = {};
  const classifications: Record<string, number[]> = {};
  const baseProp = (id: number, type: ProductProperty['type']): ProductProperty => makeProperty({ id, orgId: 1, title: `P${id}`, rank: id, type });
  for (let i = 0; i < SELECTS; i++) {
    properties.push(baseProp(selectId(i), 'singleSelect'));
    for (let n = 0; n < OPTIONS_PER_SELECT; n++) {
      const id = optionIdOf(i, n);
      const price = Math.floor(rand() * 20000);
      const nums = [Math.floor(rand() * 5000), Math.floor(rand() * 900)];
      prices[id] = price;
      classifications[id] = nums;
      options.push(makeOption({ id, orgId: 1, title: `O${id}`, productPropertyId: selectId(i), rank: n, data: { priceInCents: price }, classifications: { [CLASSIFIER_ID]: nums } }));
    }
  }
  for (let j = 0; j < DIMS; j++) properties.push(baseProp(dimId(j), 'dimensions'));
  const allProps = Object.fromEntries(properties.map((p) => [String(p.id), {}]));
  const products: Product[] = [];
  const rules: ProductPricingRule[] = [];
  for (let k = 0; k < PRODUCTS; k++) {
    rules.push(makePricingRule({ id: k + 1, orgId: 1, versions: { '1': { created: '2024-01-01 00:00:00', expressions: ruleExpressions(k) }, '2': { created: '2030-01-01 00:00:00', expressions: [fixed(1)] } } }));
    products.push(makeProduct({ id: k + 1, orgId: 1, rank: k, associations: { productProperties: allProps }, productPricingRuleId: k + 1 }));
  }
  const instances: InstanceLike[] = [];
  for (let n = 0; n < items; n++) {
    const props: Record<string, { optionId?: number; value?: number }> = {};
    for (let i = 0; i < SELECTS; i++) props[String(selectId(i))] = { optionId: optionIdOf(i, Math.floor(rand() * OPTIONS_PER_SELECT)) };
    for (let j = 0; j < DIMS; j++) props[String(dimId(j))] = { value: 300 + Math.floor(rand() * 2100) };
    instances.push(makeInstance({ productId: 1 + Math.floor(rand() * PRODUCTS), quantity: 1 + Math.floor(rand() * 12), properties: props }));
  }
  return {
    snapshot: makeSnapshot({ products, productProperties: properties, productOptions: options, productPricingRules: rules, productOptionClassifiers: [makeClassifier({ id: CLASSIFIER_ID, orgId: 1, title: 'Grades', numberTitles: ['Upcharge', 'Handling'] })] }),
    instances,
    prices,
    classifications,
  };
}

/** Product k+1's formula written by hand (same order of operations as ruleExpressions(k)). */
export function handWrittenUnitPrice(k: number, inst: InstanceLike, prices: Record<string, number>, cls: Record<string, number[]>): number {
  const p = inst.properties;
  const q = inst.quantity;
  const opt = (i: number) => p[selectId(i)]?.optionId as number;
  const dim = (j: number) => (p[dimId(j)]?.value as number) ?? 0;
  let t = 10000 + 100 * k;
  for (let i = 0; i < 15; i++) {
    if (i % 3 === 0) {
      const o = opt(i + 5);
      if (!((o === optionIdOf(i + 5, 0) || o === optionIdOf(i + 5, 1) || o === optionIdOf(i + 5, 2)) && q >= 1)) continue;
    }
    t += prices[opt(i)] ?? 0;
  }
  const firstIsZero = opt(0) === optionIdOf(0, 0);
  const wide = dim(0) > 1000;
  for (let i = 15; i < 20; i++) {
    if (i % 2 === 1 && !(firstIsZero || wide)) continue;
    t += cls[opt(i)]?.[i % 2] ?? 0;
  }
  for (let j = 0; j < 10; j++) {
    const d = dim(j);
    if (j % 2 === 0 && !(d > 500)) continue;
    t += (d * (j + 2 + k)) / 10;
  }
  if (q >= 5) for (let m = 0; m < 5; m++) if (opt(m + 2) === optionIdOf(m + 2, 3)) t += 750 + 250 * m;
  t *= 105 + k;
  t /= 100;
  if (q >= 10) t -= prices[opt(15)] ?? 0;
  t += ((dim(0) * dim(1)) / 1_000_000) * 2500;
  return t;
}
