import { describe, expect, it, vi } from 'vitest';
import Ajv from 'ajv';
import type { InstanceProperties, PricingExpression } from '../engine/types.ts';
import { compilePricingRuleVersion, formatCents, formatExplanation, normalisePricingDate, priceInstance, PricingRuleVersionSchema, roundCents, selectPricingRuleVersion } from '../index.ts';
import { makeInstance } from '@cpq/test-utils';
import * as f from './fixtures.test-utils.ts';

const versions = {
  '1': { created: '2025-01-06 09:00:00', expressions: [f.fixed(100)] },
  '2': { created: '2025-06-01 00:00:00', expressions: [f.fixed(200)] },
  '3': { created: '2027-01-01 00:00:00', expressions: [f.fixed(300)] },
};

describe('selectPricingRuleVersion', () => {
  const r = f.rule(1, versions);
  it('picks the newest version created on or before the date', () => {
    expect(selectPricingRuleVersion(r, '2025-05-31 23:59:59')?.key).toBe('1');
    expect(selectPricingRuleVersion(r, '2026-12-31 23:59:59')?.key).toBe('2');
    expect(selectPricingRuleVersion(r, '2030-01-01 00:00:00')?.key).toBe('3');
  });
  it('a version created at exactly the effective date applies', () => {
    const c = selectPricingRuleVersion(r, '2025-06-01 00:00:00');
    expect(c?.key).toBe('2');
    expect(c?.reason).toBe('inForce');
    expect(selectPricingRuleVersion(r, '2025-05-31 23:59:59')?.key).toBe('1');
  });
  it('a date-only effective date means the end of that day', () => {
    expect(normalisePricingDate('2025-06-01', 'endOfDay')).toBe('2025-06-01 23:59:59');
    expect(selectPricingRuleVersion(f.rule(1, { '1': versions['1'], '2': { created: '2025-06-01 18:00:00', expressions: [] } }), '2025-06-01')?.key).toBe('2');
  });
  it('a date-only created means the start of that day', () => {
    expect(selectPricingRuleVersion(f.rule(1, { '1': versions['1'], '2': { created: '2025-06-01', expressions: [] } }), '2025-06-01 00:00:00')?.key).toBe('2');
  });
  it('accepts ISO strings and Date objects (UTC)', () => {
    expect(selectPricingRuleVersion(r, '2025-06-01T00:00:00Z')?.key).toBe('2');
    expect(selectPricingRuleVersion(r, '2025-06-01T01:00:00+02:00')?.key).toBe('1');
    expect(selectPricingRuleVersion(r, new Date(Date.UTC(2027, 0, 1)))?.key).toBe('3');
  });
  it('before the first version the earliest version applies, with a note', () => {
    const c = selectPricingRuleVersion(r, '2020-01-01');
    expect(c?.key).toBe('1');
    expect(c?.reason).toBe('beforeFirstVersion');
    expect(c?.note).toMatch(/before the first version/);
  });
  it('equal created dates: the higher version number wins; key order in the object does not matter', () => {
    const same = f.rule(1, { '10': { created: '2025-01-01 00:00:00', expressions: [] }, '9': { created: '2025-01-01 00:00:00', expressions: [] } });
    expect(selectPricingRuleVersion(same, '2025-02-01')?.key).toBe('10');
  });
  it('an unreadable date uses the newest version; no versions gives null; broken versions are ignored', () => {
    expect(selectPricingRuleVersion(r, 'soon')?.reason).toBe('unreadableDate');
    expect(selectPricingRuleVersion(r, 'soon')?.key).toBe('3');
    expect(selectPricingRuleVersion(f.rule(1, {}), '2025-01-01')).toBeNull();
    const broken = f.rule(1, { '1': { created: 'yesterday', expressions: [] }, '2': { created: '2025-01-01', expressions: [] } });
    expect(selectPricingRuleVersion(broken, '2026-01-01')?.key).toBe('2');
  });
});

const P_FINISH = 7;
const P_W = 141;
const P_H = 142;
const P_NOTE = 161;

function setup(expressions: PricingExpression[], productExtra = {}) {
  return f.catalogue({
    products: [f.product(1, 1, productExtra), f.product(2, null), f.product(3, 99)],
    productProperties: [f.property(P_FINISH), f.property(P_W, 'dimensions'), f.property(P_H, 'dimensions'), f.property(P_NOTE, 'text'), f.property(8)],
    productOptions: [f.option(22, P_FINISH, 0, { '1': [0, 5] }), f.option(23, P_FINISH), f.option(24, P_FINISH, 4500, { '1': [2000, 30] }), f.option(30, 8, 999)],
    productOptionClassifiers: [f.classifier(1, 'Finish tiers', ['Upcharge', 'Weeks'])],
    productPricingRules: [f.rule(1, { '1': { created: '2025-01-01 00:00:00', expressions } })],
  });
}

const inst = (properties: InstanceProperties, quantity = 1, productId = 1) => makeInstance({ productId, quantity, properties });

function unit(expressions: PricingExpression[], properties: InstanceProperties = {}, log = vi.fn()) {
  return priceInstance({ instance: inst(properties), catalogue: setup(expressions), effectivePricingDate: '2025-06-01', log }).unitPriceInCents;
}

describe('expression types', () => {
  it('fixed', () => {
    expect(unit([f.fixed(4370)])).toBe(4370);
  });
  it('productPropertyPrice uses option.data.priceInCents; no option chosen → 0; option without price → 0', () => {
    expect(unit([f.price(P_FINISH)], { '7': { optionId: 24 } })).toBe(4500);
    expect(unit([f.price(P_FINISH)], {})).toBe(0);
    expect(unit([f.price(P_FINISH)], { '7': { optionId: null } })).toBe(0);
    expect(unit([f.price(P_FINISH)], { '7': { optionId: 23 } })).toBe(0);
  });
  it('productPropertyClassifierNumber reads option.classifications[classifierId][index]', () => {
    expect(unit([f.classNum(P_FINISH, 1, 0)], { '7': { optionId: 24 } })).toBe(2000);
    expect(unit([f.classNum(P_FINISH, 1, 1)], { '7': { optionId: 24 } })).toBe(30);
    expect(unit([f.classNum(P_FINISH, 1, 5)], { '7': { optionId: 24 } })).toBe(0);
    expect(unit([f.classNum(P_FINISH, 1, 0)], { '7': { optionId: 23 } })).toBe(0);
    // without a property: the sum over the chosen options
    expect(unit([f.classNum(undefined, 1, 1)], { '7': { optionId: 22 }, '8': { optionId: 30 } })).toBe(5);
  });
  it('propertyValue: numbers, text parsed, missing → 0', () => {
    expect(unit([f.value(P_W)], { '141': { value: 800 } })).toBe(800);
    expect(unit([f.value(P_W)], { '141': { value: '812.5' } })).toBe(813);
    expect(unit([f.value(P_W)], { '141': { value: '1,200 mm' } })).toBe(1200);
    expect(unit([f.value(P_W)], { '141': { value: 'abc' } })).toBe(0);
    expect(unit([f.value(P_W)], {})).toBe(0);
  });
  it('group is evaluated from 0 and combined with its operator', () => {
    // 1000 + (800 × 2000 / 1,000,000 = 1.6 m²) × 5000 = 9000
    const exprs = [f.fixed(1000), f.group([f.value(P_W), f.value(P_H, '*'), f.fixed(1_000_000, '/'), f.fixed(5000, '*')], '+')];
    expect(unit(exprs, { '141': { value: 800 }, '142': { value: 2000 } })).toBe(9000);
    expect(unit([f.fixed(10), f.group([f.fixed(3), f.fixed(4, '*')], '*')])).toBe(120);
  });
});

describe('operators', () => {
  const cases: Array<[PricingExpression['operator'], number, number, number]> = [
    ['+', 10, 3, 13],
    ['-', 10, 3, 7],
    ['*', 10, 3, 30],
    ['/', 10, 4, 3], // 2.5 → 3 (half away from zero)
    ['%', 10, 3, 1],
    ['and', 10, 3, 1],
    ['and', 10, 0, 0],
    ['or', 0, 3, 1],
    ['or', 0, 0, 0],
    ['===', 10, 10, 1],
    ['===', 10, 3, 0],
  ];
  it.each(cases)('running total %s value', (op, a, b, expected) => {
    expect(unit([f.fixed(a), f.fixed(b, op)])).toBe(expected);
  });
  it('the first expression combines with 0', () => {
    expect(unit([f.fixed(5, '*')])).toBe(0);
    expect(unit([f.fixed(5, '-')])).toBe(0); // -5 clamps to 0
  });
  it('a missing operator means +', () => {
    expect(unit([{ type: 'fixed', props: { value: 7 } } as unknown as PricingExpression])).toBe(7);
  });
});

describe('conditions', () => {
  const opt = (id: number) => ({ actual: { type: 'optionId' as const, productPropertyId: P_FINISH }, expected: id });
  const wide = { actual: { type: 'propertyValue' as const, productPropertyId: P_W }, operator: '>' as const, expected: 1000 };
  it('and: all checks must hold', () => {
    const e = [f.fixed(100), f.fixed(50, '+', { condition: { operator: 'and', conditions: [opt(24), wide] } })];
    expect(unit(e, { '7': { optionId: 24 }, '141': { value: 1200 } })).toBe(150);
    expect(unit(e, { '7': { optionId: 24 }, '141': { value: 900 } })).toBe(100);
  });
  it('or: one check is enough', () => {
    const e = [f.fixed(100), f.fixed(50, '+', { condition: { operator: 'or', conditions: [opt(24), wide] } })];
    expect(unit(e, { '7': { optionId: 22 }, '141': { value: 1200 } })).toBe(150);
    expect(unit(e, { '7': { optionId: 22 }, '141': { value: 900 } })).toBe(100);
  });
  it('comparisons: ===, !==, <, <=, >=, in, quantity, text values, not set', () => {
    const c = (check: object, props: InstanceProperties, qty = 1) =>
      priceInstance({ instance: inst(props, qty), catalogue: setup([f.fixed(1, '+', { condition: { operator: 'and', conditions: [check as never] } })]), effectivePricingDate: '2025-06-01' }).unitPriceInCents;
    expect(c({ actual: { type: 'optionId', productPropertyId: 7 }, operator: '!==', expected: 24 }, { '7': { optionId: 22 } })).toBe(1);
    expect(c({ actual: { type: 'optionId', productPropertyId: 7 }, operator: 'in', expected: [22, 23] }, { '7': { optionId: 24 } })).toBe(0);
    expect(c({ actual: { type: 'optionId', productPropertyId: 7 }, operator: 'in', expected: [22, 24] }, { '7': { optionId: 24 } })).toBe(1);
    expect(c({ actual: { type: 'quantity' }, operator: '>=', expected: 10 }, {}, 10)).toBe(1);
    expect(c({ actual: { type: 'quantity' }, operator: '<', expected: 10 }, {}, 10)).toBe(0);
    expect(c({ actual: { type: 'propertyValue', productPropertyId: P_W }, operator: '<=', expected: 800 }, { '141': { value: '800' } })).toBe(1);
    expect(c({ actual: { type: 'propertyValue', productPropertyId: P_NOTE }, expected: 'rush' }, { '161': { value: 'rush' } })).toBe(1);
    expect(c({ actual: { type: 'optionId', productPropertyId: 7 }, expected: null }, {})).toBe(1);
    expect(c({ actual: { type: 'propertyValue', productPropertyId: P_W }, operator: '>', expected: 0 }, {})).toBe(0);
  });
  it('a condition on a group skips the whole group', () => {
    expect(unit([f.fixed(5), f.group([f.fixed(100)], '+', { condition: { operator: 'and', conditions: [opt(24)] } })], { '7': { optionId: 22 } })).toBe(5);
  });
});

describe('failures are logged; a failed expression counts as 0', () => {
  // Each expression below cannot be evaluated: its value is 0, combined by its operator as usual.
  const failing: Array<[string, PricingExpression, InstanceProperties]> = [
    ['unknown type', { type: 'magic', props: {}, operator: '+' } as unknown as PricingExpression, {}],
    ['missing props.value', { type: 'fixed', props: {}, operator: '+' } as PricingExpression, {}],
    ['missing productPropertyId', { type: 'productPropertyPrice', props: {}, operator: '+' } as PricingExpression, {}],
    ['unknown option', f.price(P_FINISH), { '7': { optionId: 999 } }],
    ['option of another property', f.price(P_FINISH), { '7': { optionId: 30 } }],
    ['unknown option (classifier number)', f.classNum(P_FINISH, 1, 0), { '7': { optionId: 999 } }],
    ['unknown classifier', f.classNum(P_FINISH, 77, 0), { '7': { optionId: 24 } }],
    ['group without expressions', { type: 'group', props: {}, operator: '+' } as PricingExpression, {}],
    ['invalid condition', f.fixed(5, '+', { condition: { operator: 'xor' as never, conditions: [] } }), {}],
    ['infinite value', f.fixed(Infinity), {}],
    // An unknown operator cannot combine anything: its value 0 leaves the running total as it is.
    ['unknown operator', f.fixed(1, '^' as never), {}],
  ];
  it.each(failing)('%s: 1000 + failure + 1 = 1001, logged once with its path', (_name, expr, props) => {
    const log = vi.fn();
    const r = priceInstance({ instance: inst(props), catalogue: setup([f.fixed(1000), expr, f.fixed(1, '+')]), effectivePricingDate: '2025-06-01', log, explain: true });
    expect(r.unitPriceInCents).toBe(1001);
    expect(r.failures).toBe(1);
    expect(log).toHaveBeenCalledTimes(1);
    const [message, details] = log.mock.calls[0]!;
    expect(message).toMatch(/rule 1 version 1 expression 2/);
    expect(details).toMatchObject({ ruleId: 1, versionKey: '1', expressionPath: '2', productId: 1 });
    expect(r.failedSteps).toEqual([details]);
    expect(r.explanation!.steps[1]).toMatchObject({ status: 'failed', failure: 'value', value: 0, contribution: 0, totalBefore: 1000, totalAfter: 1000 });
    expect(r.explanation!.steps[1]!.reason).toBeTruthy();
  });

  // The failed value 0 combined with a running total of 10000 by each operator.
  const bad = { type: 'fixed', props: {}, description: 'Broken' } as unknown as PricingExpression;
  const byOperator: Array<[PricingExpression['operator'], number, number]> = [
    ['+', 10000, 10000],
    ['-', 10000, 10000],
    ['*', 10000, 0],
    ['/', 10000, 0], // 10000 / 0 is not a number: the running total becomes 0
    ['%', 10000, 0], // likewise
    ['===', 10000, 0], // 10000 equals 0? no
    ['===', 0, 1], // 0 equals 0
    ['and', 10000, 0],
    ['or', 10000, 1],
    ['or', 0, 0],
  ];
  it.each(byOperator)('running total %s failure (total %s) gives %s', (operator, before, expected) => {
    const log = vi.fn();
    const r = priceInstance({ instance: inst({}), catalogue: setup([f.fixed(before), { ...bad, operator }]), effectivePricingDate: '2025-06-01', log });
    expect(r.unitPriceInCents).toBe(expected);
    expect(r.failures).toBe(1);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('division or modulo by zero makes the running total 0; the rest of the rule continues from 0', () => {
    expect(unit([f.fixed(10000), f.fixed(0, '/'), f.fixed(500, '+')])).toBe(500);
    expect(unit([f.fixed(10000), f.fixed(0, '%'), f.fixed(500, '+')])).toBe(500);
    // a value that is 0 without failing (no width entered) divides by zero just the same
    expect(unit([f.fixed(10000), f.value(P_W, '/'), f.fixed(3, '+')], {})).toBe(3);
    const log = vi.fn();
    const r = priceInstance({ instance: inst({}), catalogue: setup([f.fixed(10000), f.fixed(0, '/', { description: 'Per box' }), f.fixed(500, '+')]), effectivePricingDate: '2025-06-01', log, explain: true });
    expect(r.failures).toBe(1);
    expect(log.mock.calls[0]![1]).toMatchObject({ expressionPath: '2', description: 'Per box', reason: 'division by zero (/ 0)' });
    expect(r.explanation!.steps[1]).toMatchObject({ status: 'failed', failure: 'result', value: 0, contribution: -10000, totalBefore: 10000, totalAfter: 0 });
    expect(formatExplanation(r.explanation!).join('\n')).toMatch(/"Per box" \(fixed, \/\): fixed value 0; running total 10000 \/ 0 is not a finite number \(division by zero \(\/ 0\)\), so the running total becomes 0\./);
  });

  it('a failed value after / is logged once: it counts as 0 and dividing by it makes the running total 0', () => {
    const log = vi.fn();
    const r = priceInstance({ instance: inst({ '7': { optionId: 999 } }), catalogue: setup([f.fixed(10000), f.price(P_FINISH, '/'), f.fixed(7, '+')]), effectivePricingDate: '2025-06-01', log, explain: true });
    expect(r.unitPriceInCents).toBe(7);
    expect(r.failures).toBe(1);
    expect(log).toHaveBeenCalledTimes(1);
    expect(r.failedSteps[0]!.reason).toBe('option 999 does not exist; / 0 is a division by zero');
    expect(r.explanation!.steps[1]).toMatchObject({ status: 'failed', failure: 'valueAndResult', value: 0, totalBefore: 10000, totalAfter: 0 });
  });

  it('an overflow to ±Infinity makes the running total 0', () => {
    const log = vi.fn();
    const r = priceInstance({ instance: inst({}), catalogue: setup([f.fixed(1e308), f.fixed(10, '*'), f.fixed(42, '+')]), effectivePricingDate: '2025-06-01', log });
    expect(r.unitPriceInCents).toBe(42);
    expect(r.failedSteps[0]).toMatchObject({ expressionPath: '2', reason: 'the result is not a finite number (1e+308 * 10)' });
  });

  it('a failure inside a group reports its nested path; the group keeps going with the same rules', () => {
    const log = vi.fn();
    // group: 10 / 0 → 0, then + 2 → 2; the group's value 2 is added to 100
    const r = priceInstance({ instance: inst({}), catalogue: setup([f.fixed(100), f.group([f.fixed(10), f.fixed(0, '/'), f.fixed(2, '+')])]), effectivePricingDate: '2025-06-01', log, explain: true });
    expect(r.unitPriceInCents).toBe(102);
    expect(log.mock.calls[0]![1]).toMatchObject({ expressionPath: '2.2' });
    expect(r.explanation!.steps[1]!.steps!.map((s) => [s.status, s.totalAfter])).toEqual([
      ['applied', 10],
      ['failed', 0],
      ['applied', 2],
    ]);
    // nested two deep: (4 × (failure + 3)) = 12
    expect(unit([f.group([f.fixed(4), f.group([{ ...bad, operator: '+' }, f.fixed(3, '+')], '*')])])).toBe(12);
  });

  it('a negative running total times a failure is 0, not -0', () => {
    const r = priceInstance({ instance: inst({}), catalogue: setup([f.fixed(-5), { ...bad, operator: '*' }]), effectivePricingDate: '2025-06-01', log: () => {} });
    expect(Object.is(r.unitPriceInCents, 0)).toBe(true);
    expect(Object.is(r.totalPriceInCents, 0)).toBe(true);
  });

  it('failedSteps keeps the first 10 failures; failures counts them all', () => {
    const log = vi.fn();
    const exprs = Array.from({ length: 12 }, (_, i) => ({ ...bad, operator: '+', description: `Broken ${i + 1}` }) as PricingExpression);
    const r = priceInstance({ instance: inst({}), catalogue: setup([f.fixed(5), ...exprs]), effectivePricingDate: '2025-06-01', log });
    expect(r.unitPriceInCents).toBe(5);
    expect(r.failures).toBe(12);
    expect(log).toHaveBeenCalledTimes(12);
    expect(r.failedSteps.map((s) => s.expressionPath)).toEqual(['2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
    expect(r.failedSteps[0]).toEqual({ ruleId: 1, versionKey: '1', productId: 1, expressionPath: '2', description: 'Broken 1', reason: 'props.value is not a number' });
  });

  it('no failure: failures 0 and an empty failedSteps list of its own', () => {
    const a = priceInstance({ instance: inst({}), catalogue: setup([f.fixed(5)]), effectivePricingDate: '2025-06-01' });
    const b = priceInstance({ instance: inst({}), catalogue: setup([f.fixed(5)]), effectivePricingDate: '2025-06-01' });
    expect(a).toMatchObject({ failures: 0, failedSteps: [] });
    expect(a.failedSteps).not.toBe(b.failedSteps);
    expect(priceInstance({ instance: { productId: -1, quantity: 1, properties: {}, customPriceInCents: 5 }, catalogue: setup([]), effectivePricingDate: '2025-06-01' }).failedSteps).toEqual([]);
  });

  it('a price out of range is priced 0 and reported in failedSteps with an empty expression path', () => {
    const log = vi.fn();
    const r = priceInstance({ instance: inst({}, 1000), catalogue: setup([f.fixed(2 ** 52)]), effectivePricingDate: '2025-06-01', log });
    expect(r).toMatchObject({ unitPriceInCents: 0, totalPriceInCents: 0, failures: 1 });
    expect(r.failedSteps).toEqual([{ ruleId: 1, versionKey: '1', productId: 1, expressionPath: '', description: null, reason: 'price out of range' }]);
    expect(log.mock.calls[0]![0]).toMatch(/price out of range/);
  });

  it('defaults to console.warn', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    priceInstance({ instance: inst({}), catalogue: setup([f.fixed(0, '/')]), effectivePricingDate: '2025-06-01' });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe('rounding, quantity, special products', () => {
  it('rounds half away from zero to whole cents', () => {
    expect(roundCents(2.5)).toBe(3);
    expect(roundCents(-2.5)).toBe(-3);
    expect(roundCents(2.4999)).toBe(2);
    expect(roundCents((4370 * 15) / 100)).toBe(656);
    expect(unit([f.fixed(1001), f.fixed(2, '/')])).toBe(501);
  });
  it('a negative result is 0', () => {
    expect(unit([f.fixed(100), f.fixed(300, '-')])).toBe(0);
  });
  it('shouldRoundPrice rounds the unit price up to the next whole dollar', () => {
    const cat = setup([f.fixed(4301)], { shouldRoundPrice: 1 });
    const r = priceInstance({ instance: inst({}, 3), catalogue: cat, effectivePricingDate: '2025-06-01', explain: true });
    expect(r.unitPriceInCents).toBe(4400);
    expect(r.totalPriceInCents).toBe(13200);
    expect(formatExplanation(r.explanation!).join('\n')).toMatch(/next whole dollar/);
    expect(priceInstance({ instance: inst({}), catalogue: setup([f.fixed(4300)], { shouldRoundPrice: 1 }), effectivePricingDate: '2025-06-01' }).unitPriceInCents).toBe(4300);
  });
  it('total = unit × quantity, quantity normalised to an integer ≥ 1', () => {
    const cat = setup([f.fixed(250)]);
    const q = (quantity: unknown) => priceInstance({ instance: { productId: 1, quantity: quantity as number, properties: {} }, catalogue: cat, effectivePricingDate: '2025-06-01' });
    expect(q(4).totalPriceInCents).toBe(1000);
    expect(q(0).totalPriceInCents).toBe(250);
    expect(q(-3).quantity).toBe(1);
    expect(q(2.9).quantity).toBe(2);
    expect(q('3').quantity).toBe(3);
    expect(q(NaN).quantity).toBe(1);
  });
  it('custom product -1 uses customPriceInCents', () => {
    const cat = setup([]);
    const r = priceInstance({ instance: { productId: -1, quantity: 2, properties: {}, customPriceInCents: 12345 }, catalogue: cat, effectivePricingDate: '2025-06-01', explain: true });
    expect(r).toMatchObject({ unitPriceInCents: 12345, totalPriceInCents: 24690, source: 'custom', ruleId: null });
    expect(formatExplanation(r.explanation!)[0]).toMatch(/Custom product/);
    expect(priceInstance({ instance: { productId: -1, quantity: 1, properties: {}, customPriceInCents: null }, catalogue: cat, effectivePricingDate: '2025-06-01' }).unitPriceInCents).toBe(0);
  });
  it('a product without a pricing rule, with a missing rule, or unknown, costs 0 and says why', () => {
    const cat = setup([]);
    const p = (productId: number) => priceInstance({ instance: inst({}, 1, productId), catalogue: cat, effectivePricingDate: '2025-06-01', explain: true });
    expect(p(2)).toMatchObject({ unitPriceInCents: 0, source: 'noRule' });
    expect(formatExplanation(p(2).explanation!)[0]).toMatch(/has no pricing rule, so the price is 0/);
    expect(p(3).source).toBe('noRule');
    expect(p(404).source).toBe('unknownProduct');
  });
  it('a rule with no versions costs 0', () => {
    const cat = f.catalogue({ products: [f.product(1, 1)], productPricingRules: [f.rule(1, {})] });
    expect(priceInstance({ instance: inst({}), catalogue: cat, effectivePricingDate: '2025-06-01' }).source).toBe('noVersion');
  });
  it('prices change with the effective pricing date', () => {
    const cat = f.catalogue({ products: [f.product(1, 1)], productPricingRules: [f.rule(1, versions)] });
    const at = (d: string) => priceInstance({ instance: inst({}), catalogue: cat, effectivePricingDate: d });
    expect(at('2024-01-01').unitPriceInCents).toBe(100);
    expect(at('2025-07-01')).toMatchObject({ unitPriceInCents: 200, versionKey: '2' });
    expect(at('2027-01-01').unitPriceInCents).toBe(300);
  });
});

describe('compilation', () => {
  it('is cached per version object and catalogue', () => {
    const cat = setup([]);
    const v = { created: '2025-01-01', expressions: [f.fixed(1)] };
    const a = compilePricingRuleVersion(v, { catalogue: cat, ruleId: 1, versionKey: '1' });
    expect(compilePricingRuleVersion(v, { catalogue: cat, ruleId: 1, versionKey: '1' })).toBe(a);
    expect(compilePricingRuleVersion({ ...v }, { catalogue: cat, ruleId: 1, versionKey: '1' })).not.toBe(a);
    expect(compilePricingRuleVersion(v, { catalogue: setup([]), ruleId: 1, versionKey: '1' })).not.toBe(a);
  });
});

describe('explanation', () => {
  const exprs: PricingExpression[] = [
    f.fixed(18500, '+', { description: 'Base' }),
    f.price(P_FINISH, '+', { description: 'Finish' }),
    f.classNum(P_FINISH, 1, 0, '+', { description: 'Matched upcharge', condition: { operator: 'and', conditions: [{ actual: { type: 'optionId', productPropertyId: P_FINISH }, operator: 'in', expected: [24, 25] }] } }),
    f.group([f.value(P_W), f.value(P_H, '*'), f.fixed(1_000_000, '/'), f.fixed(5000, '*')], '+', { description: 'Area' }),
    { type: 'fixed', props: {}, operator: '+', description: 'Broken' } as PricingExpression,
  ];
  it('lists applied steps with contributions and running totals, skipped and failed ones with reasons', () => {
    const cat = setup(exprs);
    const r = priceInstance({ instance: inst({ '7': { optionId: 22 }, '141': { value: 800 }, '142': { value: 2000 } }, 2), catalogue: cat, effectivePricingDate: '2025-06-01', explain: true, log: () => {} });
    const e = r.explanation!;
    expect(e.rule).toEqual({ id: 1, title: 'Rule 1' });
    expect(e.version).toMatchObject({ key: '1', reason: 'inForce' });
    expect(e.effectivePricingDate).toBe('2025-06-01 23:59:59');
    expect(e.steps.map((s) => s.status)).toEqual(['applied', 'applied', 'skipped', 'applied', 'failed']);
    expect(e.steps[0]).toMatchObject({ value: 18500, contribution: 18500, totalAfter: 18500 });
    expect(e.steps[1]).toMatchObject({ value: 0, totalAfter: 18500 });
    expect(e.steps[2]!.reason).toMatch(/property 7 option is 22, expected one of 24, 25/);
    expect(e.steps[3]!.steps).toHaveLength(4);
    expect(e.steps[3]).toMatchObject({ value: 8000, contribution: 8000, totalAfter: 26500 });
    expect(e.steps[4]).toMatchObject({ status: 'failed', failure: 'value', value: 0, contribution: 0, totalBefore: 26500, totalAfter: 26500, reason: 'props.value is not a number' });
    expect(r.unitPriceInCents).toBe(26500);
    const lines = formatExplanation(e);
    expect(lines.join('\n')).toMatch(/priced by rule 1 "Rule 1"/);
    expect(lines.join('\n')).toMatch(/Version 1 \(created 2025-01-01 00:00:00 UTC\) is the newest version created on or before/);
    expect(lines.join('\n')).toMatch(/"Matched upcharge" .* skipped because/);
    expect(lines.join('\n')).toMatch(/"Broken" \(fixed, \+\): could not be evaluated \(props.value is not a number\), so it counts as 0; running total 26500 \+ 0 = 26500\./);
    expect(lines.join('\n')).toMatch(/1 expression\(s\) failed/);
    expect(lines.at(-1)).toBe('Unit price $265.00 × quantity 2 = $530.00.');
  });
  it('is off by default', () => {
    expect(priceInstance({ instance: inst({}), catalogue: setup(exprs), effectivePricingDate: '2025-06-01', log: () => {} }).explanation).toBeUndefined();
  });
  it('formats cents', () => {
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(5)).toBe('$0.05');
  });
});

describe('PricingRuleVersionSchema', () => {
  const ajv = new Ajv({ allErrors: true });
  const validate = ajv.compile(PricingRuleVersionSchema);
  it('accepts valid versions with nested groups and conditions', () => {
    const ok = { created: '2025-01-01 00:00:00', expressions: [f.fixed(1), f.group([f.value(1), f.group([f.fixed(2, '*')], '*')], '+', { condition: { operator: 'or', conditions: [{ actual: { type: 'quantity' }, operator: '>', expected: 3 }] } })] };
    expect(validate(JSON.parse(JSON.stringify(ok)))).toBe(true);
  });
  it('rejects unknown types, operators and props, nested too', () => {
    expect(validate({ created: '2025-01-01', expressions: [{ type: 'magic', props: {}, operator: '+' }] })).toBe(false);
    expect(validate({ created: '2025-01-01', expressions: [{ type: 'fixed', props: { value: 1 }, operator: '^' }] })).toBe(false);
    expect(validate({ created: '2025-01-01', expressions: [f.group([{ type: 'fixed', props: { value: 1, oops: 1 }, operator: '+' } as never])] })).toBe(false);
    expect(validate({ created: 'tomorrow', expressions: [] })).toBe(false);
  });
});

describe('docs/pricing.md worked example', () => {
  const exprs: PricingExpression[] = [
    f.fixed(19900, '+', { description: 'Keypad base' }),
    f.price(P_FINISH, '+', { description: 'Mechanism finish' }),
    f.classNum(P_FINISH, 1, 0, '+', { description: 'Matched finish upcharge', condition: { operator: 'or', conditions: [{ actual: { type: 'optionId', productPropertyId: P_FINISH }, operator: 'in', expected: [24, 25] }] } }),
    f.group([f.value(P_W), f.value(P_H, '*'), f.fixed(100, '/'), f.fixed(15, '*')], '+'),
    f.group([f.fixed(95), f.fixed(100, '/')], '*', { condition: { operator: 'and', conditions: [{ actual: { type: 'quantity' }, operator: '>=', expected: 10 }] } }),
  ];
  const docCat = (extra = {}) =>
    f.catalogue({
      products: [f.product(1, 1, extra)],
      productProperties: [f.property(P_FINISH), f.property(P_W, 'dimensions'), f.property(P_H, 'dimensions')],
      productOptions: [f.option(22, P_FINISH, 0, { '1': [0, 6] }), f.option(24, P_FINISH, 4500, { '1': [4500, 24] })],
      productOptionClassifiers: [f.classifier(1, 'Finish tiers', ['Upcharge', 'Lead weeks'])],
      productPricingRules: [f.rule(1, { '2': { created: '2025-06-01 00:00:00', expressions: exprs } })],
    });
  it('gives the documented figures', () => {
    const r = priceInstance({ instance: inst({ '7': { optionId: 24 }, '141': { value: 120 }, '142': { value: 80 } }, 12), catalogue: docCat(), effectivePricingDate: '2025-06-01', explain: true });
    expect(r.explanation!.steps.map((s) => s.totalAfter)).toEqual([19900, 24400, 28900, 30340, 28823]);
    expect(r.unitPriceInCents).toBe(28823);
    expect(r.totalPriceInCents).toBe(345876);
    expect(priceInstance({ instance: inst({ '7': { optionId: 24 }, '141': { value: 120 }, '142': { value: 80 } }, 12), catalogue: docCat({ shouldRoundPrice: 1 }), effectivePricingDate: '2025-06-01' }).unitPriceInCents).toBe(28900);
    expect(priceInstance({ instance: inst({ '7': { optionId: 22 }, '141': { value: 120 }, '142': { value: 80 } }, 12), catalogue: docCat(), effectivePricingDate: '2025-06-01' }).unitPriceInCents).toBe(20273);
  });
});

describe('docs/pricing.md failure examples', () => {
  // The item has option 999 for property 7, an option that was deleted: price(7) fails.
  const deleted = { '7': { optionId: 999 } };
  const price7 = (operator: PricingExpression['operator']) => f.price(P_FINISH, operator);
  const examples: Array<[string, PricingExpression[], number[], number, number]> = [
    ['10000 × failure', [f.fixed(10000), price7('*')], [10000, 0], 0, 1],
    ['10000 + failure + 500', [f.fixed(10000), price7('+'), f.fixed(500)], [10000, 10000, 10500], 10500, 1],
    ['10000 / 0, then + 500 from 0', [f.fixed(10000), f.fixed(0, '/'), f.fixed(500)], [10000, 0, 500], 500, 1],
    ['10000 / failure, then + 500', [f.fixed(10000), price7('/'), f.fixed(500)], [10000, 0, 500], 500, 1],
    ['10000 or failure', [f.fixed(10000), price7('or')], [10000, 1], 1, 1],
    ['a failure inside a group', [f.fixed(10000), f.group([f.fixed(120), price7('*'), f.fixed(5)])], [10000, 10005], 10005, 1],
    ['a division by zero inside a group', [f.fixed(10000), f.group([f.fixed(120), f.fixed(0, '/'), f.fixed(5)])], [10000, 10005], 10005, 1],
  ];
  it.each(examples)('%s', (_name, exprs, totals, unitPrice, failures) => {
    const log = vi.fn();
    for (const explain of [true, false]) {
      const r = priceInstance({ instance: inst(deleted), catalogue: setup(exprs), effectivePricingDate: '2025-06-01', log, explain });
      if (explain) expect(r.explanation!.steps.map((s) => s.totalAfter)).toEqual(totals);
      expect(r.unitPriceInCents).toBe(unitPrice);
      expect(r.failures).toBe(failures);
    }
    expect(log).toHaveBeenCalledTimes(2 * failures); // once per failure, on each of the two runs
  });
  it('the group examples: totals inside the group and the logged path', () => {
    const log = vi.fn();
    const r = priceInstance({ instance: inst(deleted), catalogue: setup([f.fixed(10000), f.group([f.fixed(120), price7('*'), f.fixed(5)])]), effectivePricingDate: '2025-06-01', log, explain: true });
    expect(r.explanation!.steps[1]!.steps!.map((s) => s.totalAfter)).toEqual([120, 0, 5]);
    expect(log.mock.calls[0]![1]).toMatchObject({ expressionPath: '2.2', reason: 'option 999 does not exist' });
    const d = priceInstance({ instance: inst({}), catalogue: setup([f.fixed(10000), f.group([f.fixed(120), f.fixed(0, '/'), f.fixed(5)])]), effectivePricingDate: '2025-06-01', log });
    expect(d.failedSteps[0]).toMatchObject({ expressionPath: '2.2', reason: 'division by zero (/ 0)' });
  });
});
