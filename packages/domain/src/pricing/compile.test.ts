import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import type { InstanceProperties, PricingCheck, PricingExpression } from '../engine/types.ts';
import { compilePricingRuleVersion, priceInstance, roundCents, setPricingCodeGeneration } from '../index.ts';
import { makeInstance } from '@cpq/test-utils';
import { generatedSource } from './compile.ts';
import * as f from './fixtures.test-utils.ts';

const P = 7;
const W = 141;
function setup(expressions: PricingExpression[]) {
  return f.catalogue({
    products: [f.product(1, 1)],
    productProperties: [f.property(P), f.property(W, 'dimensions'), f.property(8), f.property(9)],
    productOptions: [f.option(22, P, 0, { '1': [0, 5] }), f.option(24, P, 4500, { '1': [2000, 30] }), f.option(30, 8, 999), f.option(5, 9, 100), f.option(100000, 9, 250)],
    productOptionClassifiers: [f.classifier(1, 'Finish tiers')],
    productPricingRules: [f.rule(1, { '1': { created: '2025-01-01 00:00:00', expressions } })],
  });
}
const price = (expressions: PricingExpression[], properties: InstanceProperties = {}, quantity = 1) =>
  priceInstance({ instance: makeInstance({ productId: 1, quantity, properties }), catalogue: setup(expressions), effectivePricingDate: '2025-06-01', log: () => {} });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('generated code', () => {
  it('is not generated where code generation is off (a page under a CSP without eval): the closures give the same price', () => {
    const expressions = [f.fixed(100), f.price(P, '+'), f.group([f.value(W), f.fixed(2, '*')], '+')];
    const props = { '7': { optionId: 24 }, '141': { value: 30 } };
    const generated = price(expressions, props, 2).unitPriceInCents;
    const FunctionCtor = globalThis.Function;
    const made = vi.fn();
    // Any attempt to make a function from source is seen (and refused, as a CSP would).
    vi.stubGlobal('Function', new Proxy(FunctionCtor, { construct: () => (made(), FunctionCtor.prototype), apply: () => (made(), undefined) }));
    setPricingCodeGeneration(false);
    try {
      expect(price(expressions, props, 2).unitPriceInCents).toBe(generated);
      expect(made).not.toHaveBeenCalled();
    } finally {
      setPricingCodeGeneration(true);
    }
    // 100 + 4500 + 30 × 2 = 4660
    expect(generated).toBe(4660);
  });

  it('holds no text from the rule: descriptions and expected strings stay out of the source', () => {
    const evil = '"); globalThis.pwned = 1; ("';
    const checks: PricingCheck[] = [
      { actual: { type: 'propertyValue', productPropertyId: W }, operator: '===', expected: evil },
      { actual: { type: 'optionId', productPropertyId: P }, operator: 'in', expected: [24, evil] },
      { actual: { type: 'optionId', productPropertyId: P }, operator: '!==', expected: 22 },
      { actual: { type: 'quantity' }, operator: '>=', expected: '3' },
    ];
    const version = {
      created: '2025-01-01',
      expressions: [
        f.fixed(100, '+', { description: evil }),
        f.price(P, '+', { description: `${evil} price`, condition: { operator: 'or', conditions: checks } }),
        f.group([f.value(W), f.fixed(2.5, '*', { condition: { operator: 'and', conditions: checks } })], '+', { description: evil }),
      ],
    };
    const src = generatedSource(version, setup([]))!;
    expect(src).toBeTruthy();
    expect(src).not.toContain('pwned');
    // The only string literal is the fixed text of the typeof tests.
    const strings = src.match(/(["'`])(?:\\.|(?!\1).)*\1/g) ?? [];
    expect(new Set(strings)).toEqual(new Set(["'number'"]));
    // Numbers from the rule appear as numbers: 100, 2.5, property ids 7 and 141, option ids 22 and 24, quantity 3.
    expect(src).toMatch(/\(100\)/);
    expect(src).toMatch(/\(2\.5\)/);
    expect(src).toMatch(/\(3\)/);
    const r = priceInstance({ instance: makeInstance({ productId: 1, quantity: 3, properties: { '7': { optionId: 24 }, '141': { value: evil } } }), catalogue: setup(version.expressions), effectivePricingDate: '2025-06-01' });
    expect((globalThis as { pwned?: number }).pwned).toBeUndefined();
    // 100 + 4500 + (0 × 2.5): the text value counts as 0
    expect(r.unitPriceInCents).toBe(4600);
  });

  it('fuzzed: text anywhere in a rule (descriptions, expected values, operators, types, ids, values) never reaches the source', () => {
    // Every text carries a marker that the generator's own code never contains.
    const text = fc.string({ maxLength: 12 }).map((t) => `ZQX${t}"');\`\${globalThis.pwnedByFuzz = 1}`);
    const num = fc.oneof(fc.integer({ min: -1000, max: 100000 }), fc.double({ noNaN: false }));
    const anyValue = fc.oneof(text, num, fc.constantFrom(null, true, P, W, 8, 9, 22, 24));
    const check = fc.record({
      actual: fc.record({ type: fc.oneof(fc.constantFrom('optionId', 'propertyValue', 'quantity'), text), productPropertyId: fc.oneof(fc.constantFrom(P, W, 8, 9), text) }),
      operator: fc.oneof(fc.constantFrom('===', '!==', '<', '<=', '>', '>=', 'in'), text),
      expected: fc.oneof(anyValue, fc.array(anyValue, { maxLength: 4 })),
    });
    const condition = fc.option(fc.record({ operator: fc.oneof(fc.constantFrom('and', 'or'), text), conditions: fc.array(check, { maxLength: 3 }) }), { nil: undefined });
    const { expr } = fc.letrec<{ expr: unknown }>((tie) => ({
      expr: fc.record(
        {
          type: fc.oneof(fc.constantFrom('fixed', 'productPropertyPrice', 'productPropertyClassifierNumber', 'propertyValue', 'group'), text),
          operator: fc.oneof(fc.constantFrom('+', '-', '*', '/', '%', 'and', 'or', '==='), text),
          description: text,
          condition,
          props: fc.record({
            value: anyValue,
            productPropertyId: fc.oneof(fc.constantFrom(P, W, 8, 9), text),
            productOptionClassifierGroupId: fc.oneof(fc.constant(1), text),
            productOptionClassifierNumberIndex: fc.oneof(fc.nat(2), text),
            // Groups end: the first choice is the one taken when the depth is used up.
            expressions: fc.oneof({ depthSize: 'small', maxDepth: 3 }, fc.constant([]), fc.array(tie('expr'), { maxLength: 3 })),
          }),
        },
        { requiredKeys: ['type', 'operator', 'props'] },
      ),
    }));
    fc.assert(
      fc.property(fc.array(expr, { minLength: 1, maxLength: 6 }), (expressions) => {
        const version = { created: '2025-01-01', expressions: expressions as PricingExpression[] };
        const src = generatedSource(version, setup([]));
        if (src === null) return;
        expect(src).not.toContain('ZQX');
        expect(src).not.toContain('pwnedByFuzz');
        const strings = src.match(/(["'`])(?:\\.|(?!\1).)*\1/g) ?? [];
        expect(strings.every((x) => x === "'number'")).toBe(true);
        priceInstance({ instance: makeInstance({ productId: 1, quantity: 2, properties: { [P]: { optionId: 24 }, [W]: { value: 'ZQX' } } }), catalogue: setup(version.expressions), effectivePricingDate: '2025-06-01', log: () => {} });
        expect((globalThis as { pwnedByFuzz?: number }).pwnedByFuzz).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  it('groups nested five deep are blocks of straight-line code', () => {
    // ((((2 + 3) × 4) − 1) / 2) + 10 = 19.5 → 20 (half away from zero)
    const deep = f.group([f.group([f.group([f.group([f.group([f.fixed(2), f.fixed(3)]), f.fixed(4, '*')]), f.fixed(1, '-')]), f.fixed(2, '/')]), f.fixed(10)]);
    expect(price([deep]).unitPriceInCents).toBe(20);
    const src = generatedSource({ created: '2025-01-01', expressions: [deep] }, setup([]))!;
    expect(src).toMatch(/t5 = 0;/);
    expect(src).not.toMatch(/=>|function \(/); // no closure created per evaluation
  });

  it('option ids given as text, none chosen, or far apart (a Map instead of an array) are looked up like numbers', () => {
    expect(price([f.price(P)], { '7': { optionId: '24' as never } }).unitPriceInCents).toBe(4500);
    expect(price([f.price(P)], { '7': { optionId: '' as never } }).unitPriceInCents).toBe(0);
    expect(price([f.price(P)], { '7': { optionId: null } }).unitPriceInCents).toBe(0);
    expect(price([f.price(9)], { '9': { optionId: 100000 } }).unitPriceInCents).toBe(250);
    expect(price([f.price(9)], { '9': { optionId: 5 } }).unitPriceInCents).toBe(100);
    expect(price([f.fixed(7), f.price(9)], { '9': { optionId: 6 } })).toMatchObject({ unitPriceInCents: 7, failures: 1 });
    expect(price([f.fixed(7), f.price(P)], { '7': { optionId: 24.5 } })).toMatchObject({ unitPriceInCents: 7, failures: 1 });
    expect(price([f.fixed(7), f.price(P)], { '7': { optionId: -3 } })).toMatchObject({ unitPriceInCents: 7, failures: 1 });
  });

  // The generated function runs without tests per step and hands the item to the checked one when a
  // value or total is not a finite number; these are the operations that could turn one back into a number.
  it.each<[string, PricingExpression[], number, number]>([
    ['and after a division by zero', [f.fixed(5), f.fixed(0, '/'), f.fixed(1, 'and')], 0, 1],
    ['or after a division by zero', [f.fixed(5), f.fixed(0, '/'), f.fixed(0, 'or')], 0, 1],
    ['=== after an overflow', [f.fixed(1e308), f.fixed(10, '*'), f.fixed(0, '===')], 1, 1],
    ['÷ by a group that overflowed', [f.fixed(1e308), f.group([f.fixed(1e308), f.fixed(10, '*')], '/'), f.fixed(3)], 3, 2],
    ['% by a group that overflowed', [f.fixed(7), f.group([f.fixed(1e308), f.fixed(10, '*')], '%'), f.fixed(3)], 3, 2],
    ['and with a failed option lookup', [f.fixed(5), f.price(P, 'and')], 0, 1],
  ])('%s', (_name, exprs, unitPrice, failures) => {
    const r = price(exprs, { '7': { optionId: 999 } });
    expect(r).toMatchObject({ unitPriceInCents: unitPrice, failures });
  });

  it('falls back to the closures when code generation is refused (Content-Security-Policy)', () => {
    const exprs = [f.fixed(100), f.group([f.value(W), f.fixed(2, '*')], '+', { condition: { operator: 'and', conditions: [{ actual: { type: 'quantity' }, operator: '>=', expected: 2 }] } }), f.fixed(0, '/'), f.fixed(5)];
    const expected = price(exprs, { '141': { value: 40 } }, 2);
    vi.stubGlobal('Function', function refused() {
      throw new EvalError('code generation from strings disallowed');
    });
    const cat = setup(exprs);
    const compiled = compilePricingRuleVersion(cat.snapshot.productPricingRules[0]!.versions['1']!, { catalogue: cat, ruleId: 1, versionKey: '1' });
    expect(compiled.generated).toBeNull();
    const r = priceInstance({ instance: makeInstance({ productId: 1, quantity: 2, properties: { '141': { value: 40 } } }), catalogue: cat, effectivePricingDate: '2025-06-01', log: () => {} });
    expect(r).toEqual(expected);
    expect(r.unitPriceInCents).toBe(5);
  });
});

// ------------------------------------------------------------------------------------------------
// The failure rule against a model written from docs/pricing.md, independent of the engine.

type Model = { total: number; failures: number; paths: string[] };

function model(exprs: readonly PricingExpression[], q: number, prefix: string, out: Model): number {
  let t = 0;
  exprs.forEach((e, i) => {
    const path = `${prefix}${i + 1}`;
    const c = e.condition;
    if (c && c.conditions.length > 0) {
      const results = c.conditions.map((k) => (k.operator === '>=' ? q >= (k.expected as number) : q < (k.expected as number)));
      if (!(c.operator === 'or' ? results.some(Boolean) : results.every(Boolean))) return; // skipped
    }
    let v: number;
    let failed = false;
    if (e.type === 'fixed' && typeof e.props.value === 'number' && Number.isFinite(e.props.value)) v = e.props.value;
    else if (e.type === 'group' && Array.isArray(e.props.expressions)) v = model(e.props.expressions, q, `${path}.`, out);
    else {
      v = 0; // a failed expression has the value 0
      failed = true;
    }
    const ops: Record<string, (a: number, b: number) => number> = {
      '+': (a, b) => a + b,
      '-': (a, b) => a - b,
      '*': (a, b) => a * b,
      '/': (a, b) => a / b,
      '%': (a, b) => a % b,
      and: (a, b) => (a !== 0 && b !== 0 ? 1 : 0),
      or: (a, b) => (a !== 0 || b !== 0 ? 1 : 0),
      '===': (a, b) => (a === b ? 1 : 0),
    };
    const n = ops[e.operator]!(t, v);
    if (!Number.isFinite(n)) failed = true;
    t = Number.isFinite(n) ? n : 0; // a combination that is not a finite number makes the running total 0
    if (failed) {
      out.failures++;
      out.paths.push(path);
    }
  });
  return t;
}

const arbOp = fc.constantFrom<PricingExpression['operator']>('+', '-', '*', '/', '%', 'and', 'or', '===');
const arbCond = fc.option(
  fc.record({
    operator: fc.constantFrom('and' as const, 'or' as const),
    conditions: fc.array(fc.record({ actual: fc.constant({ type: 'quantity' as const }), operator: fc.constantFrom('>=' as const, '<' as const), expected: fc.integer({ min: 0, max: 6 }) }), { maxLength: 2 }),
  }),
  { nil: undefined },
);
const { expr: arbExpr } = fc.letrec<{ expr: PricingExpression }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'medium' },
    fc.record({ type: fc.constant('fixed' as const), props: fc.record({ value: fc.oneof(fc.integer({ min: -50, max: 50 }), fc.constantFrom(0, 0, 0.5, 1e308, -1e308)) }), operator: arbOp, condition: arbCond }, { requiredKeys: ['type', 'props', 'operator'] }),
    fc.record({ type: fc.constant('group' as const), props: fc.record({ expressions: fc.array(tie('expr'), { maxLength: 4 }) }), operator: arbOp, condition: arbCond }, { requiredKeys: ['type', 'props', 'operator'] }),
    fc.record({ type: fc.constantFrom('magic' as never, 'fixed' as const, 'group' as const), props: fc.constant({}), operator: arbOp, condition: arbCond }, { requiredKeys: ['type', 'props', 'operator'] }),
  ),
}));

describe('failure rule (model from docs/pricing.md)', () => {
  it('prices, failure counts and failed paths match the model, on the generated and the explained path', () => {
    fc.assert(
      fc.property(fc.array(arbExpr, { maxLength: 8 }), fc.integer({ min: 1, max: 6 }), fc.boolean(), (expressions, quantity, explain) => {
        const m: Model = { total: 0, failures: 0, paths: [] };
        const raw = model(expressions, quantity, '', m);
        const unit = Math.max(0, roundCents(raw));
        const r = priceInstance({ instance: makeInstance({ productId: 1, quantity, properties: {} }), catalogue: setup(expressions), effectivePricingDate: '2025-06-01', log: () => {}, explain });
        const inRange = Number.isSafeInteger(unit * quantity);
        expect(r.unitPriceInCents).toBe(inRange ? unit : 0);
        expect(r.failures).toBe(m.failures + (inRange ? 0 : 1));
        expect(r.failedSteps.map((s) => s.expressionPath)).toEqual([...m.paths, ...(inRange ? [] : [''])].slice(0, 10));
      }),
      { numRuns: 1000 },
    );
  });
});
