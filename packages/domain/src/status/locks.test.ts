import { describe, expect, it } from 'vitest';
import { allowedChanges, changeRefusal, itemUpdateChanges, orderUpdateChanges, pricesFollowCatalogue, type ChangeActor, type OrderChange } from './locks.ts';
import { decideStatus } from './machine.ts';
import { EARLIER, NOW, OPTIONS, STATUSES_850, order850 } from './fixtures.test-utils.ts';

/**
 * What each status allows, written here from the rule (not read from locks.ts): a customer edits
 * freely until the order is submitted; after submission items and prices are locked for guests; once
 * approved (any later step, payments included) they are locked for everyone until staff reopen it.
 * Contact details stay the customer's to fix until payment; staff keep them for shipping. A customer
 * cancels while the order awaits review or payment, never once it is being made. Reopening is for
 * staff, once the order is past review.
 *
 * One 850 order at each step; `Y` marks what may change.
 */
const KINDS: readonly OrderChange[] = ['items', 'options', 'quantities', 'orderDetails', 'costs', 'status', 'payment', 'cancel', 'reopen'];
//                                   items opts qty details costs status pay cancel reopen
const EXPECTED: Record<string, Record<ChangeActor, string>> = {
  orderStarted: /*        */ { guest: 'Y Y Y Y - - - - -', employee: 'Y Y Y Y Y Y - - -' },
  submittedForApproval: /**/ { guest: '- - - Y - - - Y -', employee: 'Y Y Y Y Y Y - Y -' },
  readyToPayDeposit: /*   */ { guest: '- - - Y - - Y Y -', employee: '- - - Y - Y Y Y Y' },
  depositReceived: /*     */ { guest: '- - - - - - - - -', employee: '- - - Y - Y - Y Y' },
  inProduction: /*        */ { guest: '- - - - - - - - -', employee: '- - - Y - Y - Y Y' },
  finalPaymentReceived: /**/ { guest: '- - - Y - - Y Y -', employee: '- - - Y - Y Y Y Y' },
  shipped: /*             */ { guest: '- - - - - - Y - -', employee: '- - - Y - Y Y - Y' },
  delivered: /*           */ { guest: '- - - - - - Y - -', employee: '- - - Y - Y Y - Y' },
};

const expectedKinds = (row: string) => KINDS.filter((_, i) => row.split(' ')[i] === 'Y');

describe('what each status allows', () => {
  for (const [step, byActor] of Object.entries(EXPECTED)) {
    for (const actor of ['guest', 'employee'] as const) {
      it(`${actor} at ${step}`, () => {
        const order = order850(step);
        expect(allowedChanges(STATUSES_850, order, actor)).toEqual(expectedKinds(byActor[actor]));
        for (const kind of KINDS) {
          const why = changeRefusal(STATUSES_850, order, actor, kind);
          // Every refusal says why, in a sentence.
          if (why !== null) expect(why).toMatch(/^[A-Z].+\.$/);
        }
      });
    }
  }

  it('a processing payment locks every change of price for everyone, details stay', () => {
    const order = order850('readyToPayDeposit', { isProcessingPayment: 1 });
    expect(allowedChanges(STATUSES_850, order, 'employee')).toEqual(['orderDetails', 'status', 'payment']);
    expect(changeRefusal(STATUSES_850, order, 'employee', 'reopen')).toBe('A payment is processing for this order, so it cannot be changed until the payment is finished.');
  });

  it('the reasons a customer reads name what to do next', () => {
    expect(changeRefusal(STATUSES_850, order850('submittedForApproval'), 'guest', 'items')).toContain('ask for the order to be sent back for changes');
    expect(changeRefusal(STATUSES_850, order850('readyToPayDeposit'), 'guest', 'options')).toContain('staff can reopen the order for changes');
    expect(changeRefusal(STATUSES_850, order850('inProduction'), 'employee', 'quantities')).toContain('Reopen it for changes first');
  });

  it('an order at no known step (none set up, an old key) is open', () => {
    expect(allowedChanges([], order850('orderStarted'), 'guest')).toEqual(['items', 'options', 'quantities', 'orderDetails']);
  });

  it('prices follow the catalogue only while the order is open', () => {
    expect(pricesFollowCatalogue(STATUSES_850, order850('orderStarted').statusData)).toBe(true);
    for (const step of ['submittedForApproval', 'readyToPayDeposit', 'inProduction', 'shipped']) {
      expect(pricesFollowCatalogue(STATUSES_850, order850(step).statusData)).toBe(false);
    }
  });

  it('classifies the fields a write sends', () => {
    expect(itemUpdateChanges(['properties'])).toEqual(['options']);
    expect(itemUpdateChanges(['quantity', 'title', 'productOrderId'])).toEqual(['quantities', 'items']);
    expect(orderUpdateChanges(['phone', 'deliveryAddress'])).toEqual(['orderDetails']);
    expect(orderUpdateChanges(['discountPercentage', 'title'])).toEqual(['costs', 'orderDetails']);
    // Archiving is bookkeeping: no lock applies.
    expect(orderUpdateChanges(['archived'])).toEqual([]);
  });
});

describe('reopen', () => {
  const paid = () => {
    const o = order850('depositReceived', { amountPaidInCents: 50000 });
    o.statusData['readyToPayDeposit'] = { date: EARLIER, paymentAmountInCents: 50000, paymentMethod: 'wire', paidDate: EARLIER };
    return o;
  };

  it('staff reopen a paid order: back to its first step, the reason for the customer, the money paid kept', () => {
    const d = decideStatus(STATUSES_850, OPTIONS, paid(), 'employee', { type: 'reopen', reason: '  Another finish  ' }, { now: NOW });
    if (!d.ok) throw new Error(d.message);
    expect(d.next.statusData).toStrictEqual({ orderStarted: { date: EARLIER } });
    expect(d.next.lastCompletedStatusKey).toBe('orderStarted');
    expect(d.next.amountPaidInCents).toBe(50000);
    expect(d.next.feedbackNotes).toBe('Another finish');
    expect([d.fromStatusKey, d.toStatusKey]).toEqual(['depositReceived', 'orderStarted']);
  });

  it('needs a reason, staff, and an order past review', () => {
    const refuse = (o: ReturnType<typeof paid>, actor: 'guest' | 'employee', reason: string) => {
      const d = decideStatus(STATUSES_850, OPTIONS, o, actor, { type: 'reopen', reason }, { now: NOW });
      return d.ok ? null : d.message;
    };
    expect(refuse(paid(), 'employee', '   ')).toBe('A reason is required to reopen an order for changes.');
    expect(refuse(paid(), 'guest', 'Please')).toBe("Only the organisation's staff can reopen an order for changes.");
    expect(refuse(order850('submittedForApproval'), 'employee', 'Why')).toBe('This order is not locked: it can be changed without reopening it.');
    expect(refuse(order850('orderStarted'), 'employee', 'Why')).toBe('This order is not locked: it can be changed without reopening it.');
    expect(refuse(order850('readyToPayDeposit', { isProcessingPayment: 1 }), 'employee', 'Why')).toBe('A payment is already processing for this order.');
  });
});

describe('cancel by step', () => {
  const cancel = (step: string, actor: 'guest' | 'employee') => {
    const d = decideStatus(STATUSES_850, OPTIONS, order850(step), actor, { type: 'cancel' }, { now: NOW });
    return d.ok ? 'ok' : d.message;
  };
  it('a customer cancels an unpaid order awaiting review or payment, not one being made', () => {
    expect(cancel('submittedForApproval', 'guest')).toBe('ok');
    expect(cancel('readyToPayDeposit', 'guest')).toBe('ok');
    expect(cancel('inProduction', 'guest')).toBe('This order can no longer be cancelled from here: it is already being prepared. Please contact us.');
    expect(cancel('shipped', 'guest')).toBe('This order can no longer be cancelled from here: it is already being prepared. Please contact us.');
    expect(cancel('inProduction', 'employee')).toBe('ok');
  });
});
