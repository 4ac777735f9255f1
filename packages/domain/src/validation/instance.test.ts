import { describe, expect, it } from 'vitest';
import type { InstanceValidator } from '../engine/hooks.ts';
import type { InstanceLike } from '../engine/types.ts';
import { findSelectionWithData, validateInstance } from './instance.ts';
import { measureTextServer } from './measureText.ts';
import { readEngravings } from './engraving.ts';
import { catalogue, option, product, property } from './fixtures.test-utils.ts';

const props = [
  property(1, 'Finish', 'singleSelect', 1),
  property(2, 'Width', 'dimensions', 2, { data: { minDimension: 300, maxDimension: 1200, dimensionInterval: 1 } }),
  property(3, 'Size', 'singleSelect', 3),
  property(4, 'Notes', 'text', 4),
];
const opts = [option(10, 1, 'Nickel'), option(11, 1, 'Brass'), option(30, 3, 'Big', { width: 144, height: 82 })];
const p = product(1, [1, 2, 3, 4]);
const cat = catalogue([p, product(2, [1], { instanceTitleIsRequired: 1 })], props, opts);
const none = { instanceValidators: [] };
const inst = (properties: InstanceLike['properties'], extra: Partial<InstanceLike> = {}): InstanceLike => ({ productId: 1, quantity: 1, properties, ...extra });
const run = (instance: InstanceLike, extra: Partial<Parameters<typeof validateInstance>[0]> = {}) =>
  validateInstance({ product: cat.product(instance.productId)!, instance, catalogue: cat, hooks: none, measureText: measureTextServer, ...extra });

describe('validateInstance', () => {
  it('accepts a valid instance', () => {
    expect(run(inst({ '1': { optionId: 10 }, '2': { value: 600 } }))).toEqual({ valid: true, issues: [], invalidPropertyIds: [] });
  });
  it('single-select: an option not among the allowed ones is invalid', () => {
    const r = run(inst({ '1': { optionId: 11 } }), { allowedOptionIds: { '1': [10] } });
    expect(r.valid).toBe(false);
    expect(r.invalidPropertyIds).toEqual([1]);
    expect(r.issues[0]!.message).toBe('Finish: "Brass" is not available for this item. Please choose another option.');
    expect(run(inst({ '1': { optionId: 11 } }), { allowedOptionIds: new Map([[1, [10, 11]]]) }).valid).toBe(true);
  });
  it('single-select: an unknown option or one of another property is invalid even without the allowed list', () => {
    expect(run(inst({ '1': { optionId: 999 } })).invalidPropertyIds).toEqual([1]);
    expect(run(inst({ '1': { optionId: 30 } })).invalidPropertyIds).toEqual([1]);
    expect(run(inst({ '1': { optionId: null } })).valid).toBe(true);
  });
  it("'select' properties get the same option checks as 'singleSelect'", () => {
    const selectCat = catalogue([product(3, [5])], [property(5, 'Colour', 'select', 1)], [option(50, 5, 'Red'), option(51, 5, 'Blue')]);
    const check = (properties: InstanceLike['properties'], allowedOptionIds?: Record<string, number[]>) =>
      validateInstance({ product: selectCat.product(3)!, instance: { productId: 3, quantity: 1, properties }, catalogue: selectCat, hooks: none, measureText: measureTextServer, ...(allowedOptionIds ? { allowedOptionIds } : {}) });
    expect(check({ '5': { optionId: 50 } }).valid).toBe(true);
    expect(check({ '5': { optionId: 999 } }).invalidPropertyIds).toEqual([5]);
    expect(check({ '5': { optionId: 51 } }, { '5': [50] }).invalidPropertyIds).toEqual([5]);
  });
  it('dimensions outside the bounds are invalid', () => {
    expect(run(inst({ '2': { value: 1300 } })).issues).toEqual([{ propertyId: 2, severity: 'error', message: 'Width must be between 300 and 1200.' }]);
    expect(run(inst({ '2': { value: '450' } })).valid).toBe(true);
    expect(run(inst({ '2': { value: 'abc' } })).valid).toBe(false);
  });
  it('title and quantity are item-level issues', () => {
    const r = validateInstance({ product: cat.product(2)!, instance: { productId: 2, quantity: 0, properties: {} }, catalogue: cat, hooks: none, measureText: measureTextServer });
    expect(r.valid).toBe(false);
    expect(r.invalidPropertyIds).toEqual([]);
    expect(r.issues.map((i) => i.message)).toEqual(['This item must have an identifier/description.', 'The quantity must be a whole number of at least 1.']);
    expect(run(inst({}, { title: 'x'.repeat(41) })).valid).toBe(false);
  });
  it('runs organisation validators; warnings do not invalidate', () => {
    const calls: unknown[] = [];
    const v1: InstanceValidator = (ctx) => {
      calls.push(ctx.measureText('ab', { family: 'Helvetica', sizePx: 10 }));
      return [{ propertyId: 4, severity: 'warning', message: 'amber' }];
    };
    const v2: InstanceValidator = () => [{ propertyId: 3, severity: 'error', message: 'red' }, { propertyId: 3, severity: 'error', message: 'red again' }];
    expect(run(inst({}), { hooks: { instanceValidators: [v1] } })).toMatchObject({ valid: true, invalidPropertyIds: [] });
    expect(run(inst({}), { hooks: { instanceValidators: [v1, v2] } })).toMatchObject({ valid: false, invalidPropertyIds: [3] });
    expect(calls[0]).toBeCloseTo(11.12);
  });
  it('finds properties by the data their chosen option carries', () => {
    const found = findSelectionWithData(p, inst({ '1': { optionId: 10 }, '3': { optionId: 30 } }), cat, ['width', 'height']);
    expect(found?.property.id).toBe(3);
    expect(found?.data).toMatchObject({ width: 144, height: 82 });
    expect(findSelectionWithData(p, inst({ '1': { optionId: 10 } }), cat, ['width'])).toBeUndefined();
  });
});

describe('measureTextServer', () => {
  it('uses Helvetica advances scaled by size, monospace for Courier', () => {
    expect(measureTextServer('A', { family: 'Helvetica', sizePx: 10 })).toBeCloseTo(6.67);
    expect(measureTextServer('iiii', { family: 'Futura', sizePx: 100 })).toBeCloseTo(88.8);
    expect(measureTextServer('iiii', { family: 'Courier', sizePx: 100 })).toBeCloseTo(240);
    expect(measureTextServer('€', { family: 'Helvetica', sizePx: 1000 })).toBe(556);
    expect(measureTextServer('', { family: 'Helvetica', sizePx: 12 })).toBe(0);
  });
  it('is deterministic and additive', () => {
    const f = { family: 'Helvetica', sizePx: 14 };
    expect(measureTextServer('LIGHTS ON', f)).toBeCloseTo(measureTextServer('LIGHTS', f) + measureTextServer(' ON', f));
  });
});

describe('readEngravings', () => {
  it('reads entries by mechanism index then above/below, with array fallbacks', () => {
    const e = readEngravings(
      inst({
        '27': { engravings: { '1': { above: { text: 'SCENE\nONE', fontSize: 3 }, below: { text: '  ' } } }, text: ['TOP0', 'ignored'] },
        '112': { text: ['BOTTOM0', 'BOTTOM1'] },
      }),
      { engravingsPropertyId: 27, belowTextPropertyId: 112 },
    );
    expect(e.map((x) => [x.mechanismIndex, x.location, x.lines, x.sourcePropertyId])).toEqual([
      [0, 'above', ['TOP0'], 27],
      [0, 'below', ['BOTTOM0'], 112],
      [1, 'above', ['SCENE', 'ONE'], 27],
    ]);
  });
});
