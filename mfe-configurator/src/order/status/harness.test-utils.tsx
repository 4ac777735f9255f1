/** The status views on a page of their own, for component tests: the order held in state as the editor holds it. */
import { useState } from 'react';
import { vi } from 'vitest';
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import type { OrderStatusResponse, OrgMembership, PaymentMethod, ProductOrderStatus } from '@cpq/domain';
import { DEFAULT_RULES, type PluginRules } from '@cpq/plugin-sdk';
import { useConfirm } from '../editor/useConfirm.tsx';
import { order as baseOrder, storeFor } from '../editor/fixtures.test-utils.ts';
import type { Order } from '../editor/writes.ts';
import { StatusActions } from './StatusActions.tsx';
import { StatusHeader } from './StatusHeader.tsx';
import { StatusHistory } from './StatusHistory.tsx';
import { StatusPanels } from './StatusPanels.tsx';
import { useOrderStatus, type NoticeKind } from './useOrderStatus.ts';

// The machine is shared with other jobs: give asynchronous answers time to arrive.
configure({ asyncUtilTimeout: 4000 });

const st = (key: string, type: ProductOrderStatus['type'], title: string, extra: Partial<ProductOrderStatus> = {}): ProductOrderStatus => ({
  key,
  type,
  title,
  description: `${title} description`,
  isMilestone: true,
  isVisibleToGuest: 1,
  ...extra,
});

/** Organisation 850's steps (deposit, then final payment), plus an after-sale step hidden from guests. */
export const STATUSES: ProductOrderStatus[] = [
  st('orderStarted', 'orderStarted', 'Order Started', { stockedOrderTitle: 'Cart', stockedOrderDescription: 'Add stocked items and continue to payment.' }),
  st('submittedForApproval', 'submittedForApproval', 'Submitted for Approval'),
  st('readyToPayDeposit', 'payment', 'Deposit Due'),
  st('depositReceived', 'static', 'Deposit Received', { isMilestone: false }),
  st('inProduction', 'inProduction', 'In Production'),
  st('finalPaymentReceived', 'payment', 'Final Payment'),
  st('shipped', 'shipped', 'Shipped'),
  st('delivered', 'delivered', 'Delivered'),
  st('afterSaleService', 'afterSaleService', 'After-Sale Service', { isMilestone: false, isVisibleToGuest: 0 }),
];

export const METHODS: PaymentMethod[] = [
  { key: 'stripe', title: 'Credit Card', rank: 1, isPreferred: true },
  { key: 'wire', title: 'Wire Transfer', rank: 2, props: { companyName: 'Lumen & Brass Ltd.', bank: 'First Harbor Bank', routingNumber: '021000021', accountNumber: '000123456789' } },
  { key: 'checkByMail', title: 'Check by Mail', rank: 3, isEmployeeOnly: true, props: { companyName: 'Lumen & Brass Ltd.' } },
];

const D = '2026-01-02 10:00:00';
/** statusData of an order that reached every step up to `key`. */
export function reached(key: string): Record<string, { date: string }> {
  const upTo = STATUSES.findIndex((s) => s.key === key);
  return Object.fromEntries(STATUSES.slice(0, upTo + 1).map((s) => [s.key, { date: D }]));
}

/** An order ready to be submitted and paid: contact details complete, total $1,000.00 with a $500.00 deposit. */
export function statusOrder(fields: Partial<Order> & { at?: string } = {}): Order {
  const { at = 'orderStarted', ...rest } = fields;
  return baseOrder({
    statusData: reached(at),
    lastCompletedStatusKey: at,
    amountPaidInCents: 0,
    isProcessingPayment: 0,
    feedbackNotes: null,
    phone: '(555) 123-4567',
    deliveryAddress: { streetAddress: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', country: 'US' },
    firmName: 'Acme',
    clientEmails: ['buyer@acme.example'],
    costs: { orderSubTotal: 100000, discount: 0, shipping: 0, shippingIsTbd: false, tax: 0, tariff: 0, orderTotal: 100000, depositAmount: 50000, depositPercentage: 50 },
    ...rest,
  } as Partial<Order>);
}

export function statusOrg(role = 'owner', designEngine: Record<string, unknown> = {}, prevRole: string | null = null): OrgMembership {
  return {
    id: 850,
    title: 'Lumen & Brass',
    role,
    prevRole,
    appData: { designEngine: { productOrderStatuses: STATUSES, paymentMethods: METHODS, ...designEngine } },
  } as OrgMembership;
}

export function rulesWith(orderStatus: Partial<PluginRules['orderStatus']> = {}): PluginRules {
  return { ...DEFAULT_RULES, orderStatus: { ...DEFAULT_RULES.orderStatus, ...orderStatus } };
}

export interface ShowOptions {
  order?: Order;
  role?: string;
  /** An employee switched to guest mode. */
  guestMode?: boolean;
  designEngine?: Record<string, unknown>;
  rules?: PluginRules;
  itemsValid?: boolean[];
  pricingHidden?: boolean;
  /** What waiting for the page's edits answers (true: all saved). */
  settle?: () => Promise<boolean>;
}

/** Renders the status views as the order page does; `notify` and `openSettings` are spies, `current()` the order now. */
export function showStatus(opts: ShowOptions = {}) {
  const notify = vi.fn<(kind: NoticeKind, text: string) => void>();
  const openSettings = vi.fn();
  const role = opts.guestMode ? 'guest' : (opts.role ?? 'owner');
  const org = statusOrg(role, opts.designEngine, opts.guestMode ? 'owner' : null);
  const employee = !opts.guestMode && (role === 'owner' || role === 'member');
  const ref: { order: Order } = { order: opts.order ?? statusOrder() };
  function Page() {
    const [order, setOrder] = useState<Order>(ref.order);
    ref.order = order;
    const [confirmNode, ask] = useConfirm();
    const status = useOrderStatus({
      order,
      org,
      rules: opts.rules ?? rulesWith(),
      employee,
      pricingHidden: opts.pricingHidden ?? false,
      settle: opts.settle ?? (() => Promise.resolve(true)),
      itemsValid: opts.itemsValid ?? [true],
      notify,
      ask,
      openSettings,
      applyStatus: (fields: Partial<OrderStatusResponse>) =>
        setOrder((o) => ({ ...o, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) })),
    });
    return (
      <>
        <StatusHeader status={status} />
        <StatusActions status={status} />
        <StatusPanels status={status} />
        {employee && <StatusHistory status={status} />}
        {confirmNode}
      </>
    );
  }
  render(
    <Provider store={storeFor(role)}>
      <Page />
    </Provider>,
  );
  return { notify, openSettings, current: () => ref.order, user: userEvent.setup() };
}

/** A status call's answer: the order moved to `key`. */
export function answerAt(key: string, more: Partial<OrderStatusResponse> = {}): OrderStatusResponse {
  return { statusData: reached(key), lastCompletedStatusKey: key, amountPaidInCents: 0, isProcessingPayment: 0, feedbackNotes: null, ...more };
}
