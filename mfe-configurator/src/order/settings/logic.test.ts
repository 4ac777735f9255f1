import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, type PluginRules } from '@cpq/plugin-sdk';
import { addressToSave, addressValue, dollarsToCents, kebabCase, orderCsv, orderExportFileName, parsePercent, settingsView, showsShippingField } from './logic.ts';

/** Rules as organisation 850's plugin sets them (advanced pricing for employees, shipping information employee-only). */
const rules850: Pick<PluginRules, 'orderSettings'> = { orderSettings: { advancedPricingFields: true, employeeOnlyFields: ['trackingNumber', 'estimatedShippingDate'] } };

describe('the order export file name', () => {
  it('is the title in kebab-case, "-export-" and the UTC date and time as YYYY-MM-DD HH:mm:ss, ".csv"', () => {
    // 14:05:09 UTC on 5 May 2025, given with a +02:00 offset: the name must show UTC.
    expect(orderExportFileName('Harbour View Residence', new Date('2025-05-05T16:05:09+02:00'))).toBe('harbour-view-residence-export-2025-05-05 14:05:09.csv');
  });
  it('drops accents and symbols, keeps digits, never leaves the title part empty', () => {
    expect(kebabCase('Kitchen Fronts — Berg')).toBe('kitchen-fronts-berg');
    expect(kebabCase('Café  Unit 101!')).toBe('cafe-unit-101');
    expect(kebabCase('***')).toBe('order');
  });
});

describe('who sees what in the order settings', () => {
  const owner = { role: 'owner', prevRole: null };
  const member = { role: 'member', prevRole: null };
  const guest = { role: 'guest', prevRole: null };
  const guestMode = { role: 'guest', prevRole: 'owner' };

  it('gives 850 owners and members the advanced pricing fields, not guests nor guest mode, and never with hidden prices', () => {
    expect(settingsView(owner, rules850, false).showAdvancedPricing).toBe(true);
    expect(settingsView(member, rules850, false).showAdvancedPricing).toBe(true);
    expect(settingsView(guest, rules850, false).showAdvancedPricing).toBe(false);
    expect(settingsView(guestMode, rules850, false).showAdvancedPricing).toBe(false);
    expect(settingsView(owner, rules850, true).showAdvancedPricing).toBe(false);
  });
  it('keeps the advanced pricing fields off for organisations whose rules do not turn them on', () => {
    expect(settingsView(owner, DEFAULT_RULES, false).showAdvancedPricing).toBe(false);
    expect(settingsView(owner, DEFAULT_RULES, false).showTaxToggle).toBe(true);
  });
  it('lets guests change only the fields a guest may write, and only employees pick the owner', () => {
    const g = settingsView(guest, DEFAULT_RULES, false);
    expect(g.writable.has('phone')).toBe(true);
    expect(g.writable.has('deliveryAddress')).toBe(true);
    expect(g.writable.has('trackingNumber')).toBe(false);
    expect(g.writable.has('disableSalesTax')).toBe(false);
    expect(g.showOwner).toBe(false);
    expect(settingsView(member, DEFAULT_RULES, false).showOwner).toBe(true);
  });
  it('shows tracking number and estimated shipping date to everyone by default, to 850 employees only', () => {
    const gDefault = settingsView(guest, DEFAULT_RULES, false);
    expect(showsShippingField(gDefault, DEFAULT_RULES, 'trackingNumber')).toBe(true);
    const g850 = settingsView(guest, rules850, false);
    expect(showsShippingField(g850, rules850, 'trackingNumber')).toBe(false);
    expect(showsShippingField(g850, rules850, 'estimatedShippingDate')).toBe(false);
    expect(showsShippingField(settingsView(member, rules850, false), rules850, 'trackingNumber')).toBe(true);
  });
});

describe('typed values', () => {
  it('reads dollars as whole cents and refuses what is not an amount', () => {
    expect(dollarsToCents('$1,250.5')).toBe(125050);
    expect(dollarsToCents('80')).toBe(8000);
    expect(dollarsToCents('  ')).toBeNull();
    expect(dollarsToCents('12.345')).toBeNaN();
    expect(dollarsToCents('ten')).toBeNaN();
  });
  it('reads percentages between 0 and 100', () => {
    expect(parsePercent('7.25')).toBe(7.25);
    expect(parsePercent('')).toBeNull();
    expect(parsePercent('120')).toBeNaN();
  });
  it('gives addresses the default country US', () => {
    expect(addressValue(null).country).toBe('US');
    expect(addressToSave({ streetAddress: ' 1 Quay St ', streetAddress2: '', city: 'Portland', state: 'ME', zip: '04101', country: ' ' })).toEqual({ streetAddress: '1 Quay St', streetAddress2: '', city: 'Portland', state: 'ME', zip: '04101', country: 'US' });
  });
});

describe('the order CSV', () => {
  const catalogue = {
    products: [{ id: 98, title: 'Crestnet Keypad' }],
    productProperties: [
      { id: 8, title: 'Plate Size' },
      { id: 7, title: 'Mechanism Finish' },
      { id: 27, title: 'Engravings' },
    ],
    productOptions: [
      { id: 201, title: '2 Gang' },
      { id: 23, title: 'Satin Brass' },
    ],
  };
  const items = [
    { rank: 2, title: 'Kitchen', productId: 98, quantity: 2, properties: { '7': { optionId: 23 } }, unitPriceInCents: 12345, totalPriceInCents: 24690 },
    { rank: 1, title: 'Entry, main', productId: 98, quantity: 1, properties: { '7': { optionId: 23 }, '8': { optionId: 201 }, '27': { text: ['LIGHTS', 'SHADES'] } }, unitPriceInCents: 100000, totalPriceInCents: 100000 },
  ];
  it('has a row per item in rank order with options by title and prices', () => {
    expect(orderCsv(items, catalogue, false)).toBe(
      [
        'Rank,Title,Product,Quantity,Options,Unit Price,Total Price',
        '1,"Entry, main",Crestnet Keypad,1,Plate Size: 2 Gang; Mechanism Finish: Satin Brass; Engravings: LIGHTS / SHADES,"$1,000.00","$1,000.00"',
        '2,Kitchen,Crestnet Keypad,2,Mechanism Finish: Satin Brass,$123.45,$246.90',
        '',
      ].join('\n'),
    );
  });
  it('has no price columns when prices are hidden', () => {
    expect(orderCsv(items, catalogue, true).split('\n')[0]).toBe('Rank,Title,Product,Quantity,Options');
    expect(orderCsv(items, catalogue, true)).not.toContain('$');
  });
  it('writes a title or typed value that looks like a formula as text, and keeps negative amounts as numbers', () => {
    const typed = [
      { rank: 1, title: '=HYPERLINK("https://evil.test","Open")', productId: 98, quantity: 1, properties: { '27': { text: ['@SUM(A1)'] } }, unitPriceInCents: -300, totalPriceInCents: -300 },
      { rank: 2, title: '-2+3+cmd', productId: -1, quantity: 1, unitPriceInCents: 0, totalPriceInCents: 0 },
      { rank: 3, title: '+1', productId: 98, quantity: 1 },
      { rank: 4, title: '\t=1', productId: 98, quantity: 1 },
      { rank: 5, title: '\r=1', productId: 98, quantity: 1 },
    ];
    const lines = orderCsv(typed, catalogue, false).split('\n');
    expect(lines.slice(1, 6)).toEqual([
      `1,"'=HYPERLINK(""https://evil.test"",""Open"")",Crestnet Keypad,1,Engravings: @SUM(A1),-$3.00,-$3.00`,
      `2,'-2+3+cmd,Custom product,1,,$0.00,$0.00`,
      `3,'+1,Crestnet Keypad,1,,,`,
      `4,'\t=1,Crestnet Keypad,1,,,`,
      `5,"'\r=1",Crestnet Keypad,1,,,`,
    ]);
  });
});
