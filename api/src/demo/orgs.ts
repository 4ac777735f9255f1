import type { GuestDiscount, OrgDesignEngineSettings, PaymentMethod, ProductOrderStatus } from '@cpq/domain';

type S = ProductOrderStatus;
const st = (key: string, type: S['type'], title: string, description: string, extra: Partial<S> = {}): S => ({
  key,
  type,
  title,
  description,
  isMilestone: true,
  isVisibleToGuest: 1,
  ...extra,
});

const started = st('orderStarted', 'orderStarted', 'Order Started', 'Add items, choose options and submit when ready.', {
  stockedOrderTitle: 'Cart',
  stockedOrderDescription: 'Add stocked items and continue to payment.',
});
const submitted = (nickname: string) =>
  st('submittedForApproval', 'submittedForApproval', 'Submitted for Approval', `Your order is pending review by ${nickname}.`);

const payments = (preferred: PaymentMethod['key'], companyName: string): PaymentMethod[] => [
  { key: 'stripe', title: 'Credit Card', rank: 1, isPreferred: preferred === 'stripe' },
  {
    key: 'wire',
    title: 'Wire Transfer',
    rank: 2,
    isPreferred: preferred === 'wire',
    props: { companyName, bank: 'First Harbor Bank', routingNumber: '021000021', accountNumber: '000123456789' },
  },
  { key: 'checkByMail', title: 'Check by Mail', rank: 3, isPreferred: preferred === 'checkByMail', isEmployeeOnly: true, props: { companyName } },
];

export interface SeedOrg {
  id: number;
  title: string;
  designEngine: OrgDesignEngineSettings;
  /** The discount this organisation gives its demo guest, if any. */
  guestDiscount?: GuestDiscount;
  /** The demo guest sees no prices (the organisation's access data hides them). */
  guestPricingIsHidden?: boolean;
}

export const ORGS: SeedOrg[] = [
  {
    id: 850,
    title: 'Lumen & Brass',
    guestDiscount: { type: 'percent', value: 10 },
    designEngine: {
      accentColor: '#8a6d3b',
      nickname: 'Lumen & Brass',
      ui: { fontFamily: 'Georgia, "Times New Roman", serif', fontSize: 14 },
      depositPercentage: 50,
      isArchitectural: false,
      isEmployeeOnly: false,
      manualPaymentMessage: 'Please include your order number with your payment.',
      productOrderStatuses: [
        started,
        submitted('Lumen & Brass'),
        st('readyToPayDeposit', 'payment', 'Deposit Due', 'A 50% deposit starts production.'),
        st('depositReceived', 'static', 'Deposit Received', 'Thank you — your deposit has been received.', { isMilestone: false }),
        st('inProduction', 'inProduction', 'In Production', 'Your keypads and plates are being machined and engraved.'),
        st('finalPaymentReceived', 'payment', 'Final Payment', 'The balance is due before shipping.'),
        st('shipped', 'shipped', 'Shipped', 'Your order is on its way.'),
        st('delivered', 'delivered', 'Delivered', 'Your order has been delivered.'),
      ],
      paymentMethods: payments('stripe', 'Lumen & Brass Ltd.'),
      enabledIntegrations: [],
    },
  },
  {
    id: 1053,
    title: 'Nordvik Millwork',
    designEngine: {
      accentColor: '#2f5d50',
      nickname: 'Nordvik',
      ui: { fontFamily: '"Helvetica Neue", Arial, sans-serif', fontSize: 14 },
      depositPercentage: 30,
      isArchitectural: false,
      isEmployeeOnly: false,
      productOrderStatuses: [
        started,
        submitted('Nordvik'),
        st('readyToPay', 'payment', 'Ready to Pay', 'Pay to confirm your order.'),
        st('orderConfirmed', 'static', 'Order Confirmed', 'Your order is confirmed and scheduled.', { isMilestone: false }),
        st('inProduction', 'inProduction', 'In Production', 'Veneers are being matched and pressed.'),
        st('shipped', 'shipped', 'Shipped', 'Your order has left the workshop.'),
        st('delivered', 'delivered', 'Delivered', 'Your order has been delivered.'),
        st('afterSaleService', 'afterSaleService', 'After-Sale Service', 'We are looking into your request.', { isMilestone: false, isVisibleToGuest: 0 }),
      ],
      paymentMethods: payments('wire', 'Nordvik Millwork AS'),
      enabledIntegrations: [{ title: 'Monday', key: 'monday' }],
    },
  },
  {
    id: 1798,
    title: 'Calico Murals',
    designEngine: {
      accentColor: '#b5476b',
      nickname: 'Calico',
      ui: { fontFamily: '"Avenir Next", "Segoe UI", sans-serif', fontSize: 13 },
      depositPercentage: 0,
      isArchitectural: true,
      isEmployeeOnly: false,
      defaultScale: 24,
      productOrderStatuses: [
        started,
        submitted('Calico'),
        st('proofApproved', 'static', 'Proof Approved', 'Your mural proof has been approved.'),
        st('readyToPay', 'payment', 'Ready to Pay', 'Pay in full to start printing.'),
        st('inProduction', 'inProduction', 'Printing', 'Your mural panels are being printed.'),
        st('shipped', 'shipped', 'Shipped', 'Your mural panels are on their way.'),
        st('delivered', 'delivered', 'Delivered', 'Your mural panels have been delivered.'),
      ],
      paymentMethods: payments('stripe', 'Calico Murals Inc.'),
      enabledIntegrations: [],
    },
  },
  {
    id: 1392,
    guestPricingIsHidden: true,
    title: 'Halden Lighting & Doors',
    designEngine: {
      accentColor: '#3a5a8c',
      nickname: 'Halden',
      ui: { fontFamily: 'system-ui, sans-serif', fontSize: 14 },
      depositPercentage: 0,
      isArchitectural: false,
      isEmployeeOnly: false,
      productOrderStatuses: [
        started,
        submitted('Halden'),
        st('readyToPay', 'payment', 'Ready to Pay', 'Pay to release your order to production.'),
        st('inProduction', 'inProduction', 'In Production', 'Your order is being built.'),
        st('shipped', 'shipped', 'Shipped', 'Your order is on its way.'),
        st('delivered', 'delivered', 'Delivered', 'Your order has been delivered.'),
      ],
      paymentMethods: payments('stripe', 'Halden Lighting & Doors LLC'),
      enabledIntegrations: [],
    },
  },
  {
    id: 1450,
    title: 'Overture Systems',
    designEngine: {
      accentColor: '#5b4b8a',
      nickname: 'Overture',
      ui: { fontFamily: 'system-ui, sans-serif', fontSize: 14 },
      depositPercentage: 0,
      isArchitectural: false,
      // The only employee-only organisation: no guest-mode toggle in the header.
      isEmployeeOnly: true,
      productOrderStatuses: [
        started,
        submitted('Overture'),
        st('readyToPay', 'payment', 'Ready to Pay', 'Pay to confirm.'),
        st('inProduction', 'inProduction', 'In Production', 'Your system is being assembled.'),
        st('shipped', 'shipped', 'Shipped', 'Your system is on its way.'),
        st('delivered', 'delivered', 'Delivered', 'Your system has been delivered.'),
      ],
      paymentMethods: payments('checkByMail', 'Overture Systems Inc.'),
      enabledIntegrations: [],
    },
  },
];

/** Users: owner-N / member-N / guest-N for each organisation, plus multi@demo.test (850 + 1053). */
const NAMES: Record<number, Array<[string, string]>> = {
  850: [['Eleanor', 'Whitcombe'], ['Marcus', 'Abernathy'], ['Priya', 'Raman']],
  1053: [['Ingrid', 'Solberg'], ['Tobias', 'Lindqvist'], ['Hannah', 'Okafor']],
  1798: [['Camille', 'Duarte'], ['Owen', 'Fitzgerald'], ['Sofia', 'Marchetti']],
  1392: [['Henrik', 'Halden'], ['Grace', 'Whitaker'], ['Daniel', 'Mbeki']],
  1450: [['Olivia', 'Bennett'], ['Rafael', 'Souza'], ['Nora', 'Kowalski']],
};

export interface SeedUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  memberships: Array<{ orgId: number; role: string }>;
}

export function seedUsers(): SeedUser[] {
  const users: SeedUser[] = [];
  let id = 1;
  for (const org of ORGS) {
    const names = NAMES[org.id]!;
    (['owner', 'member', 'guest'] as const).forEach((role, i) => {
      const [firstName, lastName] = names[i]!;
      users.push({ id: id++, email: `${role}-${org.id}@demo.test`, firstName, lastName, memberships: [{ orgId: org.id, role }] });
    });
  }
  users.push({
    id: id++,
    email: 'multi@demo.test',
    firstName: 'Jordan',
    lastName: 'Ellery',
    memberships: [
      { orgId: 850, role: 'member' },
      { orgId: 1053, role: 'member' },
    ],
  });
  return users;
}
