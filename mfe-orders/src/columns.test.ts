import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, type OrdersListRules } from '@cpq/plugin-sdk';
import { badgeColumn, cellText, columnTitle, visibleColumns } from './columns.ts';
import { row, STATUSES } from './rows.test-utils.ts';

const ctx = { statuses: STATUSES, guest: false };
const wording = { order: 'quote', orders: 'quotes' };
/** Rules with a Basic and an Advanced view, like an organisation with employee tools. */
const rules: OrdersListRules = {
  basicColumns: ['orderNumber', 'title', 'status', 'total', 'owner'],
  advancedColumns: ['orderNumber', 'title', 'status', 'subtotal', 'total', 'commandNumber', 'commandTotal', 'trackingNumber', 'advanced:plateFinishes', 'owner'],
  guestHiddenColumns: ['owner', 'trackingNumber'],
  advancedData: [{ key: 'plateFinishes', title: 'Plate Finish', propertyId: 12 }],
  employeeTools: { statusCounts: true, shortcuts: [], advancedView: true, csvExport: true },
};

describe('columns per rules and role', () => {
  it('default organisations: the basic columns, owner hidden from guests', () => {
    const choice = { rules: DEFAULT_RULES.ordersList, view: 'basic' as const, pricingIsHidden: false };
    expect(visibleColumns({ ...choice, guest: false })).toEqual(DEFAULT_RULES.ordersList.basicColumns);
    expect(visibleColumns({ ...choice, guest: true })).toEqual(DEFAULT_RULES.ordersList.basicColumns.filter((c) => c !== 'owner'));
  });

  it('the Advanced view shows the advanced columns, the Basic view the basic ones', () => {
    expect(visibleColumns({ rules, view: 'basic', guest: false, pricingIsHidden: false })).toEqual(['orderNumber', 'title', 'status', 'total', 'owner']);
    expect(visibleColumns({ rules, view: 'advanced', guest: false, pricingIsHidden: false })).toEqual(rules.advancedColumns);
  });

  it('an organisation without advanced columns keeps its basic columns in any view', () => {
    expect(visibleColumns({ rules: DEFAULT_RULES.ordersList, view: 'advanced', guest: false, pricingIsHidden: false })).toEqual(DEFAULT_RULES.ordersList.basicColumns);
  });

  it('guests (and guest mode) lose the guest-hidden and advanced-data columns', () => {
    expect(visibleColumns({ rules, view: 'advanced', guest: true, pricingIsHidden: false })).toEqual(['orderNumber', 'title', 'status', 'subtotal', 'total', 'commandNumber', 'commandTotal']);
  });

  it('price columns are not rendered at all when pricing is hidden', () => {
    expect(visibleColumns({ rules, view: 'advanced', guest: false, pricingIsHidden: true })).toEqual(['orderNumber', 'title', 'status', 'commandNumber', 'trackingNumber', 'advanced:plateFinishes', 'owner']);
  });

  it('titles: the organisation word for the number, the fixed titles, advanced data titles', () => {
    expect(columnTitle('orderNumber', rules, wording)).toBe('Quote #');
    expect(columnTitle('accountClient', rules, wording)).toBe('Account / Client');
    expect(columnTitle('invoiceNumber', rules, wording)).toBe('Invoice #');
    expect(columnTitle('salesforceLink', rules, wording)).toBe('Salesforce Link');
    expect(columnTitle('advanced:plateFinishes', rules, wording)).toBe('Plate Finish');
  });
});

describe('cells', () => {
  it('render each column from the row', () => {
    const r = row();
    expect(cellText('orderNumber', r, ctx)).toBe('#12');
    expect(cellText('accountClient', r, ctx)).toBe('Whitcombe Interiors');
    expect(cellText('invoiceNumber', r, ctx)).toBe('PO-5521');
    expect(cellText('owner', r, ctx)).toBe('Eleanor Whitcombe');
    expect(cellText('items', r, ctx)).toBe('3');
    expect(cellText('subtotal', r, ctx)).toBe('$1,234.50');
    expect(cellText('shipping', r, ctx)).toBe('$25.00');
    expect(cellText('total', r, ctx)).toBe('$1,259.50');
    expect(cellText('deposit', r, ctx)).toBe('$629.75');
    expect(cellText('amountPaid', r, ctx)).toBe('$629.75');
    expect(cellText('commandNumber', r, ctx)).toBe('CMD-9');
    expect(cellText('commandTotal', r, ctx)).toBe('€999.00');
    expect(cellText('estimatedShippingDate', r, ctx)).toBe('4/15/2026');
    expect(cellText('status', r, ctx)).toBe('Submitted for Approval');
    expect(cellText('advanced:plateFinishes', r, ctx)).toBe('Satin Brass, Black');
    expect(cellText('advanced:engravingTypes', r, ctx)).toBe('');
  });

  it('shipping reads TBD until determined; no costs shows nothing', () => {
    expect(cellText('shipping', row({ costs: { ...row().costs!, shippingIsTbd: true } }), ctx)).toBe('TBD');
    expect(cellText('total', row({ costs: undefined }), ctx)).toBe('');
  });
});

describe('where the Accepted badge goes', () => {
  it('beside the status, else the title, else in the first column', () => {
    expect(badgeColumn(['orderNumber', 'title', 'status', 'total'])).toBe('status');
    expect(badgeColumn(['orderNumber', 'title', 'total'])).toBe('title');
    expect(badgeColumn(['orderNumber', 'total'])).toBe('orderNumber');
    expect(badgeColumn([])).toBeUndefined();
  });
});
