import { vi } from 'vitest';
import { createStore } from 'jotai';
import { activeRulesAtom, sessionAtom } from '@cpq/client';
import type { OrdersDataResponse, OrdersListRow, OrgMembership, SessionData } from '@cpq/domain';
import { DEFAULT_RULES, type PluginRules } from '@cpq/plugin-sdk';
import { row, STATUSES } from './rows.test-utils.ts';

/** Rules of an organisation that says quotes and gives employees every tool. */
export const RULES: PluginRules = {
  ...DEFAULT_RULES,
  wording: { order: 'quote', orders: 'quotes' },
  ordersList: {
    basicColumns: ['orderNumber', 'title', 'status', 'total', 'owner'],
    advancedColumns: ['orderNumber', 'title', 'status', 'total', 'commandNumber', 'advanced:plateFinishes', 'owner'],
    guestHiddenColumns: ['owner'],
    advancedData: [{ key: 'plateFinishes', title: 'Plate Finish', propertyId: 12 }],
    employeeTools: {
      statusCounts: true,
      shortcuts: [
        { label: 'SUB', statusKey: 'submittedForApproval' },
        { label: 'PP', processingPayment: true },
      ],
      advancedView: true,
      csvExport: true,
    },
  },
};

export function org(role: string, prevRole: string | null = null): OrgMembership {
  return {
    id: 850,
    title: 'Lumen & Brass',
    role,
    prevRole,
    appData: { designEngine: { productOrderStatuses: STATUSES } },
  } as OrgMembership;
}

export function session(over: { role?: string; prevRole?: string | null; user?: Partial<SessionData['user']> } = {}): SessionData {
  return {
    user: { id: 1, email: 'owner-850@demo.test', name: 'Eleanor Whitcombe', firstName: 'Eleanor', lastName: 'Whitcombe', ...over.user },
    organisations: [org(over.role ?? 'owner', over.prevRole ?? null)],
    engineVersion: 'test',
  };
}

export function storeWith(s: SessionData, rules: PluginRules = RULES) {
  const store = createStore();
  store.set(sessionAtom, s);
  store.set(activeRulesAtom, rules);
  return store;
}

export function page(rows: OrdersListRow[], over: Partial<OrdersDataResponse> = {}): OrdersDataResponse {
  return { productOrders: rows, products: [], productCategories: [{ id: 1, title: 'Keypads' }, { id: 13, title: 'Decora Cover Plates' }], productOptions: [], pricingIsHidden: false, ...over };
}

export function rows(n: number): OrdersListRow[] {
  return Array.from({ length: n }, (_, i) => row({ id: i + 1, orgSpecificId: 100 - i, title: `Order ${i + 1}` }));
}

/** jsdom has no scrolling, object URLs or dialogs: stand-ins the tests can watch. */
export function stubBrowser() {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
  window.alert = vi.fn();
  window.confirm = vi.fn(() => true);
}
