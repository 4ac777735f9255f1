/**
 * The harder pricing workload, shaped like the 1053 Nordvik Millwork catalogue (api/src/demo/catalogue.ts):
 * slab doors and cabinet fronts priced by area × the species' price per m² (classifier "Species grade":
 * price per m², grade), a tall-door surcharge, edge banding per metre, bores, fire rating, finishes.
 * Six products, each with a rule of 30 top-level expressions (96 with the nested ones): groups
 * nested three deep, conditions on about half of them (and/or of option, value and quantity checks
 * with every comparison), `%`, the indicator operators `===`, `and`, `or`, option prices, classifier
 * numbers and property values. 16 properties per item (10 single-selects, 6 dimensions or numbers).
 * Deterministic (seeded). Every item prices without a failure.
 */
import type { CatalogueSnapshot, InstanceLike, PricingCheck, PricingCondition, PricingExpression, Product, ProductOption, ProductPricingRule, ProductProperty } from '@cpq/domain';
import { makeClassifier, makeInstance, makeOption, makePricingRule, makeProduct, makeProperty, makeSnapshot, prng } from '@cpq/test-utils';

type Op = PricingExpression['operator'];

// Properties (ids as in the demo catalogue where it has them)
const DOOR_W = 141;
const DOOR_H = 142;
const FRONT_W = 151;
const FRONT_H = 152;
const THICKNESS = 156;
const HINGES = 158;
const SPECIES = 143;
const GRAIN = 144;
const HINGE_SIDE = 147;
const EDGE = 148;
const LOCK = 149;
const HANDLE = 150;
const FINISH = 153;
const FIRE = 154;
const CORE = 155;
const GLASS = 159;

const SPECIES_GRADE = 2; // numbers: price per m² (cents), grade 1–3
const MATERIAL = 3; // numbers: per metre or handling (cents), coats
const SAFETY = 4; // numbers: fire class, solid core

/** Single-selects: [property, [optionId, priceInCents, classifications?]...]. */
const SELECTS: Array<[number, Array<[number, number, Record<string, number[]>?]>]> = [
  [SPECIES, [[230, 0, { [SPECIES_GRADE]: [18000, 1] }], [231, 0, { [SPECIES_GRADE]: [26000, 1] }], [232, 0, { [SPECIES_GRADE]: [22000, 2] }], [233, 0, { [SPECIES_GRADE]: [30000, 3] }], [234, 0, { [SPECIES_GRADE]: [19500, 1] }], [235, 0, { [SPECIES_GRADE]: [24500, 2] }], [236, 0, { [SPECIES_GRADE]: [32000, 3] }], [237, 0, { [SPECIES_GRADE]: [21000, 2] }]]],
  [GRAIN, [[240, 0], [241, 2500]]],
  [HINGE_SIDE, [[250, 0], [251, 0], [252, 900]]],
  [EDGE, [[260, 0, { [MATERIAL]: [0, 0] }], [261, 1800, { [MATERIAL]: [450, 1] }], [262, 2400, { [MATERIAL]: [620, 2] }], [263, 3600, { [MATERIAL]: [880, 3] }]]],
  [LOCK, [[270, 0], [271, 1400], [272, 2600]]],
  [HANDLE, [[280, 0], [281, 900], [282, 1300]]],
  [FINISH, [[290, 0, { [MATERIAL]: [0, 0] }], [291, 3200, { [MATERIAL]: [800, 2] }], [292, 4100, { [MATERIAL]: [950, 2] }], [293, 5200, { [MATERIAL]: [1400, 3] }], [294, 6100, { [MATERIAL]: [1650, 3] }], [295, 7400, { [MATERIAL]: [2100, 4] }]]],
  [FIRE, [[300, 0, { [SAFETY]: [0, 0] }], [301, 18500, { [SAFETY]: [1, 0] }], [302, 29500, { [SAFETY]: [2, 0] }]]],
  [CORE, [[310, 0, { [SAFETY]: [0, 0] }], [311, 2200, { [SAFETY]: [0, 0] }], [312, 5400, { [SAFETY]: [0, 1] }]]],
  [GLASS, [[320, 0], [321, 8800], [322, 11200]]],
];
/** Numeric properties: [property, type, min, max, step]. */
const NUMBERS: Array<[number, ProductProperty['type'], number, number, number]> = [
  [DOOR_W, 'dimensions', 380, 1200, 1],
  [DOOR_H, 'dimensions', 1900, 2600, 1],
  [FRONT_W, 'dimensions', 200, 900, 1],
  [FRONT_H, 'dimensions', 200, 2400, 1],
  [THICKNESS, 'number', 40, 52, 4], // 40, 44, 48, 52
  [HINGES, 'number', 2, 5, 1],
];
export const AREA_PRODUCTS = 6;

// Expression and check builders
const withCond = (e: PricingExpression, condition?: PricingCondition): PricingExpression => (condition ? { ...e, condition } : e);
const F = (value: number, operator: Op = '+', condition?: PricingCondition) => withCond({ type: 'fixed', props: { value }, operator }, condition);
const V = (productPropertyId: number, operator: Op = '+', condition?: PricingCondition) => withCond({ type: 'propertyValue', props: { productPropertyId }, operator }, condition);
const P = (productPropertyId: number, operator: Op = '+', condition?: PricingCondition) => withCond({ type: 'productPropertyPrice', props: { productPropertyId }, operator }, condition);
const C = (productPropertyId: number, classifier: number, index: number, operator: Op = '+', condition?: PricingCondition) =>
  withCond({ type: 'productPropertyClassifierNumber', props: { productPropertyId, productOptionClassifierGroupId: classifier, productOptionClassifierNumberIndex: index }, operator }, condition);
const G = (expressions: PricingExpression[], operator: Op = '+', condition?: PricingCondition, description?: string) =>
  withCond({ type: 'group', props: { expressions }, operator, ...(description ? { description } : {}) }, condition);
const and = (...conditions: PricingCheck[]): PricingCondition => ({ operator: 'and', conditions });
const or = (...conditions: PricingCheck[]): PricingCondition => ({ operator: 'or', conditions });
const optIn = (pid: number, expected: number[]): PricingCheck => ({ actual: { type: 'optionId', productPropertyId: pid }, operator: 'in', expected });
const optIs = (pid: number, expected: number): PricingCheck => ({ actual: { type: 'optionId', productPropertyId: pid }, operator: '===', expected });
const optNot = (pid: number, expected: number): PricingCheck => ({ actual: { type: 'optionId', productPropertyId: pid }, operator: '!==', expected });
const val = (pid: number, operator: '<' | '<=' | '>' | '>=' | '===', expected: number): PricingCheck => ({ actual: { type: 'propertyValue', productPropertyId: pid }, operator, expected });
const qty = (operator: '<' | '<=' | '>' | '>=' | '===' | '!==', expected: number): PricingCheck => ({ actual: { type: 'quantity' }, operator, expected });
const qtyIn = (expected: number[]): PricingCheck => ({ actual: { type: 'quantity' }, operator: 'in', expected });

/** Product k+1's rule. */
export function areaRuleExpressions(k: number): PricingExpression[] {
  const figured = [232, 233, 236];
  return [
    F(42000 + 1500 * k), // 1 slab base
    // 2 door area (m²) × species price per m² × grade factor (100 + (grade − 1) × rate) / 100
    G(
      [
        G([V(DOOR_W), V(DOOR_H, '*'), F(1_000_000, '/')]),
        C(SPECIES, SPECIES_GRADE, 0, '*', and(qty('>=', 1))),
        G([F(100), G([C(SPECIES, SPECIES_GRADE, 1), F(1, '-'), F(7.5 + k / 2, '*', and(qty('>=', 1)))], '+', and(optNot(SPECIES, 230))), F(100, '/')], '*', or(optIn(SPECIES, [232, 233, 235, 236, 237]), val(THICKNESS, '>', 48))),
      ],
      '+',
      undefined,
      'Door area × species rate',
    ),
    // 3 cabinet front area × species rate (× 0.85 for honeycomb), for veneered cores
    G([G([V(FRONT_W), V(FRONT_H, '*'), F(1_000_000, '/')]), C(SPECIES, SPECIES_GRADE, 0, '*', or(optIn(CORE, [311, 312]), qty('>=', 1))), F(0.85, '*', and(optIs(CORE, 311)))], '+', and(optIn(CORE, [311, 312])), 'Front area × species rate'),
    P(GRAIN, '+', and(optIn(SPECIES, figured))), // 4 grain direction, for figured species
    F(6500, '+', or(val(DOOR_H, '>', 2100), val(FRONT_H, '>', 2100))), // 5 tall door surcharge
    // 6 edge banding: perimeter (m) × per metre
    G([G([V(DOOR_W), V(DOOR_H, '+', and(val(DOOR_H, '>', 0))), F(2, '*'), F(1000, '/')]), C(EDGE, MATERIAL, 0, '*', and(qty('>', 0)))], '+', and(optNot(EDGE, 260))),
    // 7 full 600 mm panels: (w − w % 600) / 600 × rate; the remainder only counts above 600 mm
    G([G([V(DOOR_W), G([V(DOOR_W), F(600, '%')], '-', and(val(DOOR_W, '>=', 600)))]), F(600, '/', and(qty('>=', 1))), F(1500 + 100 * k, '*', or(optIn(SPECIES, [233, 236]), qty('<', 100)))]),
    G([G([C(SPECIES, SPECIES_GRADE, 1), F(3, '===')]), F(4500, '*', and(optNot(FINISH, 290)))]), // 8 premium grade (grade === 3)
    G([G([P(LOCK), P(HANDLE, 'and', and(optNot(HANDLE, 280)))]), F(1200, '*')], '+', and(optNot(LOCK, 270), qty('>=', 1))), // 9 both bores
    G([G([C(FIRE, SAFETY, 0), C(CORE, SAFETY, 1, 'or', and(optIn(CORE, [311, 312])))]), F(3800, '*', and(qty('>=', 1)))]), // 10 fire rated or solid core
    P(HINGE_SIDE), // 11
    P(FINISH, '+', and(qty('>=', 1), optNot(FINISH, 290))), // 12
    C(FINISH, MATERIAL, 0, '+', or(optIn(FINISH, [293, 294, 295]), val(THICKNESS, '>=', 52))), // 13 finish handling
    P(FIRE), // 14
    P(CORE, '+', and(optNot(CORE, 310))), // 15
    G([V(THICKNESS), F(44, '-', and(val(THICKNESS, '<=', 52))), F(350 + 25 * k, '*')], '+', and(val(THICKNESS, '>', 44))), // 16 thickness over 44 mm
    P(EDGE), // 17
    F(2500, '+', and(val(THICKNESS, '>=', 52), val(DOOR_H, '>', 2300))), // 18 heavy door handling
    G([P(GLASS, '+', and(optNot(GLASS, 320))), G([V(DOOR_W), F(1000, '/')], '*', and(optIn(GLASS, [321, 322])))], '+', and(optNot(GLASS, 320))), // 19 glass by width
    G([V(HINGES), F(650, '*', or(qty('<', 50), val(HINGES, '>=', 2)))], '+', and(optNot(HINGE_SIDE, 252))), // 20 hinges
    // 21 narrow-door coats
    G([F(2, '+', and(optIs(HINGE_SIDE, 252))), C(FINISH, MATERIAL, 1, '*', and(optNot(FINISH, 295))), F(120, '*', and(qty('<=', 24)))], '+', or(val(DOOR_W, '<', 500), val(DOOR_W, '<=', 520), val(FRONT_W, '===', 600))),
    F(1200, '+', and(optIn(SPECIES, [233, 236]), optIs(GRAIN, 241))), // 22 figured species, horizontal grain matching
    P(GLASS, '+', and(optIs(GLASS, 322), val(DOOR_H, '>', 2000))), // 23 frosted glass on tall doors, twice
    G([V(FRONT_W), F(100, '/'), F(80, '*', and(optIn(EDGE, [261, 262, 263])))], '+', and(val(FRONT_W, '>', 600), optNot(CORE, 310))), // 24 wide fronts
    F(1750, '+', or(optIs(FIRE, 302), optIs(LOCK, 272))), // 25 security hardware
    F(105 + k, '*'), // 26 markup
    F(100, '/'), // 27
    G([F(95), F(100, '/', and(qty('>=', 10)))], '*', and(qty('>=', 10))), // 28 volume discount
    G([F(1800), G([V(HINGES), F(3, '%'), F(400, '*', and(val(HINGES, '>', 2)))], '+', and(qty('!==', 1)))], '+', and(qty('<', 3))), // 29 small-run fee
    G([F(300, '+', and(val(HINGES, '>=', 2)))], '-', and(qtyIn([2, 4, 6, 8]), qty('>', 1))), // 30 even pairs credit
  ];
}

export interface AreaPricingWorkload {
  snapshot: CatalogueSnapshot;
  instances: InstanceLike[];
  /** optionId → price, and classifierId → optionId → numbers (for the baselines). */
  prices: Record<string, number>;
  classifications: Record<string, Record<string, number[]>>;
}

export function generateAreaWorkload(items = 5000, seed = 1053): AreaPricingWorkload {
  const rand = prng(seed);
  const properties: ProductProperty[] = [];
  const options: ProductOption[] = [];
  const prices: Record<string, number> = {};
  const classifications: Record<string, Record<string, number[]>> = { [SPECIES_GRADE]: {}, [MATERIAL]: {}, [SAFETY]: {} };
  for (const [pid, opts] of SELECTS) {
    properties.push(makeProperty({ id: pid, orgId: 1053, title: `P${pid}`, rank: pid, type: 'singleSelect' }));
    opts.forEach(([id, price, cls = {}], rank) => {
      prices[id] = price;
      for (const [c, nums] of Object.entries(cls)) classifications[c]![id] = nums;
      options.push(makeOption({ id, orgId: 1053, title: `O${id}`, productPropertyId: pid, rank, data: { priceInCents: price }, classifications: cls }));
    });
  }
  for (const [pid, type] of NUMBERS) properties.push(makeProperty({ id: pid, orgId: 1053, title: `P${pid}`, rank: pid, type }));
  const allProps = Object.fromEntries(properties.map((p) => [String(p.id), {}]));
  const products: Product[] = [];
  const rules: ProductPricingRule[] = [];
  for (let k = 0; k < AREA_PRODUCTS; k++) {
    rules.push(makePricingRule({ id: k + 1, orgId: 1053, versions: { '1': { created: '2024-01-01 00:00:00', expressions: areaRuleExpressions(k) }, '2': { created: '2030-01-01 00:00:00', expressions: [F(1)] } } }));
    products.push(makeProduct({ id: k + 1, orgId: 1053, rank: k, associations: { productProperties: allProps }, productPricingRuleId: k + 1 }));
  }
  const instances: InstanceLike[] = [];
  for (let n = 0; n < items; n++) {
    const props: Record<string, { optionId?: number; value?: number }> = {};
    for (const [pid, opts] of SELECTS) props[String(pid)] = { optionId: opts[Math.floor(rand() * opts.length)]![0] };
    for (const [pid, , min, max, step] of NUMBERS) props[String(pid)] = { value: min + step * Math.floor(rand() * ((max - min) / step + 1)) };
    instances.push(makeInstance({ productId: 1 + Math.floor(rand() * AREA_PRODUCTS), quantity: 1 + Math.floor(rand() * 24), properties: props }));
  }
  return {
    snapshot: makeSnapshot({
      products,
      productProperties: properties,
      productOptions: options,
      productPricingRules: rules,
      productOptionClassifiers: [
        makeClassifier({ id: SPECIES_GRADE, orgId: 1053, title: 'Species grade', numberTitles: ['Price per m² (cents)', 'Grade'] }),
        makeClassifier({ id: MATERIAL, orgId: 1053, title: 'Material', numberTitles: ['Per metre / handling (cents)', 'Coats'] }),
        makeClassifier({ id: SAFETY, orgId: 1053, title: 'Safety', numberTitles: ['Fire class', 'Solid core'] }),
      ],
    }),
    instances,
    prices,
    classifications,
  };
}

/** Counts for the report: all expressions (nested included), conditional ones, deepest group nesting (a top-level group is 1). */
export function ruleShape(expressions: readonly PricingExpression[], level = 1): { expressions: number; conditional: number; maxDepth: number } {
  let n = 0;
  let c = 0;
  let d = 0;
  for (const e of expressions) {
    n++;
    if (e.condition) c++;
    if (e.type !== 'group') continue;
    const s = ruleShape(e.props.expressions ?? [], level + 1);
    n += s.expressions;
    c += s.conditional;
    d = Math.max(d, level, s.maxDepth);
  }
  return { expressions: n, conditional: c, maxDepth: d };
}
