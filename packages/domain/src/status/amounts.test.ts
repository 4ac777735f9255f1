import { describe, expect, it } from 'vitest';
import { amountChoices, balanceDue, cardUpcharge, CARD_UPCHARGE_THRESHOLD_CENTS, depositPaid, paymentStepKey } from './amounts.ts';
import type { PaymentMethod } from './types.ts';
import { OPTIONS, STATUSES_850, order850 } from './fixtures.test-utils.ts';

const money = (patch: Partial<{ amountPaidInCents: number; orderTotalInCents: number; depositAmountInCents: number; isStocked: 0 | 1 }> = {}) => ({
  amountPaidInCents: 0,
  orderTotalInCents: 100000,
  depositAmountInCents: 50000,
  isStocked: 0 as 0 | 1,
  ...patch,
});

describe('deposit and balance', () => {
  it('the deposit counts as paid once the amount paid reaches it', () => {
    expect(depositPaid(money({ amountPaidInCents: 50000 }))).toBe(true);
    expect(depositPaid(money({ amountPaidInCents: 60000 }))).toBe(true);
    expect(depositPaid(money({ amountPaidInCents: 49999 }))).toBe(false);
    expect(depositPaid(money({ depositAmountInCents: 0 }))).toBe(false);
  });

  it('the balance is what remains of the total, never below zero', () => {
    expect(balanceDue(money({ amountPaidInCents: 30000 }))).toBe(70000);
    expect(balanceDue(money({ amountPaidInCents: 120000 }))).toBe(0);
  });

  it('a deposit smaller than the total and not yet paid is offered beside the balance', () => {
    expect(amountChoices(money())).toEqual({ deposit: 50000, full: 100000 });
    expect(amountChoices(money({ amountPaidInCents: 20000 }))).toEqual({ deposit: 30000, full: 80000 });
  });

  it('otherwise only the balance: deposit paid, no deposit, a deposit of the whole total, a stocked order', () => {
    expect(amountChoices(money({ amountPaidInCents: 50000 }))).toEqual({ deposit: null, full: 50000 });
    expect(amountChoices(money({ depositAmountInCents: 0 }))).toEqual({ deposit: null, full: 100000 });
    expect(amountChoices(money({ depositAmountInCents: 100000 }))).toEqual({ deposit: null, full: 100000 });
    expect(amountChoices(money({ isStocked: 1 }))).toEqual({ deposit: null, full: 100000 });
  });
});

describe('card upcharge', () => {
  const card = (upchargePercentage: unknown): PaymentMethod => ({ key: 'stripe', title: 'Credit Card', rank: 1, props: { upchargePercentage } });

  it('applies above $3,000.00 only, in tenths of a percent', () => {
    expect(CARD_UPCHARGE_THRESHOLD_CENTS).toBe(300000);
    expect(cardUpcharge(300000, card(30))).toBe(0);
    expect(cardUpcharge(300001, card(30))).toBe(9000);
    expect(cardUpcharge(1000000, card(30))).toBe(30000);
    expect(cardUpcharge(1000000, card(25))).toBe(25000);
  });

  it('is nothing without a usable percentage', () => {
    expect(cardUpcharge(1000000)).toBe(0);
    expect(cardUpcharge(1000000, { key: 'stripe', title: 'Card', rank: 1 })).toBe(0);
    expect(cardUpcharge(1000000, card('30'))).toBe(0);
    expect(cardUpcharge(1000000, card(Number.NaN))).toBe(0);
    expect(cardUpcharge(1000000, card(-30))).toBe(0);
  });
});

describe('paymentStepKey', () => {
  it('the current payment step while something is due; none elsewhere or when all is paid', () => {
    expect(paymentStepKey(STATUSES_850, OPTIONS, order850('readyToPayDeposit'))).toBe('readyToPayDeposit');
    expect(paymentStepKey(STATUSES_850, OPTIONS, order850('readyToPayDeposit', { amountPaidInCents: 100000 }))).toBeNull();
    expect(paymentStepKey(STATUSES_850, OPTIONS, order850('inProduction'))).toBeNull();
  });
});
