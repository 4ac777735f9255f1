import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, definePlugin, EXTENSION_POINTS, PluginCompatibilityError, resolveRules } from './index.ts';

describe('resolveRules', () => {
  it('takes the defaults when there is no plugin', () => {
    const rules = resolveRules(null);
    expect(rules).toBe(DEFAULT_RULES);
    expect(rules.wording.orders).toBe('orders');
    expect(rules.home.greeting('Acme')).toBe('Welcome to the Acme Configurator');
    expect(rules.home.sections).toEqual([{ title: 'Configure | Price | Quote', tiles: 'allCategories' }]);
    expect(rules.home.tilesPerRow).toBe(5);
  });
  it('overrides one field of an extension point and keeps the others', () => {
    const plugin = definePlugin({ orgId: 7, compatibility: [1], rules: { home: { tilesPerRow: 3 } } });
    const rules = resolveRules(plugin);
    expect(rules.home.tilesPerRow).toBe(3);
    expect(rules.home.greeting('Acme')).toBe('Welcome to the Acme Configurator');
    expect(rules.wording).toEqual(DEFAULT_RULES.wording);
  });
  it('gives every extension point, even those a plugin leaves out', () => {
    const rules = resolveRules(definePlugin({ orgId: 7, compatibility: [1] }));
    expect([...EXTENSION_POINTS].sort()).toEqual(['catalogue', 'costs', 'documents', 'drawings', 'drawingsPage', 'home', 'integrations', 'items', 'orderSettings', 'orderStatus', 'ordersList', 'spatial', 'theme', 'ui', 'validation', 'wording']);
    for (const k of EXTENSION_POINTS) expect(rules[k]).toEqual(DEFAULT_RULES[k]);
  });
  it('refuses a plugin written for another contract', () => {
    const plugin = definePlugin({ orgId: 7, compatibility: [2], rules: {} });
    expect(() => resolveRules(plugin)).toThrow(PluginCompatibilityError);
  });
});
