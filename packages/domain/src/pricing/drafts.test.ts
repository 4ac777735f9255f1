import { describe, expect, it } from 'vitest';
import { makeInstance } from '@cpq/test-utils';
import type { PricingRuleVersion } from '../engine/types.ts';
import { nextPricingChange } from './schedule.ts';
import { asPublishedVersion, catalogueWithRule, isDraftVersion, publishRefusal, versionContent } from './drafts.ts';
import { priceInstance, selectPricingRuleVersion } from './index.ts';
import * as f from './fixtures.test-utils.ts';

/**
 * Draft pricing versions, written from the rules: a draft prices nothing until it is published —
 * the version in force, the next pricing change and every item's price are what they would be
 * without it — and a draft with no expressions, or one that would price every item of a product at
 * $0, is refused publication.
 */
const draft = (created: string, value: number): PricingRuleVersion => ({ created, expressions: [f.fixed(value)], draft: true, draftedBy: 1, draftedAt: '2025-05-01 10:00:00' });

// Rule 1 (product 10): version 1 in force since 2025-01-01 at $10.00; version 2 a draft dated 2025-06-01 at $50.00.
const rule = f.rule(1, { '1': { created: '2025-01-01 00:00:00', expressions: [f.fixed(1000)] }, '2': draft('2025-06-01 00:00:00', 5000) });
const catalogue = f.catalogue({ products: [f.product(10, 1)], productPricingRules: [rule] });
const item = makeInstance({ productId: 10, quantity: 3 });

describe('a draft prices nothing until it is published', () => {
  it('is not the version in force, even when its date has come', () => {
    expect(isDraftVersion(rule.versions['2'])).toBe(true);
    expect(isDraftVersion(rule.versions['1'])).toBe(false);
    expect(selectPricingRuleVersion(rule, '2026-01-01')?.key).toBe('1');
    // Before the first published version the earliest published one applies, not an earlier draft.
    const early = f.rule(2, { '1': draft('2020-01-01', 100), '2': { created: '2025-01-01', expressions: [f.fixed(200)] } });
    expect(selectPricingRuleVersion(early, '2021-01-01')?.key).toBe('2');
    // An unreadable date takes the newest published version.
    expect(selectPricingRuleVersion(rule, 'soon')?.key).toBe('1');
  });

  it('leaves orders priced by the published version', () => {
    const p = priceInstance({ instance: item, catalogue, effectivePricingDate: '2026-01-01', log: () => {} });
    expect(p).toMatchObject({ unitPriceInCents: 1000, totalPriceInCents: 3000, versionKey: '1', source: 'rule' });
  });

  it('leaves a rule whose only version is a draft without a usable version (price 0)', () => {
    const only = f.catalogue({ products: [f.product(10, 1)], productPricingRules: [f.rule(1, { '1': draft('2025-01-01', 5000) })] });
    expect(priceInstance({ instance: item, catalogue: only, effectivePricingDate: '2026-01-01', log: () => {} })).toMatchObject({ unitPriceInCents: 0, source: 'noVersion', versionKey: null });
  });

  it('is not a pricing change to come', () => {
    expect(nextPricingChange(catalogue, '2025-03-01 00:00:00')).toBeNull();
    const withFuture = f.catalogue({ productPricingRules: [f.rule(1, { ...rule.versions, '3': { created: '2027-01-01 00:00:00', expressions: [] } })] });
    expect(nextPricingChange(withFuture, '2025-03-01 00:00:00')).toBe('2027-01-01 00:00:00');
  });

  it('prices once published (its marker gone), from its date', () => {
    const published = asPublishedVersion(rule.versions['2']!);
    expect(published.draft).toBeUndefined();
    expect(published.expressions).toEqual(rule.versions['2']!.expressions);
    const after = catalogueWithRule(catalogue, { ...rule, versions: { ...rule.versions, '2': published } });
    expect(priceInstance({ instance: item, catalogue: after, effectivePricingDate: '2026-01-01', log: () => {} })).toMatchObject({ unitPriceInCents: 5000, versionKey: '2' });
    expect(priceInstance({ instance: item, catalogue: after, effectivePricingDate: '2025-05-31', log: () => {} })).toMatchObject({ unitPriceInCents: 1000, versionKey: '1' });
    // The catalogue it was made from is unchanged.
    expect(priceInstance({ instance: item, catalogue, effectivePricingDate: '2026-01-01', log: () => {} }).versionKey).toBe('1');
  });

  it('shows the editor only what prices: created and expressions, without who drafted or published it', () => {
    expect(versionContent({ ...rule.versions['2']!, publishedBy: 4, publishedAt: '2025-05-02 00:00:00' })).toEqual({ created: '2025-06-01 00:00:00', expressions: [f.fixed(5000)] });
  });
});

describe('the drafts example of docs/pricing.md', () => {
  const v = (created: string): PricingRuleVersion => ({ created, expressions: [f.fixed(1)] });
  const versions = { '1': v('2025-01-06 09:00:00'), '2': v('2025-06-01 00:00:00'), '3': v('2027-01-01 00:00:00') };
  const asDraft = f.rule(1, { ...versions, '4': draft('2027-02-01 00:00:00', 1) });
  const published = f.rule(1, { ...versions, '4': v('2027-02-01 00:00:00') });
  it.each([
    ['2026-12-31', '2', '2'],
    ['2027-02-01', '3', '4'],
    [new Date('2027-02-10T12:00:00Z'), '3', '4'],
  ] as const)('at %s: version %s while 4 is a draft, %s once published', (date, whileDraft, once) => {
    expect(selectPricingRuleVersion(asDraft, date)?.key).toBe(whileDraft);
    expect(selectPricingRuleVersion(published, date)?.key).toBe(once);
  });
});

describe('publishRefusal: what cannot be published', () => {
  // Products 10 and 11 use rule 1; property 7's options 70 ($0) and 71 ($25.00).
  const products = [f.product(10, 1), f.product(11, 1, { title: 'Dimmer' })];
  const cat = f.catalogue({ products, productProperties: [f.property(7)], productOptions: [f.option(70, 7, 0), f.option(71, 7, 2500)], productPricingRules: [rule] });
  const check = (version: PricingRuleVersion, samples = [makeInstance({ productId: 10 }), makeInstance({ productId: 11 })]) =>
    publishRefusal({ catalogue: cat, ruleId: 1, versionKey: '2', version, samples });

  it('refuses a version with no expressions', () => {
    expect(check({ created: '2025-06-01', expressions: [], draft: true })).toMatchObject({ code: 'pricingVersionEmpty', message: expect.stringContaining('no expressions') });
  });

  it('refuses a version that prices every item tried of a product at $0, naming the product', () => {
    const zero = check({ created: '2025-06-01', expressions: [f.fixed(100), f.fixed(0, '*')], draft: true });
    expect(zero).toMatchObject({ code: 'pricingVersionPricesZero', productIds: [10, 11] });
    expect(zero!.message).toContain('Product 10 and Dimmer');
    expect(zero!.message).toContain('$0.00');
    // Only the dimmer's items price at 0 (its option 70 has no price): refused for the dimmer alone.
    const byOption = check({ created: '2025-06-01', expressions: [f.price(7)], draft: true }, [
      makeInstance({ productId: 10, properties: { '7': { optionId: 71 } } }),
      makeInstance({ productId: 10, properties: { '7': { optionId: 70 } } }),
      makeInstance({ productId: 11, properties: { '7': { optionId: 70 } } }),
    ]);
    expect(byOption).toMatchObject({ code: 'pricingVersionPricesZero', productIds: [11] });
  });

  it('prices the draft itself, whatever the dates: its own date or the versions around it do not matter', () => {
    // Dated far in the future and a draft: still tried as it is.
    expect(check({ created: '2099-01-01', expressions: [f.fixed(1)], draft: true })).toBeNull();
  });

  it('accepts a version that prices an item of each product, and one with nothing to try', () => {
    expect(check({ created: '2025-06-01', expressions: [f.fixed(4370)], draft: true })).toBeNull();
    expect(check({ created: '2025-06-01', expressions: [f.fixed(0)], draft: true }, [])).toBeNull();
  });
});
