/** Revisions, sides and the client's revision calls for the revisions tests. */
import { vi } from 'vitest';
import type { OrderRevisionResponse, OrderRevisionSummary, OrderRevisionsResponse, RevisionItem, RevisionSide } from '@cpq/domain';

/** The status views' spies, and the revision calls (and the catalogue a reload may ask for). */
export async function mockRevisionClient<T extends { api: object }>(actual: T): Promise<T> {
  const mocked = (await import('../status/apiMock.test-utils.ts')).mockClient(actual);
  return { ...mocked, api: { ...mocked.api, getOrderRevisions: vi.fn(), getOrderRevision: vi.fn(), restoreRevision: vi.fn(), catalogue: vi.fn() } };
}

/** The revision calls' answers for a page that only shows the panel in passing: no revisions. */
export function defaultRevisionAnswers(api: object): void {
  const m = api as unknown as Record<'getOrderRevisions', ReturnType<typeof vi.fn>>;
  m.getOrderRevisions.mockResolvedValue(revisionsAnswer([]));
}

export const keypad = (over: Partial<RevisionItem> = {}): RevisionItem => ({
  id: 1,
  title: 'Kitchen keypad',
  productId: 1,
  quantity: 2,
  options: [
    { property: 'Finish', value: 'Satin Brass' },
    { property: 'Plate', value: 'Small' },
  ],
  unitPriceInCents: 10000,
  totalPriceInCents: 20000,
  ...over,
});

export const side = (items: RevisionItem[], over: Partial<RevisionSide> = {}): RevisionSide => ({
  items,
  costs: [{ key: 'total', label: 'Total', text: '$200.00', cents: 20000 }],
  details: [
    { key: 'title', label: 'Order name', value: 'Maple Street Renovation' },
    { key: 'purchaseOrderNumber', label: 'PO #', value: '' },
  ],
  ...over,
});

export const summary = (number: number, over: Partial<OrderRevisionSummary> = {}): OrderRevisionSummary => ({
  number,
  reason: 'submitted',
  restoredFrom: null,
  at: '2026-11-02 15:30:00',
  userName: 'Gus Guest',
  orderTotalInCents: 20000,
  itemCount: 1,
  acceptance: null,
  ...over,
});

export const revisionsAnswer = (revisions: OrderRevisionSummary[], over: Partial<OrderRevisionsResponse> = {}): OrderRevisionsResponse => ({
  revisions,
  current: side([keypad()]),
  changedSinceLatest: false,
  acceptanceRequiredBeforePayment: false,
  acceptanceTerms: [],
  ...over,
});

export const revisionAnswer = (number: number, s: RevisionSide, previous: RevisionSide | null, over: Partial<OrderRevisionResponse> = {}): OrderRevisionResponse => ({
  revision: summary(number),
  side: s,
  previous,
  orderData: {} as OrderRevisionResponse['orderData'],
  catalogue: {} as OrderRevisionResponse['catalogue'],
  ...over,
});
