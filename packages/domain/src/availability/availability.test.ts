import { describe, expect, it } from 'vitest';
import type { OptionFilter } from '../engine/hooks.ts';
import type { InstanceProperties, ProductRule } from '../engine/types.ts';
import type { Role } from '../roles.ts';
import { checkOptionChoice, computeAvailability, invalidSelections, isSelectionAllowed, joinTitles } from './availability.ts';
import { constraintGraph } from './graph.ts';
import { mkCatalogue, mkOption, mkProduct, mkProperty, mkRule } from './fixtures.test-utils.ts';

// A slice of the 850 demo catalogue (api/src/demo/catalogue.ts).
const properties = [
  mkProperty(8, 'Plate Size', 1),
  mkProperty(9, 'Collection', 2),
  mkProperty(12, 'Plate Finish', 3),
  mkProperty(7, 'Mechanism Finish', 4),
  mkProperty(26, 'Engraving Type', 7),
  mkProperty(27, 'Engravings', 8, 'text'),
];
const options = [
  mkOption(22, 7, 'Satin Nickel', 1),
  mkOption(23, 7, 'Satin Brass', 2),
  mkOption(24, 7, 'Matched Antique Bronze', 3, 'internal'),
  mkOption(25, 7, 'Matched Custom Paint', 4, 'admin'),
  mkOption(200, 8, '1 Gang', 1),
  mkOption(201, 8, '2 Gang', 2),
  mkOption(202, 8, '3 Gang', 3),
  mkOption(203, 8, '4 Gang', 4, 'internal'),
  mkOption(204, 9, 'Crestnet', 1),
  mkOption(205, 9, 'Classique', 2),
  mkOption(206, 9, 'Damier', 3),
  mkOption(207, 9, 'Ellipse', 4, 'all', 1),
  mkOption(208, 9, 'Solaris', 5, 'internal'),
  mkOption(217, 12, 'Polished Brass', 1),
  mkOption(218, 12, 'Brushed Steel', 2),
  mkOption(219, 12, 'Matte Black', 3),
  mkOption(220, 12, 'Oiled Bronze', 4, 'internal'),
  mkOption(138, 26, 'No Engraving', 1),
  mkOption(139, 26, 'Laser Engraved', 2),
  mkOption(140, 26, 'Infilled Engraving', 3, 'internal'),
];
const keypad = [8, 9, 12, 7, 26, 27];
const crestnet = mkProduct(98, 'Crestnet Keypad', keypad);
const classique = mkProduct(99, 'Classique Keypad', keypad, { 9: [204, 206, 208] });
const duo = mkProduct(97, 'Duo Keypad', keypad, { 8: [203], 9: [204, 206, 208] });

function setup(rules: ProductRule[] = []) {
  return mkCatalogue({ products: [crestnet, classique, duo], properties, options, rules });
}

function av(opts: { rules?: ProductRule[]; role?: Role; sel?: Record<number, number>; product?: typeof crestnet; filters?: OptionFilter[]; budget?: number }) {
  const catalogue = setup(opts.rules);
  const product = opts.product ?? crestnet;
  const props: InstanceProperties = {};
  for (const [k, v] of Object.entries(opts.sel ?? {})) props[k] = { optionId: v };
  return computeAvailability({
    product,
    instance: { productId: product.id, quantity: 1, properties: props },
    catalogue,
    viewer: { role: opts.role ?? 'owner' },
    optionFilters: opts.filters ?? [],
    nodeBudget: opts.budget,
  });
}

const ids = (a: ReturnType<typeof av>, pid: number) => a.properties[String(pid)]!.offered;
const unavailable = (a: ReturnType<typeof av>, pid: number, oid: number) =>
  a.properties[String(pid)]!.unavailable.find((u) => u.optionId === oid);

describe('publish level', () => {
  it('owner sees every level, member internal and all, others only all', () => {
    expect(ids(av({ role: 'owner' }), 7)).toEqual([22, 23, 24, 25]);
    expect(ids(av({ role: 'member' }), 7)).toEqual([22, 23, 24]);
    expect(ids(av({ role: 'guest' }), 7)).toEqual([22, 23]);
    expect(ids(av({ role: 'sharee' }), 7)).toEqual([22, 23]);
  });
  it('hidden options are absent, not listed as unavailable', () => {
    const a = av({ role: 'guest' });
    const all7 = [...ids(a, 7), ...a.properties['7']!.unavailable.map((u) => u.optionId)];
    expect(all7).toEqual([22, 23]);
    expect(JSON.stringify(a)).not.toContain('Matched Custom Paint');
  });
  it('an option already chosen by staff stays offered to a guest viewing the item', () => {
    expect(ids(av({ role: 'guest', sel: { 7: 25 } }), 7)).toEqual([22, 23, 25]);
  });
});

describe('archived and disabled options', () => {
  it('archived options are unavailable unless already chosen', () => {
    expect(ids(av({}), 9)).not.toContain(207);
    expect(unavailable(av({}), 9, 207)!.reasons[0]!.kind).toBe('archived');
    expect(ids(av({ sel: { 9: 207 } }), 9)).toContain(207);
  });
  it("the product's disabledProductOptionIds are unavailable", () => {
    const a = av({ product: classique });
    expect(ids(a, 9)).toEqual([205]);
    expect(unavailable(a, 9, 204)!.reasons).toEqual([{ kind: 'disabledForProduct', message: 'Not available for Classique Keypad.' }]);
  });
});

describe('option rules', () => {
  const rule12 = mkRule(12, 'incompatible', [23], [217]);
  it('incompatible: a selected from-option makes the to-options unavailable, with the reason', () => {
    const a = av({ rules: [rule12], sel: { 7: 23 } });
    expect(ids(a, 12)).toEqual([218, 219, 220]);
    expect(unavailable(a, 12, 217)!.reasons).toEqual([
      {
        kind: 'rule',
        ruleId: 12,
        ruleType: 'incompatible',
        trigger: { propertyId: 7, propertyTitle: 'Mechanism Finish', optionId: 23, optionTitle: 'Satin Brass' },
        message: 'Not available with Satin Brass (Mechanism Finish): rule 12 (incompatible).',
      },
    ]);
  });
  it('incompatible works both ways', () => {
    const a = av({ rules: [rule12], sel: { 12: 217 } });
    expect(ids(a, 7)).toEqual([22, 24, 25]);
    expect(unavailable(a, 7, 23)!.reasons[0]!.message).toBe('Not available with Polished Brass (Plate Finish): rule 12 (incompatible).');
  });
  it('compatible: while a from-option is selected only the to-options of that property are available', () => {
    const rule = mkRule(5, 'compatible', [208], [200, 201]);
    const a = av({ rules: [rule], sel: { 9: 208 } });
    expect(ids(a, 8)).toEqual([200, 201]);
    expect(unavailable(a, 8, 202)!.reasons[0]).toMatchObject({ kind: 'rule', ruleId: 5, ruleType: 'compatible' });
    // Properties without to-options are not restricted.
    expect(ids(a, 12)).toEqual([217, 218, 219, 220]);
    // And the other way: a selected plate size outside toIds makes the from-option unavailable.
    const b = av({ rules: [rule], sel: { 8: 202 } });
    expect(ids(b, 9)).toEqual([204, 205, 206]);
    expect(unavailable(b, 9, 208)!.reasons[0]!.message).toBe('Not available with 3 Gang (Plate Size): rule 5 (compatible).');
  });
  it('products rules restrict for that product only', () => {
    const rules = [mkRule(7, 'incompatible', [99], [219], 'products'), mkRule(8, 'compatible', [99], [200, 201], 'products')];
    const a = av({ rules, product: classique });
    expect(ids(a, 12)).toEqual([217, 218, 220]);
    expect(ids(a, 8)).toEqual([200, 201]);
    expect(unavailable(a, 12, 219)!.reasons[0]).toMatchObject({
      kind: 'rule',
      ruleId: 7,
      trigger: { productId: 99, productTitle: 'Classique Keypad' },
      message: 'Not available for Classique Keypad: rule 7 (incompatible).',
    });
    const b = av({ rules });
    expect(ids(b, 12)).toEqual([217, 218, 219, 220]);
    expect(ids(b, 8)).toEqual([200, 201, 202, 203]);
  });
  it('archived rules are ignored', () => {
    const a = av({ rules: [{ ...rule12, archived: 1 }], sel: { 7: 23 } });
    expect(ids(a, 12)).toContain(217);
  });
});

describe('plugin option filters', () => {
  const filter: OptionFilter = ({ propertyId, optionIds, selection }) =>
    propertyId === 26 && optionIds.includes(139) && ![22, 23].includes(selection['7']?.optionId as number)
      ? [{ optionId: 139, reason: 'Laser engraving needs a standard finish.' }]
      : [];
  it('removes options with the plugin reason, against the current selection', () => {
    const a = av({ filters: [filter], sel: { 7: 24 } });
    expect(ids(a, 26)).toEqual([138, 140]);
    expect(unavailable(a, 26, 139)!.reasons).toEqual([{ kind: 'pluginFilter', message: 'Laser engraving needs a standard finish.' }]);
    expect(ids(av({ filters: [filter], sel: { 7: 22 } }), 26)).toEqual([138, 139, 140]);
  });
  it('sees only the options left after publish level, archived, disabled and product rules', () => {
    const seen: number[][] = [];
    av({ role: 'guest', product: classique, filters: [(c) => (c.propertyId === 9 && seen.push([...c.optionIds]), [])] });
    expect(seen).toEqual([[205]]);
  });
});

describe('dead ends', () => {
  // Choosing Matched Antique Bronze allows only the 4 Gang plate, which the Duo keypad disables.
  const onlyFourGang = mkRule(30, 'compatible', [24], [203]);
  it('an option that would leave another property with no options is not offered, with the reason', () => {
    const a = av({ rules: [onlyFourGang], product: duo });
    expect(ids(a, 7)).toEqual([22, 23, 25]);
    expect(unavailable(a, 7, 24)!.reasons).toEqual([
      { kind: 'deadEnd', emptyPropertyIds: [8], message: 'Would leave Plate Size with no options.' },
    ]);
  });
  it('is refused with the exact "Oops selecting this option means X will not have any options" message', () => {
    const catalogue = setup([onlyFourGang]);
    const r = checkOptionChoice({
      product: duo,
      instance: { productId: 97, quantity: 1, properties: {} },
      catalogue,
      viewer: { role: 'owner' },
      propertyId: 7,
      optionId: 24,
    });
    expect(r).toEqual({
      ok: false,
      message: 'Oops selecting this option means Plate Size will not have any options. Please select another option or update your other options.',
      emptyPropertyIds: [8],
    });
  });
  it('names every emptied property, in rank order', () => {
    const rules = [onlyFourGang, mkRule(31, 'incompatible', [24], [205])];
    const r = checkOptionChoice({
      product: duo,
      instance: { productId: 97, quantity: 1, properties: {} },
      catalogue: setup(rules),
      viewer: { role: 'owner' },
      propertyId: 7,
      optionId: 24,
    });
    expect(r).toMatchObject({
      ok: false,
      message: 'Oops selecting this option means Plate Size and Collection will not have any options. Please select another option or update your other options.',
      emptyPropertyIds: [8, 9],
    });
    expect(joinTitles(['A', 'B', 'C'])).toBe('A, B and C');
  });
  it('propagates past what pairwise arc consistency sees (search needed)', () => {
    // A, B, C each have options 1, 2, 3; pairwise "different" on 1 and 2; D=d1 forbids every 3.
    // With d1, A, B, C must be pairwise different over two values: impossible, yet arc consistent.
    const ps = [mkProperty(1, 'A', 1), mkProperty(2, 'B', 2), mkProperty(3, 'C', 3), mkProperty(4, 'D', 4)];
    const os = [
      ...[1, 2, 3].flatMap((p) => [1, 2, 3].map((v) => mkOption(p * 10 + v, p, `${'ABC'[p - 1]}${v}`, v))),
      mkOption(41, 4, 'd1', 1),
      mkOption(42, 4, 'd2', 2),
    ];
    const rules = [
      mkRule(1, 'incompatible', [11], [21]),
      mkRule(2, 'incompatible', [12], [22]),
      mkRule(3, 'incompatible', [21], [31]),
      mkRule(4, 'incompatible', [22], [32]),
      mkRule(5, 'incompatible', [11], [31]),
      mkRule(6, 'incompatible', [12], [32]),
      mkRule(7, 'incompatible', [41], [13, 23, 33]),
    ];
    const product = mkProduct(1, 'P', [1, 2, 3, 4]);
    const catalogue = mkCatalogue({ products: [product], properties: ps, options: os, rules });
    const input = { product, instance: { productId: 1, quantity: 1, properties: {} }, catalogue, viewer: { role: 'guest' } };
    const a = computeAvailability(input);
    expect(a.exact).toBe(true);
    expect(a.properties['4']!.offered).toEqual([42]);
    expect(a.properties['4']!.unavailable[0]!.reasons[0]!.kind).toBe('deadEnd');
    // Every other option still has a completion (with d2).
    expect(a.properties['1']!.offered).toEqual([11, 12, 13]);
    // With a zero node budget the search gives up: arc consistency only, flagged inexact.
    const b = computeAvailability({ ...input, nodeBudget: 0 });
    expect(b.exact).toBe(false);
    expect(b.properties['4']!.offered).toEqual([41, 42]);
  });
});

describe('checkOptionChoice', () => {
  const rule12 = mkRule(12, 'incompatible', [23], [217]);
  const base = (sel: InstanceProperties) => ({
    product: crestnet,
    instance: { productId: 98, quantity: 1, properties: sel },
    catalogue: setup([rule12]),
    viewer: { role: 'guest' as Role },
  });
  it('accepts an offered option and returns the new selection and availability', () => {
    const r = checkOptionChoice({ ...base({ '8': { optionId: 201 } }), propertyId: 7, optionId: 23 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.selection).toEqual({ '8': { optionId: 201 }, '7': { optionId: 23 } });
    expect(r.cleared).toEqual([]);
    expect(r.availability.properties['12']!.offered).toEqual([218, 219]);
  });
  it('clears other selections the choice rules out, with the reason', () => {
    const r = checkOptionChoice({ ...base({ '12': { optionId: 217 } }), propertyId: 7, optionId: 23 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.selection['12']).toEqual({ optionId: null });
    expect(r.cleared).toEqual([
      { propertyId: 12, optionId: 217, reasons: [expect.objectContaining({ ruleId: 12, message: 'Not available with Satin Brass (Mechanism Finish): rule 12 (incompatible).' })] },
    ]);
  });
  it('refuses options that are not available in themselves', () => {
    expect(checkOptionChoice({ ...base({}), propertyId: 7, optionId: 25 })).toEqual({
      ok: false,
      message: 'This option is not available.',
      emptyPropertyIds: [],
      reasons: [],
    });
    expect(checkOptionChoice({ ...base({}), propertyId: 9, optionId: 207 })).toMatchObject({ ok: false, reasons: [{ kind: 'archived' }] });
    expect(checkOptionChoice({ ...base({}), propertyId: 8, optionId: 22 })).toMatchObject({ ok: false });
  });
});

describe('invalidSelections', () => {
  it('lists chosen options that are not allowed, with reasons; archived chosen ones are fine', () => {
    const catalogue = setup([mkRule(12, 'incompatible', [23], [217])]);
    const input = {
      product: classique,
      instance: { productId: 99, quantity: 1, properties: { '9': { optionId: 204 }, '7': { optionId: 23 }, '12': { optionId: 217 }, '8': { optionId: 999 }, '26': { optionId: 138 } } },
      catalogue,
      viewer: { role: 'owner' },
    };
    const bad = invalidSelections(input);
    expect(bad.map((b) => [b.propertyId, b.optionId, b.reasons[0]!.kind])).toEqual([
      [8, 999, 'unknownOption'],
      [9, 204, 'disabledForProduct'],
      [7, 23, 'rule'],
    ]);
    // The earlier (by rank) of two conflicting selections is kept; the later one is red.
    const a = computeAvailability(input);
    expect(isSelectionAllowed(a, 7, 23)).toBe(false);
    expect(isSelectionAllowed(a, 12, 217)).toBe(true);
    expect(isSelectionAllowed(a, 26, 138)).toBe(true);
    expect(invalidSelections({ ...input, instance: { ...input.instance, properties: { '9': { optionId: 207 } } }, product: crestnet })).toEqual([]);
  });
});

describe('scope and caching', () => {
  it('covers select properties only and caches the graph per catalogue and product', () => {
    const catalogue = setup();
    const a = computeAvailability({ product: crestnet, instance: { productId: 98, quantity: 1, properties: {} }, catalogue, viewer: { role: 'owner' } });
    expect(Object.keys(a.properties).sort()).toEqual(['12', '26', '7', '8', '9']);
    expect(constraintGraph(catalogue, crestnet)).toBe(constraintGraph(catalogue, crestnet));
    expect(constraintGraph(setup(), crestnet)).not.toBe(constraintGraph(catalogue, crestnet));
  });
});
