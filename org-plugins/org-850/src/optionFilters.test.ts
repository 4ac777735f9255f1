import { checkOptionChoice, computeAvailability, type Product, type ProductOption, type ProductProperty } from '@cpq/domain';
import { makeCatalogue, makeOption, makeProduct, makeProperty, productPropertiesOf } from '@cpq/test-utils';
import { engineHooks, resolveRules } from '@cpq/plugin-sdk';
import { describe, expect, it } from 'vitest';
import plugin from './index.ts';
import { laserEngravingNeedsStandardFinish, optionFilters } from './optionFilters.ts';

const prop = (id: number, title: string, rank: number): ProductProperty => makeProperty({ id, title, rank });
const opt = (id: number, productPropertyId: number, title: string, rank: number): ProductOption => makeOption({ id, productPropertyId, title, rank });
const product = (id: number, title: string, propertyIds: number[]): Product => makeProduct({ id, title, associations: productPropertiesOf(propertyIds) });

const keypad = product(98, 'Crestnet Keypad', [7, 26]);
const samplePlate = product(119, 'Engraving Sample Plate', [26]);
const catalogue = makeCatalogue({
  products: [keypad, samplePlate],
  productProperties: [prop(7, 'Mechanism Finish', 4), prop(26, 'Engraving Type', 7)],
  productOptions: [
    opt(22, 7, 'Satin Nickel', 1),
    opt(23, 7, 'Satin Brass', 2),
    opt(24, 7, 'Matched Antique Bronze', 3),
    opt(25, 7, 'Matched Custom Paint', 4),
    opt(138, 26, 'No Engraving', 1),
    opt(139, 26, 'Laser Engraved', 2),
    opt(140, 26, 'Infilled Engraving', 3),
  ],
});

const hooks = engineHooks(resolveRules(plugin));
const availability = (p: Product, finish?: number) =>
  computeAvailability({
    product: p,
    instance: { productId: p.id, quantity: 1, properties: finish ? { '7': { optionId: finish } } : {} },
    catalogue,
    viewer: { role: 'guest' },
    optionFilters: hooks.optionFilters,
  });

describe('850 option filters', () => {
  it('are wired into the plugin rules', () => {
    expect(hooks.optionFilters).toEqual(optionFilters);
    expect(hooks.optionFilters).toContain(laserEngravingNeedsStandardFinish);
  });

  it('offer laser engraving (139) with a standard finish (22 or 23)', () => {
    expect(availability(keypad, 22).properties['26']!.offered).toEqual([138, 139, 140]);
    expect(availability(keypad, 23).properties['26']!.offered).toEqual([138, 139, 140]);
  });

  it('remove laser engraving with a matched finish, with the reason', () => {
    const a = availability(keypad, 24);
    expect(a.properties['26']!.offered).toEqual([138, 140]);
    expect(a.properties['26']!.unavailable).toEqual([
      {
        optionId: 139,
        reasons: [
          {
            kind: 'pluginFilter',
            message: 'Laser engraving is only available with a standard mechanism finish (Satin Nickel or Satin Brass), not Matched Antique Bronze.',
          },
        ],
      },
    ]);
  });

  it('wait for a finish to be chosen', () => {
    const a = availability(keypad);
    expect(a.properties['26']!.offered).toEqual([138, 140]);
    expect(a.properties['26']!.unavailable[0]!.reasons[0]!.message).toBe(
      'Laser engraving is only available with a standard mechanism finish (Satin Nickel or Satin Brass): choose the mechanism finish first.',
    );
  });

  it('leave products without a mechanism finish alone', () => {
    expect(availability(samplePlate).properties['26']!.offered).toEqual([138, 139, 140]);
  });

  it('touch no other property or option', () => {
    const ctx = { product: keypad, optionIds: [22, 23, 24, 25], selection: {}, viewer: { role: 'guest' }, catalogue };
    expect(laserEngravingNeedsStandardFinish({ ...ctx, propertyId: 7 })).toEqual([]);
    expect(laserEngravingNeedsStandardFinish({ ...ctx, propertyId: 26, optionIds: [138, 140] })).toEqual([]);
  });

  it('changing to a matched finish clears a laser engraving already chosen, with the reason', () => {
    const r = checkOptionChoice({
      product: keypad,
      instance: { productId: 98, quantity: 1, properties: { '7': { optionId: 23 }, '26': { optionId: 139 } } },
      catalogue,
      viewer: { role: 'guest' },
      optionFilters: hooks.optionFilters,
      propertyId: 7,
      optionId: 24,
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.selection['26']).toEqual({ optionId: null });
    expect(r.cleared).toEqual([{ propertyId: 26, optionId: 139, reasons: [expect.objectContaining({ kind: 'pluginFilter' })] }]);
  });
});
