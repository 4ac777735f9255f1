import { describe, expect, it } from 'vitest';
import { definePlugin, type PluginRules } from '@cpq/plugin-sdk';
import { discoverOrgPlugins } from '@cpq/plugin-sdk/discovery';
import { PluginRegistry } from '../src/plugins.ts';

describe('plugin registry (the API imports the discovered organisation plugins as packages)', () => {
  const registry = new PluginRegistry();
  const rulesOf = (orgId: number): PluginRules => registry.rulesFor(orgId);
  const WITH_PLUGIN = [850, 1053, 1392, 1450, 1798];
  const WITHOUT_PLUGIN = 4242;

  it('has a plugin for every org-plugins workspace, and for nothing else', () => {
    expect(discoverOrgPlugins().map((p) => p.orgId)).toEqual(WITH_PLUGIN);
    for (const id of WITH_PLUGIN) expect(registry.pluginFor(id)?.orgId).toBe(id);
    expect(registry.pluginFor(WITHOUT_PLUGIN)).toBeNull();
  });

  it('word orders as quotes (850), projects (1798), orders otherwise', () => {
    expect(rulesOf(850).wording.orders).toBe('quotes');
    expect(rulesOf(1798).wording.orders).toBe('projects');
    for (const id of [1053, 1392, 1450, WITHOUT_PLUGIN]) expect(rulesOf(id).wording.orders).toBe('orders');
  });

  it('greet 850 as a client portal and the others as a configurator', () => {
    expect(rulesOf(850).home.greeting('X')).toBe('Welcome to the X Client Portal');
    for (const id of [1053, 1798, 1392, 1450, WITHOUT_PLUGIN]) expect(rulesOf(id).home.greeting('X')).toBe('Welcome to the X Configurator');
  });

  it('lay out the home sections of each organisation', () => {
    const tiles = (id: number) => rulesOf(id).home.sections.flatMap((s) => (Array.isArray(s.tiles) ? s.tiles : []));
    expect(tiles(850).map((t) => [t.categoryId, t.action, !!t.isStocked])).toEqual([
      [5, 'createOrder', true], [6, 'createOrder', true],
      [1, 'chooseProduct', false], [2, 'chooseProduct', false], [3, 'chooseProduct', false],
      [4, 'chooseProduct', false], [13, 'chooseProduct', false],
    ]);
    expect(rulesOf(850).home.sections.map((s) => s.title)).toEqual(['Purchase Stocked Items', 'Configure | Price | Quote', 'Resources']);
    expect(rulesOf(850).home.sections[2]!.links!.length).toBe(9);
    expect(tiles(1053).map((t) => t.categoryId)).toEqual([8, 20, 21]);
    expect(rulesOf(1053).home.sections[0]!.title).toBe('Purchase Made-To-Order Items');
    expect(tiles(1392).map((t) => [t.categoryId, t.action])).toEqual([[14, 'createOrder'], [16, 'createOrder']]);
    expect(tiles(1450).map((t) => [t.categoryId, t.action])).toEqual([[18, 'createOrder']]);
    expect(rulesOf(WITHOUT_PLUGIN).home.sections).toEqual([{ title: 'Configure | Price | Quote', tiles: 'allCategories' }]);
    expect(rulesOf(WITHOUT_PLUGIN).home.tilesPerRow).toBe(5);
  });

  it('force Helvetica Neue for 1798 and DIN for 1053, 14 px normal', () => {
    expect(rulesOf(1798).theme.forcedFont).toEqual({ family: 'Helvetica Neue', sizePx: 14, weight: 'normal' });
    expect(rulesOf(1053).theme.forcedFont).toEqual({ family: 'DIN', sizePx: 14, weight: 'normal' });
    expect(rulesOf(850).theme.forcedFont).toBeUndefined();
  });

  it('refuses to start with an incompatible or duplicated plugin', () => {
    const future = definePlugin({ orgId: 9, compatibility: [2] });
    expect(() => new PluginRegistry([future])).toThrow(/contract/);
    const a = definePlugin({ orgId: 9, compatibility: [1] });
    expect(() => new PluginRegistry([a, a])).toThrow(/Two plugins/);
  });
});
