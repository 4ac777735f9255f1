import { describe, expect, it } from 'vitest';
import { STATE_BASE_RATES_2025, StateTaxTable, stateCode } from '../../src/adapters/tax/index.ts';

/** State base sales tax rates (2025, percent) by code or name, with per-organisation overrides. */
describe('StateTaxTable', () => {
  const table = new StateTaxTable();

  it.each([
    ['CA', 7.25],
    ['NY', 4],
    ['TX', 6.25],
    ['FL', 6],
    ['WA', 6.5],
    ['OR', 0],
    ['DE', 0],
    ['MT', 0],
    ['NH', 0],
    ['AK', 0],
    ['DC', 6],
    ['LA', 5],
    ['MN', 6.875],
  ])('%s: %s %%', async (state, rate) => {
    expect(await table.rateFor(1, state)).toBe(rate);
  });

  it('matches codes and full names in any case, with spaces around', async () => {
    expect(await table.rateFor(1, ' ca ')).toBe(7.25);
    expect(await table.rateFor(1, 'california')).toBe(7.25);
    expect(await table.rateFor(1, '  New York ')).toBe(4);
    expect(await table.rateFor(1, 'NEW  YORK')).toBe(4);
    expect(await table.rateFor(1, 'district of columbia')).toBe(6);
  });

  it('answers null for a state it does not know', async () => {
    for (const state of ['', 'ZZ', 'Ontario', 'PR', 'Calif.']) expect(await table.rateFor(1, state)).toBeNull();
  });

  it('has the 50 states and DC, and no sales tax only in AK, DE, MT, NH and OR', () => {
    expect(Object.keys(STATE_BASE_RATES_2025)).toHaveLength(51);
    expect(Object.entries(STATE_BASE_RATES_2025).filter(([, r]) => r === 0).map(([c]) => c).sort()).toEqual(['AK', 'DE', 'MT', 'NH', 'OR']);
    expect(stateCode('Wyoming')).toBe('WY');
  });

  it("an organisation's override, by code or name, applies to that organisation only", async () => {
    const withOverrides = new StateTaxTable({ 850: { CA: 9.5, 'new york': 8.875 }, 1053: { OR: 1 } });
    expect(await withOverrides.rateFor(850, 'CA')).toBe(9.5);
    expect(await withOverrides.rateFor(850, 'New York')).toBe(8.875);
    expect(await withOverrides.rateFor(850, 'TX')).toBe(6.25);
    expect(await withOverrides.rateFor(1053, 'oregon')).toBe(1);
    expect(await withOverrides.rateFor(1053, 'CA')).toBe(7.25);
    expect(await withOverrides.rateFor(1, 'CA')).toBe(7.25);
  });

  it('refuses an override for an unknown state or a rate that is not one', () => {
    expect(() => new StateTaxTable({ 850: { Narnia: 5 } })).toThrow(/Narnia/);
    expect(() => new StateTaxTable({ 850: { CA: -1 } })).toThrow(/CA/);
  });
});
