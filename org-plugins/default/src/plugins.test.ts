import { describe, expect, it } from 'vitest';
import { resolveRules } from '@cpq/plugin-sdk';
import defaults from './index.ts';
import org850 from '@cpq/org-850';
import org1053 from '@cpq/org-1053';
import org1798 from '@cpq/org-1798';
import org1392 from '@cpq/org-1392';
import org1450 from '@cpq/org-1450';

const rulesOf = (p: Parameters<typeof resolveRules>[1]) => resolveRules(defaults, p);

/** The per-organisation layouts and wording of ordering §1–§2. */
describe('organisation plugins', () => {
  it('word orders as quotes (850), projects (1798), orders otherwise', () => {
    expect(rulesOf(org850).wording.orders).toBe('quotes');
    expect(rulesOf(org1798).wording.orders).toBe('projects');
    for (const p of [org1053, org1392, org1450, null]) expect(rulesOf(p).wording.orders).toBe('orders');
  });
  it('greet 850 as a client portal and the others as a configurator', () => {
    expect(rulesOf(org850).home.greeting('X')).toBe('Welcome to the X Client Portal');
    for (const p of [org1053, org1798, org1392, org1450]) expect(rulesOf(p).home.greeting('X')).toBe('Welcome to the X Configurator');
  });
  it('lay out the home sections of each organisation', () => {
    const tiles = (p: Parameters<typeof resolveRules>[1]) =>
      rulesOf(p).home.sections.flatMap((s) => (Array.isArray(s.tiles) ? s.tiles : []));
    expect(tiles(org850).map((t) => [t.categoryId, t.action, !!t.isStocked])).toEqual([
      [5, 'createOrder', true], [6, 'createOrder', true],
      [1, 'chooseProduct', false], [2, 'chooseProduct', false], [3, 'chooseProduct', false],
      [4, 'chooseProduct', false], [13, 'chooseProduct', false],
    ]);
    expect(rulesOf(org850).home.sections.map((s) => s.title)).toEqual([
      'Purchase Stocked Items', 'Configure | Price | Quote', 'Resources',
    ]);
    expect(rulesOf(org850).home.sections[2]!.links!.length).toBe(9);
    expect(tiles(org1053).map((t) => t.categoryId)).toEqual([8, 20, 21]);
    expect(rulesOf(org1053).home.sections[0]!.title).toBe('Purchase Made-To-Order Items');
    expect(tiles(org1392).map((t) => [t.categoryId, t.action])).toEqual([[14, 'createOrder'], [16, 'createOrder']]);
    expect(tiles(org1450).map((t) => [t.categoryId, t.action])).toEqual([[18, 'createOrder']]);
    expect(rulesOf(null).home.tilesPerRow).toBe(5);
  });
  it('force Helvetica Neue for 1798 and DIN for 1053, 14 px normal', () => {
    expect(rulesOf(org1798).theme.forcedFont).toEqual({ family: 'Helvetica Neue', sizePx: 14, weight: 'normal' });
    expect(rulesOf(org1053).theme.forcedFont).toEqual({ family: 'DIN', sizePx: 14, weight: 'normal' });
    expect(rulesOf(org850).theme.forcedFont).toBeUndefined();
  });
});
