import { describe, expect, it } from 'vitest';
import { adminRoute, adminTitle } from './routes.ts';

describe('adminRoute', () => {
  it.each([
    ['/admin/products', { kind: 'list', section: 'products' }],
    ['/admin/products/', { kind: 'list', section: 'products' }],
    ['/admin/products/12', { kind: 'detail', section: 'products', id: 12 }],
    ['/admin/product-pricing-rules/3', { kind: 'detail', section: 'product-pricing-rules', id: 3 }],
    ['/admin/guests', { kind: 'list', section: 'guests' }],
    ['/admin/integrations', { kind: 'list', section: 'integrations' }],
    ['/admin/background-tasks', { kind: 'list', section: 'background-tasks' }],
    ['/admin/quotes', { kind: 'list', section: 'quotes' }],
    ['/admin/product-graphics/7', { kind: 'detail', section: 'product-graphics', id: 7 }],
  ])('%s', (path, route) => expect(adminRoute(path)).toEqual(route));

  it.each(['/admin/unknown', '/admin/products/abc', '/admin/products/0', '/admin/products/1/2', '/admin/guests/4', '/admin/background-tasks/1', '/admin/product-graphics', '/admin/media/01', '/admin/quotes/1'])(
    '%s is not an admin screen',
    (path) => expect(adminRoute(path)).toEqual({ kind: 'notFound' }),
  );
});

describe('adminTitle', () => {
  it.each([
    ['/admin/products', ['Products', 'Admin']],
    ['/admin/user-groups', ['User groups', 'Admin']],
    ['/admin/integrations', ['Integrations', 'Admin']],
    ['/admin/background-tasks', ['Background tasks', 'Admin']],
    ['/admin/quotes', ['Quotes', 'Admin']],
    ['/admin/products/12', ['Product 12', 'Admin']],
    ['/admin/product-pricing-rules/3', ['Pricing rule 3', 'Admin']],
    ['/admin/product-graphics/7', ['Product graphic 7', 'Admin']],
    ['/admin/unknown', ['Page not found', 'Admin']],
  ])('%s is titled %j', (path, parts) => expect(adminTitle(adminRoute(path))).toEqual(parts));
});
