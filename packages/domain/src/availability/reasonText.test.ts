import { describe, expect, it } from 'vitest';
import { makeProductRule } from '@cpq/test-utils';
import { reasonInWords, reasonsInWords } from './reasonText.ts';
import type { UnavailableReason } from './availability.ts';

const catalogue = { rules: [makeProductRule({ id: 12, fromIds: [23], toIds: [217], title: 'Brass plates' })] };
const withOption: UnavailableReason = {
  kind: 'rule',
  ruleId: 12,
  ruleType: 'incompatible',
  trigger: { propertyId: 7, propertyTitle: 'Finish', optionId: 23, optionTitle: 'Satin Brass' },
  message: 'Not available with Satin Brass (Finish): rule 12 (incompatible).',
};

describe('why an option is unavailable, in words', () => {
  it('names the property and option it clashes with, and the rule for employees', () => {
    expect(reasonInWords(withOption, catalogue, true)).toBe("Not with Finish: Satin Brass — rule 'Brass plates'");
    expect(reasonInWords(withOption, catalogue, false)).toBe('Not with Finish: Satin Brass');
  });
  it('names the product for product rules; falls back to the rule number without a title', () => {
    const product: UnavailableReason = { kind: 'rule', ruleId: 5, ruleType: 'incompatible', trigger: { productId: 120, productTitle: 'Decora 1-Gang' }, message: '…' };
    expect(reasonInWords(product, catalogue, true)).toBe('Not available for Decora 1-Gang — rule 5');
  });
  it("keeps the engine's sentence for other kinds, once each", () => {
    const dead: UnavailableReason = { kind: 'deadEnd', message: 'Would leave Plate Size with no options.' };
    expect(reasonsInWords([dead, dead], catalogue, false)).toEqual(['Would leave Plate Size with no options.']);
  });
});
