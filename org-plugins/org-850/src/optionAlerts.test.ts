import { describe, expect, it } from 'vitest';
import { engineHooks, resolveRules } from '@cpq/plugin-sdk';
import plugin from './index.ts';
import { leadTimeAlert } from './optionAlerts.ts';

const product = { id: 98, productCategoryId: 1 };
const LEAD = 'Please allow for 24 weeks of lead-time when selecting a matched mechanism finish.';

describe('850 lead-time alert', () => {
  it('is shown for matched mechanism finishes (property 7, options other than 22 and 23), with the orders contact address', () => {
    expect(leadTimeAlert({ product, propertyId: 7, optionId: 24, orgSettings: { ordersContactEmail: 'quotes@lb.example' } })).toBe(`${LEAD}\n\nOrders contact: quotes@lb.example`);
  });
  it('falls back to the default address when the organisation names none', () => {
    expect(leadTimeAlert({ product, propertyId: 7, optionId: 25, orgSettings: {} })).toBe(`${LEAD}\n\nOrders contact: orders@lumenandbrass.example`);
    expect(leadTimeAlert({ product, propertyId: 7, optionId: 25, orgSettings: { ordersContactEmail: '  ' } })).toContain('orders@lumenandbrass.example');
  });
  it('is not shown for standard finishes or other properties', () => {
    expect(leadTimeAlert({ product, propertyId: 7, optionId: 22, orgSettings: {} })).toBeNull();
    expect(leadTimeAlert({ product, propertyId: 7, optionId: 23, orgSettings: {} })).toBeNull();
    expect(leadTimeAlert({ product, propertyId: 8, optionId: 24, orgSettings: {} })).toBeNull();
  });
  it('is wired into the plugin rules; an organisation without a plugin has no alerts', () => {
    expect(resolveRules(plugin).validation.optionAlerts).toEqual([leadTimeAlert]);
    expect(resolveRules(null).validation.optionAlerts).toEqual([]);
    // The engine's hooks stay as they were: alerts are read by the order page, not the engine.
    expect(Object.keys(engineHooks(resolveRules(plugin)))).toEqual(['optionFilters', 'instanceValidators', 'costs']);
  });
});
