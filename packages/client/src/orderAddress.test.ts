import { describe, expect, it } from 'vitest';
import { parseOrderAddress } from './orderAddress.ts';

describe('parseOrderAddress', () => {
  it('reads the order number of the tab asked for, with its share parameters', () => {
    const a = parseOrderAddress('/orders/12/documents/', '?shareToken=t&shareableOrderId=s&mode=invoice', 'documents');
    expect(a && { ...a, query: a.query.get('mode') }).toEqual({ orgSpecificId: 12, shareToken: 't', shareableOrderId: 's', query: 'invoice' });
    expect(parseOrderAddress('/orders/12', '', 'edit')?.orgSpecificId).toBe(12);
  });
  it('names no order for another tab, a bad number or another path', () => {
    expect(parseOrderAddress('/orders/12/drawings', '', 'documents')).toBeNull();
    expect(parseOrderAddress('/orders/12/documents', '', 'edit')).toBeNull();
    expect(parseOrderAddress('/orders/0', '', 'edit')).toBeNull();
    expect(parseOrderAddress('/orders/99999999999999999999', '', 'edit')).toBeNull();
    expect(parseOrderAddress('/orders/abc/drawings', '', 'drawings')).toBeNull();
  });
});
