import { describe, expect, it } from 'vitest';
import { makeCatalogue, makeOption } from '@cpq/test-utils';
import type { OptionFilter } from '../engine/hooks.ts';
import type { InstanceLike } from '../engine/types.ts';
import { completenessText, incompleteItemMessage, itemCompleteness } from './completeness.ts';
import { measureTextServer } from './measureText.ts';
import { itemValidity, ownerAvailability } from './validity.ts';
import { option, product, property } from './fixtures.test-utils.ts';

// A keypad-like product, one property per case the rule names (ranks give the expected order).
const props = [
  property(1, 'Plate Size', 'singleSelect', 1),
  property(2, 'Width', 'dimensions', 2, { data: { minDimension: 300, maxDimension: 1200, dimensionInterval: 1 } }),
  property(3, 'Staff Finish', 'singleSelect', 3), // internal and admin options only: nothing a customer could choose
  property(4, 'Engravings', 'text', 4),
  property(5, 'Back Box', 'singleSelect', 5, { data: { optional: true } }),
  property(6, 'Frame', 'singleSelect', 6), // every option disabled for the product
  property(7, 'Old Collection', 'singleSelect', 7, { archived: 1 }),
  property(8, 'Lamella Width', 'dimensions', 8, { data: { minDimension: 40, optional: true } }),
  property(9, 'Mechanism Finish', 'singleSelect', 9),
  property(10, 'Slats', 'number', 10),
  property(11, 'Lit', 'checkbox', 11),
];
const opts = [
  option(11, 1, '1 Gang'),
  option(12, 1, '2 Gang'),
  makeOption({ id: 31, productPropertyId: 3, title: 'Matched Bronze', publishLevel: 'internal' }),
  makeOption({ id: 32, productPropertyId: 3, title: 'Custom Paint', publishLevel: 'admin' }),
  option(51, 5, 'No Back Box'),
  option(61, 6, 'Oak Frame'),
  option(71, 7, 'Ellipse'),
  option(91, 9, 'Satin Nickel'),
  makeOption({ id: 92, productPropertyId: 9, title: 'Matched Antique Bronze', publishLevel: 'internal' }),
];
const keypad = product(1, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], {
  associations: { productProperties: Object.fromEntries([1, 2, 3, 4, 5, 7, 8, 9, 10, 11].map((id) => [String(id), {}]).concat([['6', { disabledProductOptionIds: [61] }]])) },
});
const cat = makeCatalogue({ products: [keypad, product(2, [])], productProperties: props, productOptions: opts });
const item = (properties: InstanceLike['properties'], productId = 1): InstanceLike => ({ productId, quantity: 1, properties });

describe('itemCompleteness', () => {
  it('judged with validity from one owner availability: an internal option an employee chose is valid and counts as chosen', () => {
    const hooks = { optionFilters: [], instanceValidators: [] };
    const chosen = item({ '1': { optionId: 12 }, '2': { value: 820 }, '9': { optionId: 92 } });
    const availability = ownerAvailability(cat, hooks, chosen);
    expect(availability).toBeDefined();
    expect(itemValidity(cat, hooks, chosen, measureTextServer, availability)).toEqual({ valid: true, issues: [] });
    expect(itemCompleteness(chosen, cat, hooks, availability)).toEqual({ requiredPropertyIds: [1, 2, 9], missing: [], complete: true });
    expect(ownerAvailability(cat, hooks, item({}, 404))).toBeUndefined();
    // The organisation's filters count: plate sizes not sold here make the chosen one invalid, and the size no longer required.
    const noPlates: OptionFilter = ({ propertyId, optionIds }) => (propertyId === 1 ? optionIds.map((optionId) => ({ optionId, reason: 'Not sold here.' })) : []);
    const filtered = { optionFilters: [noPlates], instanceValidators: [] };
    const without = ownerAvailability(cat, filtered, chosen);
    expect(itemValidity(cat, filtered, chosen, measureTextServer, without).issues.map((i) => i.propertyId)).toEqual([1]);
    expect(itemCompleteness(chosen, cat, filtered, without).requiredPropertyIds).toEqual([2, 9]);
  });

  it('requires selects a customer could choose and dimensions; not text, number, checkbox, optional, archived or empty selects', () => {
    const c = itemCompleteness(item({}), cat);
    expect(c.requiredPropertyIds).toEqual([1, 2, 9]);
    expect(c.missing).toEqual([
      { propertyId: 1, title: 'Plate Size' },
      { propertyId: 2, title: 'Width' },
      { propertyId: 9, title: 'Mechanism Finish' },
    ]);
    expect(c.complete).toBe(false);
  });

  it('is complete once each required property has an option or a value', () => {
    const c = itemCompleteness(item({ '1': { optionId: 12 }, '2': { value: 820 }, '9': { optionId: 92 } }), cat);
    expect(c).toEqual({ requiredPropertyIds: [1, 2, 9], missing: [], complete: true });
  });

  it('a cleared choice (optionId null) or a blank dimension is missing; a chosen but unknown option is not (it is invalid instead)', () => {
    const c = itemCompleteness(item({ '1': { optionId: null }, '2': { value: '  ' }, '9': { optionId: 999 } }), cat);
    expect(c.missing.map((m) => m.propertyId)).toEqual([1, 2]);
    expect(itemCompleteness(item({ '1': { optionId: 11 }, '2': { value: 0 }, '9': { optionId: 91 } }), cat).complete).toBe(true);
  });

  it('a select the organisation filters empty is not required', () => {
    const noPlates: OptionFilter = ({ propertyId, optionIds }) => (propertyId === 1 ? optionIds.map((optionId) => ({ optionId, reason: 'Not sold here.' })) : []);
    const c = itemCompleteness(item({}), cat, { optionFilters: [noPlates] });
    expect(c.requiredPropertyIds).toEqual([2, 9]);
  });

  it('custom, unknown and option-less products have nothing to choose', () => {
    for (const productId of [-1, 404, 2]) expect(itemCompleteness(item({}, productId), cat)).toEqual({ requiredPropertyIds: [], missing: [], complete: true });
  });
});

describe('words', () => {
  it('the cart line', () => {
    expect(completenessText({ missing: [] })).toBe('Complete');
    expect(completenessText({ missing: [{ propertyId: 1, title: 'A' }] })).toBe('1 option to choose');
    expect(completenessText({ missing: [{ propertyId: 1, title: 'A' }, { propertyId: 2, title: 'B' }] })).toBe('2 options to choose');
  });
  it('the refusal names the item and its missing properties', () => {
    const missing = [
      { propertyId: 1, title: 'Plate Size' },
      { propertyId: 2, title: 'Collection' },
      { propertyId: 3, title: 'Back Box' },
    ];
    expect(incompleteItemMessage({ rank: 3, title: 'Entry', missing })).toBe('Choose Plate Size, Collection and Back Box for item 3 “Entry” before submitting.');
  });
});
