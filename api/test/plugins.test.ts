import { describe, expect, it } from 'vitest';
import { definePlugin } from '@cpq/plugin-sdk';
import defaultPlugin from '@cpq/org-default';
import { PluginRegistry } from '../src/plugins.ts';

describe('plugin registry (the API imports organisation plugins as packages)', () => {
  const registry = new PluginRegistry();

  it('resolves each organisation to its plugin over the defaults', () => {
    expect(registry.rulesFor(850).wording.orders).toBe('quotes');
    expect(registry.rulesFor(1798).wording.orders).toBe('projects');
    expect(registry.rulesFor(1053).theme.forcedFont?.family).toBe('DIN');
    expect(registry.rulesFor(1392).home.sections[0]!.tiles).toEqual([
      { categoryId: 14, action: 'createOrder' },
      { categoryId: 16, action: 'createOrder' },
    ]);
  });

  it('gives an organisation without a plugin the defaults', () => {
    expect(registry.pluginFor(4242)).toBeNull();
    expect(registry.rulesFor(4242).wording.orders).toBe('orders');
    expect(registry.rulesFor(4242).home.greeting('Acme')).toBe('Welcome to the Acme Configurator');
  });

  it('refuses to start with an incompatible or duplicated plugin', () => {
    const future = definePlugin({ orgId: 9, compatibility: [2] });
    expect(() => new PluginRegistry(defaultPlugin, [future])).toThrow(/contract/);
    const a = definePlugin({ orgId: 9, compatibility: [1] });
    expect(() => new PluginRegistry(defaultPlugin, [a, a])).toThrow(/Two plugins/);
  });
});
