import { describe, expect, it } from 'vitest';
import { formatDate, orderHeading, orderTypeLabel, parseOrderRoute, titleById } from './logic.ts';

describe('parseOrderRoute', () => {
  it('reads the order number from the path', () => {
    expect(parseOrderRoute('/orders/12')).toEqual({ orgSpecificId: 12 });
    expect(parseOrderRoute('/orders/12/')).toEqual({ orgSpecificId: 12 });
  });
  it('passes share parameters through', () => {
    expect(parseOrderRoute('/orders/3', '?shareToken=abc&shareableOrderId=99')).toEqual({
      orgSpecificId: 3,
      shareToken: 'abc',
      shareableOrderId: '99',
    });
  });
  it('refuses paths that name no order', () => {
    for (const p of ['/orders', '/orders/', '/orders/abc', '/orders/0', '/orders/12/documents', '/', '/orders/1.5']) {
      expect(parseOrderRoute(p)).toBeNull();
    }
  });
});

describe('orderHeading', () => {
  it('uses the organisation wording', () => {
    expect(orderHeading('quote', 12)).toBe('Quote #12');
    expect(orderHeading('project', 3)).toBe('Project #3');
    expect(orderHeading('order', 7)).toBe('Order #7');
  });
});

describe('formatDate', () => {
  it('shows M/D/YYYY', () => {
    expect(formatDate('2024-03-05')).toBe('3/5/2024');
    expect(formatDate('2024-11-22 12:30:00')).toBe('11/22/2024');
    expect(formatDate('2024-01-09T12:00:00')).toBe('1/9/2024');
  });
  it('keeps what it cannot read', () => {
    expect(formatDate('yesterday')).toBe('yesterday');
    expect(formatDate(null)).toBe('');
  });
});

describe('orderTypeLabel', () => {
  it('names the type', () => {
    expect(orderTypeLabel('standalone', 0)).toBe('Standalone');
    expect(orderTypeLabel('standalone', 1)).toBe('Standalone, stocked items');
    expect(orderTypeLabel('arch', 0)).toBe('Architectural');
  });
});

describe('titleById', () => {
  it('finds a title in a returned list, tolerating missing lists', () => {
    expect(titleById([{ id: 1, title: 'Keypads' }], 1)).toBe('Keypads');
    expect(titleById([{ id: 1, title: 'Keypads' }], 2)).toBeNull();
    expect(titleById(undefined, 1)).toBeNull();
    expect(titleById([{ id: 1, title: 'Keypads' }], null)).toBeNull();
  });
});
