import { describe, expect, it } from 'vitest';
import { backHref, isPrintPage, matchRoute, orderTabHref } from './routes.ts';

describe('matchRoute', () => {
  it.each([
    ['/', { kind: 'home' }],
    ['/orders', { kind: 'orders' }],
    ['/orders/', { kind: 'orders' }],
    ['/orders/12', { kind: 'order', orderId: '12', tab: 'edit' }],
    ['/orders/12/documents', { kind: 'order', orderId: '12', tab: 'documents' }],
    ['/orders/12/documents/invoice', { kind: 'order', orderId: '12', tab: 'documents' }],
    ['/orders/12/drawings', { kind: 'order', orderId: '12', tab: 'drawings' }],
    ['/orders/12/quote', { kind: 'redirect', to: '/orders/12/documents' }],
    ['/admin', { kind: 'redirect', to: '/admin/products' }],
    ['/admin/', { kind: 'redirect', to: '/admin/products' }],
    ['/admin/products/4', { kind: 'admin' }],
    ['/invitation', { kind: 'invitation' }],
    ['/invitation/', { kind: 'invitation' }],
    ['/404/order', { kind: 'notFound', type: 'order' }],
    ['/orders/12/other', { kind: 'notFound', type: 'page' }],
    ['/whatever', { kind: 'notFound', type: 'page' }],
  ])('%s', (path, route) => {
    expect(matchRoute(path)).toEqual(route);
  });
});

describe('header links', () => {
  it('back link: order -> list, documents/drawings -> order, none elsewhere', () => {
    expect(backHref(matchRoute('/orders/7'))).toBe('/orders');
    expect(backHref(matchRoute('/orders/7/documents'))).toBe('/orders/7');
    expect(backHref(matchRoute('/orders/7/drawings'))).toBe('/orders/7');
    expect(backHref(matchRoute('/'))).toBeNull();
    expect(backHref(matchRoute('/orders'))).toBeNull();
  });

  it('order tabs', () => {
    expect(orderTabHref('7', 'edit')).toBe('/orders/7');
    expect(orderTabHref('7', 'documents')).toBe('/orders/7/documents');
    expect(orderTabHref('7', 'drawings')).toBe('/orders/7/drawings');
  });
});

describe('isPrintPage', () => {
  it('is an order’s documents or drawings with print=1 (or true), nothing else', () => {
    expect(isPrintPage(matchRoute('/orders/12/documents'), '?print=1&mode=quote')).toBe(true);
    expect(isPrintPage(matchRoute('/orders/12/drawings'), '?print=true')).toBe(true);
    expect(isPrintPage(matchRoute('/orders/12/documents'), '')).toBe(false);
    expect(isPrintPage(matchRoute('/orders/12/documents'), '?print=0')).toBe(false);
    expect(isPrintPage(matchRoute('/orders/12'), '?print=1')).toBe(false);
    expect(isPrintPage(matchRoute('/orders'), '?print=1')).toBe(false);
  });
});
