import type { Product } from '@cpq/domain';
import { describe, expect, it } from 'vitest';
import { leadTimeAlert } from './alerts.ts';

const product = {} as Product;

describe('lead-time alert', () => {
  it('is shown for matched mechanism finishes (property 7, options other than 22 and 23)', () => {
    expect(leadTimeAlert({ product, propertyId: 7, optionId: 24, orgSettings: { ordersContactEmail: 'quotes@lb.example' } })).toBe(
      'Please allow for 24 weeks of lead-time when selecting a matched mechanism finish.\n\nOrders contact: quotes@lb.example',
    );
  });
  it('falls back to the default address', () => {
    expect(leadTimeAlert({ product, propertyId: 7, optionId: 25, orgSettings: {} })).toBe(
      'Please allow for 24 weeks of lead-time when selecting a matched mechanism finish.\n\nOrders contact: orders@lumenandbrass.example',
    );
    expect(leadTimeAlert({ product, propertyId: 7, optionId: 25, orgSettings: { ordersContactEmail: '  ' } })).toContain('orders@lumenandbrass.example');
  });
  it('is not shown for standard finishes or other properties', () => {
    expect(leadTimeAlert({ product, propertyId: 7, optionId: 22, orgSettings: {} })).toBeNull();
    expect(leadTimeAlert({ product, propertyId: 7, optionId: 23, orgSettings: {} })).toBeNull();
    expect(leadTimeAlert({ product, propertyId: 8, optionId: 24, orgSettings: {} })).toBeNull();
  });
});
