import { describe, expect, it } from 'vitest';
import { parseDrawingsRoute, withSettings, type DrawingsSettings } from './route.ts';

const defaults: DrawingsSettings = { setMode: 'multiple', units: 'mm', showDimensions: true };

describe('drawings route', () => {
  it('reads the order number, share access and settings', () => {
    expect(parseDrawingsRoute('/orders/12/drawings', '?setMode=individual&units=in&showDimensions=false&shareToken=abc&shareableOrderId=9', defaults)).toEqual({
      orgSpecificId: 12,
      shareToken: 'abc',
      shareableOrderId: '9',
      print: false,
      settings: { setMode: 'individual', units: 'in', showDimensions: false },
    });
  });

  it('takes the defaults for absent or unreadable settings, and print=1 as the printed page', () => {
    expect(parseDrawingsRoute('/orders/3/drawings/', '?setMode=all&units=cm&print=1', defaults)).toEqual({ orgSpecificId: 3, print: true, settings: defaults });
  });

  it('names no order for other paths', () => {
    expect(parseDrawingsRoute('/orders/0/drawings', '', defaults)).toBeNull();
    expect(parseDrawingsRoute('/orders/12', '', defaults)).toBeNull();
  });

  it('writes the settings into the query and keeps the rest', () => {
    expect(withSettings('?shareToken=abc&units=mm', { setMode: 'individual', units: 'in', showDimensions: false })).toBe('?shareToken=abc&units=in&setMode=individual&showDimensions=false');
  });
});
