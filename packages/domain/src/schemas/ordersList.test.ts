import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { OrdersFilters, OrdersPageSettings, QuoteAcceptanceFilter } from './ordersList.ts';

const valid = (schema: object, value: unknown) => new Ajv({ strict: false }).compile(schema)(value);

describe('the Quote filter (accepted quotes)', () => {
  it('takes All, Accepted and Not accepted, and nothing else', () => {
    for (const v of ['all', 'accepted', 'notAccepted']) expect(valid(QuoteAcceptanceFilter, v), v).toBe(true);
    for (const v of ['yes', true, '', 'not-accepted']) expect(valid(QuoteAcceptanceFilter, v), String(v)).toBe(false);
  });

  it('is one of the list filters, and optional there like the others', () => {
    expect(valid(OrdersFilters, { quoteAcceptance: 'accepted', statusKey: 'all' })).toBe(true);
    expect(valid(OrdersFilters, {})).toBe(true);
    expect(valid(OrdersFilters, { quoteAcceptance: 'signed' })).toBe(false);
  });

  it('is saved with the orders-page settings', () => {
    expect(valid(OrdersPageSettings, { quoteAcceptanceFilterValue: 'notAccepted', statusFilterValue: 'shipped' })).toBe(true);
    expect(valid(OrdersPageSettings, { quoteAcceptanceFilterValue: 'maybe' })).toBe(false);
  });
});
