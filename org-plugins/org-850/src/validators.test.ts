import { measureTextServer, validateInstance } from '@cpq/domain';
import { engineHooks, resolveRules } from '@cpq/plugin-sdk';
import { describe, expect, it } from 'vitest';
import plugin from './index.ts';
import { keypad, keypadCatalogue as cat, LAYOUT, PLATE } from './fixtures.test-utils.ts';

const hooks = engineHooks(resolveRules(plugin));
const defaultHooks = engineHooks(resolveRules(null));

describe('org-850 plugin wiring', () => {
  it('resolves its validators and cost rules through the SDK', () => {
    expect(hooks.instanceValidators).toHaveLength(2);
    expect(hooks.costs.maxDiscountPercentage({ productCategoryId: 5, isStocked: 1 })).toBe(20);
    expect(defaultHooks.costs.maxDiscountPercentage({ productCategoryId: 5, isStocked: 1 })).toBeNull();
  });
  it('an invalid keypad layout and an over-wide engraving make the item invalid', () => {
    const instance = keypad(PLATE.p117x82, LAYOUT.r2c2, { '27': { engravings: { '0': { above: { text: 'MASTER BEDROOM LIGHTS AND FANS', fontSize: 8 } } } } });
    const r = validateInstance({ product: cat.product(98)!, instance, catalogue: cat, allowedOptionIds: { '8': [PLATE.p117x82], '11': [LAYOUT.r2c2] }, hooks, measureText: measureTextServer });
    expect(r.valid).toBe(false);
    expect(r.invalidPropertyIds).toEqual([11, 27, 112]);
    // The default rules have no such checks.
    expect(validateInstance({ product: cat.product(98)!, instance, catalogue: cat, hooks: defaultHooks, measureText: measureTextServer }).valid).toBe(true);
  });
});
