import { describe, expect, it } from 'vitest';
import { currentUrl, parseDocumentsRoute, parseRevision } from './route.ts';

describe('the revision in the documents address', () => {
  it('?revision=N asks for revision N; without it the order as it is now', () => {
    expect(parseDocumentsRoute('/orders/2/documents', '?mode=quote&revision=3')).toMatchObject({ orgSpecificId: 2, mode: 'quote', revision: 3 });
    expect(parseDocumentsRoute('/orders/2/documents', '?mode=quote')!.revision).toBeNull();
  });

  it('takes whole numbers from 1 to 100000 only, as the server does; anything else is no revision', () => {
    expect(parseRevision('1')).toBe(1);
    expect(parseRevision('100000')).toBe(100000);
    for (const bad of [null, '', '0', '-1', '1.5', '2e3', 'abc', '100001']) expect(parseRevision(bad), String(bad)).toBeNull();
  });

  it('the current quote is the same page without the revision, its other options kept', () => {
    expect(currentUrl('http://portal.test/orders/2/documents?mode=invoice&revision=1&shareToken=abc')).toBe('/orders/2/documents?mode=invoice&shareToken=abc');
    expect(currentUrl('/orders/2/documents?revision=4')).toBe('/orders/2/documents');
  });
});
