import { describe, expect, it } from 'vitest';
import { CatalogueIndex } from '../engine/catalogue.ts';
import { makePricingRule, makeSnapshot } from '@cpq/test-utils';
import { nextPricingChange } from './schedule.ts';

const version = (created: string) => ({ created, expressions: [] });
/** Rule 1 as in docs/pricing.md (2025-01-06 09:00, 2025-06-01, 2027-01-01) and a rule 2 with a version on 2026-03-15 (date only). */
const catalogue = new CatalogueIndex(
  makeSnapshot({
    productPricingRules: [
      makePricingRule({ id: 1, orgId: 1, versions: { '1': version('2025-01-06 09:00:00'), '2': version('2025-06-01 00:00:00'), '3': version('2027-01-01 00:00:00') } }),
      makePricingRule({ id: 2, orgId: 1, versions: { '1': version('2026-03-15') } }),
    ],
  }),
);

describe('nextPricingChange: when the next version of any rule takes effect', () => {
  it('is the first version start strictly after the moment', () => {
    expect(nextPricingChange(catalogue, '2025-03-01 12:00:00')).toBe('2025-06-01 00:00:00');
    // A version created at exactly that second already applies: the next one is later.
    expect(nextPricingChange(catalogue, '2025-06-01 00:00:00')).toBe('2026-03-15 00:00:00');
    expect(nextPricingChange(catalogue, new Date('2026-11-23T10:00:00Z'))).toBe('2027-01-01 00:00:00');
    // Before every version, the earliest start is next.
    expect(nextPricingChange(catalogue, '2024-01-01 00:00:00')).toBe('2025-01-06 09:00:00');
  });

  it('reads a date-only moment as the end of that day', () => {
    expect(nextPricingChange(catalogue, '2025-05-31')).toBe('2025-06-01 00:00:00');
    expect(nextPricingChange(catalogue, '2025-06-01')).toBe('2026-03-15 00:00:00');
  });

  it('is null after the last version, for an unreadable moment, and for a catalogue without rules', () => {
    expect(nextPricingChange(catalogue, '2027-01-01 00:00:00')).toBeNull();
    expect(nextPricingChange(catalogue, 'soon')).toBeNull();
    expect(nextPricingChange(new CatalogueIndex(makeSnapshot({})), '2025-01-01')).toBeNull();
  });
});
