import { describe, expect, it } from 'vitest';
import type { CatalogueRows, OrderPricingFields, PricingRuleVersion } from '@cpq/domain';
import { makeOption, makePricingRule, makeProduct, makeProperty } from '@cpq/test-utils';
import { benchPrices, type BenchInput } from './testBench.ts';

/*
 * A small catalogue, prices worked out by hand from the rules:
 * - rule 5 (the one being edited): version 1 (2025-01-01) = 10000 + the finish option's price;
 *   version 2 (2099-01-01) = 12000 + the finish option's price.
 * - rule 6: 500.
 * Product 1 (rule 5) has property 7 "Finish": option 70 costs 2500, option 71 nothing. Product 2 has rule 6.
 */
const rule5 = makePricingRule({
  id: 5,
  versions: {
    '1': { created: '2025-01-01 00:00:00', expressions: [{ type: 'fixed', props: { value: 10000 }, operator: '+' }, { type: 'productPropertyPrice', props: { productPropertyId: 7 }, operator: '+' }] },
    '2': { created: '2099-01-01 00:00:00', expressions: [{ type: 'fixed', props: { value: 12000 }, operator: '+' }, { type: 'productPropertyPrice', props: { productPropertyId: 7 }, operator: '+' }] },
  },
});
const rule6 = makePricingRule({ id: 6, versions: { '1': { created: '2025-01-01', expressions: [{ type: 'fixed', props: { value: 500 }, operator: '+' }] } } });
const rows: CatalogueRows = {
  products: [
    makeProduct({ id: 1, productPricingRuleId: 5, associations: { productProperties: { '7': {} } } }),
    makeProduct({ id: 2, productPricingRuleId: 6 }),
  ],
  productProperties: [makeProperty({ id: 7, type: 'singleSelect' })],
  productOptions: [makeOption({ id: 70, productPropertyId: 7, data: { priceInCents: 2500 } }), makeOption({ id: 71, productPropertyId: 7, data: {} })],
  productRules: [],
  productPricingRules: [rule5, rule6],
  productOptionClassifiers: [],
};
const order: OrderPricingFields = { isStocked: 0, productCategoryId: 1, effectivePricingDate: null };
const instances: BenchInput['instances'] = [
  { id: 11, title: 'Lobby keypad', productId: 1, quantity: 2, properties: { '7': { optionId: 70 } } },
  { id: 12, title: 'Sample', productId: 2, quantity: 3, properties: {} },
  { id: 13, title: 'Plain keypad', productId: 1, quantity: 1, properties: { '7': { optionId: 71 } } },
];
const fixed = (value: number): PricingRuleVersion['expressions'][number] => ({ type: 'fixed', props: { value }, operator: '+' });
const finish: PricingRuleVersion['expressions'][number] = { type: 'productPropertyPrice', props: { productPropertyId: 7 }, operator: '+' };
const base = (over: Partial<BenchInput>): BenchInput => ({
  rows,
  rule: rule5,
  order,
  instances,
  versionKey: '1',
  draft: rule5.versions['1']!,
  mode: 'force',
  now: new Date('2026-06-01T12:00:00Z'),
  ...over,
});

describe('test bench prices', () => {
  it('prices each item today and with the draft, in total, and marks what changes', () => {
    // Draft of version 1: 11000 + finish. Lobby: 13500 × 2 = 27000 (today 12500 × 2 = 25000);
    // Plain: 11000 (today 10000); Sample (rule 6) 500 × 3 = 1500 both.
    const r = benchPrices(base({ draft: { created: '2025-01-01 00:00:00', expressions: [fixed(11000), finish] } }));
    expect(r.items.map((i) => [i.title, i.todayUnit, i.todayTotal, i.draftUnit, i.draftTotal, i.changed])).toEqual([
      ['Lobby keypad', 12500, 25000, 13500, 27000, true],
      ['Sample', 500, 1500, 500, 1500, false],
      ['Plain keypad', 10000, 10000, 11000, 11000, true],
    ]);
    expect(r.totalToday).toBe(25000 + 1500 + 10000);
    expect(r.totalDraft).toBe(27000 + 1500 + 11000);
    expect(r.difference).toBe(3000);
  });

  it('an unchanged draft changes nothing', () => {
    const r = benchPrices(base({}));
    expect(r.difference).toBe(0);
    expect(r.items.every((i) => !i.changed)).toBe(true);
  });

  it('force prices with the draft whatever the order’s date; substitute lets the date choose', () => {
    // Version 2 is dated 2099: the order (priced now, 2026) uses version 1 today.
    const draft = { created: '2099-01-01 00:00:00', expressions: [fixed(9000)] };
    const forced = benchPrices(base({ versionKey: '2', draft, mode: 'force' }));
    expect(forced.items[0]).toMatchObject({ todayTotal: 25000, draftUnit: 9000, draftTotal: 18000, todayVersion: '1', draftVersion: '2' });
    const substituted = benchPrices(base({ versionKey: '2', draft, mode: 'substitute' }));
    expect(substituted.items[0]).toMatchObject({ draftTotal: 25000, draftVersion: '1', changed: false });
    // Dated back to 2026-01-01, the draft now applies to an order priced in June 2026.
    const earlier = benchPrices(base({ versionKey: '2', draft: { ...draft, created: '2026-01-01 00:00:00' }, mode: 'substitute' }));
    expect(earlier.items[0]).toMatchObject({ draftUnit: 9000, draftTotal: 18000, draftVersion: '2' });
  });

  it('uses the order’s effective pricing date for today’s price', () => {
    const later = benchPrices(base({ order: { ...order, effectivePricingDate: '2100-01-01' } }));
    // Today, in 2100, version 2 prices it: 12000 + 2500.
    expect(later.items[0]).toMatchObject({ todayUnit: 14500, todayVersion: '2' });
  });

  it('prices with the rule the screen has even when the catalogue lacks it (an archived rule)', () => {
    const r = benchPrices(base({ rows: { ...rows, productPricingRules: [rule6] }, draft: { created: '2025-01-01', expressions: [fixed(100)] } }));
    expect(r.items[2]).toMatchObject({ todayUnit: 10000, draftUnit: 100 });
  });

  it('prices a draft in force mode as if it were published; substitute leaves a stored draft a draft', () => {
    const withDraft = makePricingRule({ id: 5, versions: { ...rule5.versions, '3': { created: '2026-01-01 00:00:00', expressions: [fixed(7000)], draft: true } } });
    // The editor's text of a draft (no marker), or one still carrying it: priced either way.
    for (const draft of [{ created: '2026-01-01 00:00:00', expressions: [fixed(7000)] }, withDraft.versions['3']!]) {
      const forced = benchPrices(base({ rule: withDraft, versionKey: '3', draft, mode: 'force' }));
      expect(forced.items[0]).toMatchObject({ todayUnit: 12500, todayVersion: '1', draftUnit: 7000, draftVersion: '3' });
    }
    // Saving a draft's text changes no order: it is still a draft.
    const substituted = benchPrices(base({ rule: withDraft, versionKey: '3', draft: { created: '2026-01-01 00:00:00', expressions: [fixed(7000)] }, mode: 'substitute' }));
    expect(substituted.difference).toBe(0);
    expect(substituted.items[0]).toMatchObject({ draftVersion: '1' });
  });
});
