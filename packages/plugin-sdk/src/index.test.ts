import { describe, expect, it } from 'vitest';
import { definePlugin, PluginCompatibilityError, resolveRules } from './index.ts';

const defaults = definePlugin({
  orgId: 'default',
  compatibility: [1],
  rules: {
    wording: { order: 'order', orders: 'orders' },
    home: { greeting: (t) => `Welcome to the ${t} Configurator`, sections: [], tilesPerRow: 5 },
    theme: {},
    catalogue: { optionFilters: [] },
    validation: { instanceValidators: [], optionAlerts: [] },
    costs: { maxDiscountPercentage: () => null, taxLookupApplies: () => true },
  },
});

describe('resolveRules', () => {
  it('takes the defaults when there is no plugin', () => {
    const rules = resolveRules(defaults, null);
    expect(rules.wording.orders).toBe('orders');
    expect(rules.home.greeting('Acme')).toBe('Welcome to the Acme Configurator');
  });
  it('overrides one field of an extension point and keeps the others', () => {
    const plugin = definePlugin({ orgId: 7, compatibility: [1], rules: { home: { tilesPerRow: 3 } } });
    const rules = resolveRules(defaults, plugin);
    expect(rules.home.tilesPerRow).toBe(3);
    expect(rules.home.greeting('Acme')).toBe('Welcome to the Acme Configurator');
  });
  it('refuses a plugin written for another contract', () => {
    const plugin = definePlugin({ orgId: 7, compatibility: [2], rules: {} });
    expect(() => resolveRules(defaults, plugin)).toThrow(PluginCompatibilityError);
  });
  it('refuses an incomplete default plugin', () => {
    expect(() => resolveRules(definePlugin({ orgId: 'default', compatibility: [1], rules: {} }), null)).toThrow(
      PluginCompatibilityError,
    );
  });
});
