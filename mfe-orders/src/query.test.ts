import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST_VIEW,
  hasListParams,
  listQuery,
  parseListQuery,
  settingsFromView,
  viewFromSettings,
  withFilters,
  withShortcut,
  type OrdersListView,
} from './query.ts';

const limits = { statusKeys: ['orderStarted', 'submittedForApproval', 'readyToPayDeposit'], advancedAllowed: true };
const base: OrdersListView = { ...DEFAULT_LIST_VIEW, type: 'archived', size: 50 };

describe('URL query <-> list view', () => {
  it('round-trips every field', () => {
    const v: OrdersListView = { owner: 'mine', type: 'archived', status: 'submittedForApproval', category: 5, q: 'brass & co', page: 2, size: 50, view: 'advanced', pp: true, quote: 'accepted' };
    expect(parseListQuery(listQuery(v), base, limits)).toEqual(v);
    expect(parseListQuery(listQuery({ ...v, quote: 'notAccepted' }), base, limits)).toEqual({ ...v, quote: 'notAccepted' });
  });

  it('writes the example query of the brief', () => {
    const v: OrdersListView = { owner: 'mine', type: 'archived', status: 'submittedForApproval', category: 5, q: 'brass', page: 2, size: 50, view: 'advanced', pp: true, quote: 'all' };
    expect(listQuery(v)).toBe('?owner=mine&type=archived&status=submittedForApproval&category=5&q=brass&page=2&size=50&view=advanced&pp=1');
  });

  it('writes the Quote filter only when it filters', () => {
    expect(listQuery({ ...DEFAULT_LIST_VIEW, quote: 'accepted' })).toBe('?owner=all&type=active&status=all&category=all&size=100&view=basic&quote=accepted');
    expect(listQuery({ ...DEFAULT_LIST_VIEW, quote: 'notAccepted' })).toContain('&quote=notAccepted');
    expect(listQuery({ ...DEFAULT_LIST_VIEW, quote: 'all' })).not.toContain('quote');
  });

  it('a link naming only the Quote filter shows it over the defaults', () => {
    expect(parseListQuery('?quote=accepted', base, limits)).toEqual({ ...DEFAULT_LIST_VIEW, quote: 'accepted' });
    expect(parseListQuery('?quote=signed', base, limits).quote).toBe('all');
  });

  it('leaves out search, page 1 and the processing-payment filter when they do not filter', () => {
    expect(listQuery(DEFAULT_LIST_VIEW)).toBe('?owner=all&type=active&status=all&category=all&size=100&view=basic');
  });

  it('a query naming no list parameter gives the saved settings', () => {
    expect(hasListParams('')).toBe(false);
    expect(hasListParams('?utm=x')).toBe(false);
    expect(parseListQuery('?utm=x', base, limits)).toBe(base);
  });

  it('a query naming any parameter stands alone: missing ones are the defaults, not the settings', () => {
    expect(parseListQuery('?q=oak', base, limits)).toEqual({ ...DEFAULT_LIST_VIEW, q: 'oak' });
  });

  it('ignores bad values (each falls back to the default)', () => {
    const v = parseListQuery('?owner=them&type=deleted&status=nope&category=-3&page=0&size=75&view=fancy&pp=yes&quote=maybe', base, limits);
    expect(v).toEqual(DEFAULT_LIST_VIEW);
    expect(parseListQuery('?category=abc&page=1.5', base, limits)).toEqual(DEFAULT_LIST_VIEW);
    expect(parseListQuery('?page=99999999999', base, limits).page).toBe(1);
  });

  it('a status the role may not see is ignored', () => {
    expect(parseListQuery('?status=afterSaleService', base, limits).status).toBe('all');
    expect(parseListQuery('?status=readyToPayDeposit', base, limits).status).toBe('readyToPayDeposit');
  });

  it('the Advanced view falls back to Basic where it is not offered', () => {
    expect(parseListQuery('?view=advanced', base, { ...limits, advancedAllowed: false }).view).toBe('basic');
  });

  it('cuts a search longer than the server accepts', () => {
    expect(parseListQuery(`?q=${'x'.repeat(250)}`, base, limits).q).toHaveLength(200);
  });
});

describe('saved settings', () => {
  it('give the starting filters', () => {
    const v = viewFromSettings(
      { orderOwnerFilterValue: 'mine', archivedFilterValue: 'all', statusFilterValue: 'orderStarted', pageRowsFilterValue: 150, productCategoryFilterValue: 13, detailLevelFilterValue: 'advanced', quoteAcceptanceFilterValue: 'notAccepted' },
      limits,
    );
    expect(v).toEqual({ ...DEFAULT_LIST_VIEW, owner: 'mine', type: 'all', status: 'orderStarted', size: 150, category: 13, view: 'advanced', quote: 'notAccepted' });
  });

  it('default to owner all, type Active, status All, category all, quote All, 100 a page, basic', () => {
    expect(viewFromSettings(undefined, limits)).toEqual({ owner: 'all', type: 'active', status: 'all', category: 'all', q: '', page: 1, size: 100, view: 'basic', pp: false, quote: 'all' });
  });

  it('drop values no longer valid (a removed status, Advanced no longer offered)', () => {
    const v = viewFromSettings({ statusFilterValue: 'gone', detailLevelFilterValue: 'advanced' }, { ...limits, advancedAllowed: false });
    expect(v.status).toBe('all');
    expect(v.view).toBe('basic');
  });

  it('are the view without search, page and processing-payment filter', () => {
    const s = settingsFromView({ owner: 'mine', type: 'archived', status: 'orderStarted', category: 3, q: 'x', page: 4, size: 250, view: 'basic', pp: true, quote: 'accepted' });
    expect(s).toEqual({
      orderOwnerFilterValue: 'mine',
      archivedFilterValue: 'archived',
      statusFilterValue: 'orderStarted',
      pageRowsFilterValue: 250,
      productCategoryFilterValue: 3,
      detailLevelFilterValue: 'basic',
      quoteAcceptanceFilterValue: 'accepted',
    });
  });

  it('a stored Quote value no longer valid falls back to All', () => {
    expect(viewFromSettings({ quoteAcceptanceFilterValue: 'signed' as never }, limits).quote).toBe('all');
  });
});

describe('filter changes and shortcuts', () => {
  it('any filter change goes back to page 1', () => {
    expect(withFilters({ ...DEFAULT_LIST_VIEW, page: 3 }, { type: 'archived' }).page).toBe(1);
    expect(withFilters({ ...DEFAULT_LIST_VIEW, page: 3 }, { size: 50 }).page).toBe(1);
    expect(withFilters({ ...DEFAULT_LIST_VIEW, page: 3 }, { q: 'oak' }).page).toBe(1);
  });

  it('a status shortcut sets owner all, type active, category all, quote All and the status (the list then holds what was counted)', () => {
    const from: OrdersListView = { ...DEFAULT_LIST_VIEW, owner: 'mine', type: 'archived', category: 4, page: 2, pp: true, q: 'keep', quote: 'accepted' };
    expect(withShortcut(from, { statusKey: 'submittedForApproval' })).toEqual({ ...from, owner: 'all', type: 'active', category: 'all', status: 'submittedForApproval', pp: false, page: 1, quote: 'all' });
  });

  it('PP sets status All and the processing-payment filter', () => {
    const from: OrdersListView = { ...DEFAULT_LIST_VIEW, status: 'orderStarted', type: 'all' };
    expect(withShortcut(from, { processingPayment: true })).toMatchObject({ status: 'all', pp: true, type: 'active', owner: 'all', category: 'all' });
  });
});
