import { describe, expect, it } from 'vitest';
import { MANUAL_PAYMENT_DEFAULT, manualPaymentMessage, paymentMethodChoices, paymentMethodTitle } from './paymentMethods.ts';
import type { PaymentMethod } from './types.ts';
import { PAYMENT_METHODS } from './fixtures.test-utils.ts';

const labels = (methods: Array<{ label: string }>) => methods.map((m) => m.label);

describe('payment method choices', () => {
  it('in rank order with the preferred one first and labelled', () => {
    const shuffled = [PAYMENT_METHODS[2]!, PAYMENT_METHODS[0]!, PAYMENT_METHODS[1]!];
    expect(labels(paymentMethodChoices(shuffled, { employee: true }))).toEqual(['Wire Transfer (Preferred)', 'Credit Card', 'Check by Mail']);
  });

  it('employee-only methods are hidden from guests (guest mode included)', () => {
    expect(labels(paymentMethodChoices(PAYMENT_METHODS, { employee: false }))).toEqual(['Wire Transfer (Preferred)', 'Credit Card']);
  });

  it('hidden and disabled methods never show', () => {
    const methods: PaymentMethod[] = [
      { ...PAYMENT_METHODS[0]!, isHidden: true },
      { ...PAYMENT_METHODS[1]!, disabled: true },
      PAYMENT_METHODS[2]!,
    ];
    expect(labels(paymentMethodChoices(methods, { employee: true }))).toEqual(['Check by Mail']);
  });

  it('no preferred method: rank order, plain titles; no methods: none', () => {
    const plain = PAYMENT_METHODS.map((m) => ({ ...m, isPreferred: false }));
    expect(labels(paymentMethodChoices(plain, { employee: true }))).toEqual(['Credit Card', 'Wire Transfer', 'Check by Mail']);
    expect(paymentMethodChoices(undefined, { employee: true })).toEqual([]);
  });

  it('only one method is the preferred one: the first by rank', () => {
    const twice = PAYMENT_METHODS.map((m) => ({ ...m, isPreferred: m.key !== 'stripe' }));
    expect(labels(paymentMethodChoices(twice, { employee: true }))).toEqual(['Wire Transfer (Preferred)', 'Credit Card', 'Check by Mail']);
  });

  it('keeps the method’s fields', () => {
    expect(paymentMethodChoices(PAYMENT_METHODS, { employee: false })[0]).toMatchObject({ key: 'wire', props: { companyName: 'Nordvik Millwork AS' } });
  });
});

describe('manual payment message', () => {
  it("is the organisation's, else the default", () => {
    expect(manualPaymentMessage({ manualPaymentMessage: 'Please include your order number with your payment.' })).toBe(
      'Please include your order number with your payment.',
    );
    expect(MANUAL_PAYMENT_DEFAULT).toBe('We will contact you to arrange payment.');
    expect(manualPaymentMessage({})).toBe('We will contact you to arrange payment.');
    expect(manualPaymentMessage({ manualPaymentMessage: '  ' })).toBe('We will contact you to arrange payment.');
    expect(manualPaymentMessage(undefined)).toBe('We will contact you to arrange payment.');
  });
});

describe('payment method title', () => {
  it("a method reads as the organisation's title; a card payment, recorded by its provider, as the card method", () => {
    expect(paymentMethodTitle('wire', PAYMENT_METHODS)).toBe('Wire Transfer');
    expect(paymentMethodTitle('stripe', PAYMENT_METHODS)).toBe('Credit Card');
    expect(paymentMethodTitle('simulated', PAYMENT_METHODS)).toBe('Credit Card');
    expect(paymentMethodTitle('simulated', [])).toBe('Card');
    expect(paymentMethodTitle('bitcoin', PAYMENT_METHODS)).toBe('bitcoin');
  });
});
