import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_VIEW, type OrdersListView } from './query.ts';
import { apiFilters, listBody } from './request.ts';

const asker = { orgId: 850, userId: 1, guestMode: false };

describe('the page request of a view', () => {
  it('sends every filter; the processing-payment one only when it filters', () => {
    expect(apiFilters(DEFAULT_LIST_VIEW)).toEqual({ orderOwner: 'all', archived: 'active', productCategoryId: 'all', statusKey: 'all' });
    const v: OrdersListView = { ...DEFAULT_LIST_VIEW, owner: 'mine', type: 'archived', category: 13, status: 'submittedForApproval', pp: true };
    expect(apiFilters(v)).toEqual({ orderOwner: 'mine', archived: 'archived', productCategoryId: 13, statusKey: 'submittedForApproval', isProcessingPayment: true });
  });

  it('sends the Quote filter only when it filters (the server lists everything without it)', () => {
    expect(apiFilters({ ...DEFAULT_LIST_VIEW, quote: 'accepted' })).toMatchObject({ quoteAcceptance: 'accepted' });
    expect(apiFilters({ ...DEFAULT_LIST_VIEW, quote: 'notAccepted' })).toMatchObject({ quoteAcceptance: 'notAccepted' });
    expect(apiFilters({ ...DEFAULT_LIST_VIEW, quote: 'all' })).not.toHaveProperty('quoteAcceptance');
  });

  it('asks for the rows of the page, basic data, as who asks', () => {
    expect(listBody(asker, { ...DEFAULT_LIST_VIEW, page: 3, size: 50 })).toEqual({
      orgId: 850,
      userId: 1,
      includeAdvancedOrderData: false,
      isGuestMode: false,
      resultConstraints: { from: 100, to: 150 },
      filters: { orderOwner: 'all', archived: 'active', productCategoryId: 'all', statusKey: 'all' },
    });
  });

  it('the Advanced view asks for advanced data; guest mode is passed on', () => {
    const body = listBody({ ...asker, guestMode: true }, { ...DEFAULT_LIST_VIEW, view: 'advanced' });
    expect(body.includeAdvancedOrderData).toBe(true);
    expect(body.isGuestMode).toBe(true);
  });

  it('sends the search trimmed, and no search term for a blank search', () => {
    expect(listBody(asker, { ...DEFAULT_LIST_VIEW, q: '  oak  ' }).searchTerm).toBe('oak');
    expect(listBody(asker, { ...DEFAULT_LIST_VIEW, q: '   ' })).not.toHaveProperty('searchTerm');
    expect(listBody(asker, DEFAULT_LIST_VIEW)).not.toHaveProperty('searchTerm');
  });
});
