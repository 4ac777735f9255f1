import { describe, expect, it } from 'vitest';
import type { ProductOrderStatus } from '@cpq/domain';
import { cardInput, methodDetails, parseExpiry, showsSubmittedView, upchargePercentText } from './logic.ts';

const s = (key: string, type: ProductOrderStatus['type']): ProductOrderStatus => ({ key, type, title: key });

describe('the submitted view', () => {
  const statuses = [s('intro', 'static'), s('orderStarted', 'orderStarted'), s('submitted', 'submittedForApproval'), s('proofApproved', 'static'), s('pay', 'payment'), s('made', 'inProduction')];
  it('shows from submission on, on static steps after it only', () => {
    const at = (key: string) => showsSubmittedView(statuses, statuses.find((x) => x.key === key)!);
    expect(['intro', 'orderStarted', 'submitted', 'proofApproved', 'pay', 'made'].map(at)).toEqual([false, false, true, true, false, false]);
    expect(showsSubmittedView(statuses, null)).toBe(false);
  });
});

describe('card entry', () => {
  it('reads MM / YY (and MM/YY, MMYY, MM/YYYY) as month and four-digit year', () => {
    expect(parseExpiry('12 / 30')).toEqual({ expMonth: 12, expYear: 2030 });
    expect(parseExpiry('1/31')).toEqual({ expMonth: 1, expYear: 2031 });
    expect(parseExpiry('0429')).toEqual({ expMonth: 4, expYear: 2029 });
    expect(parseExpiry('04/2029')).toEqual({ expMonth: 4, expYear: 2029 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('00/30')).toBeNull();
    expect(parseExpiry('12')).toBeNull();
  });

  it('takes a card only with a 12 to 19 digit number, an expiry and a 3 or 4 digit CVC', () => {
    expect(cardInput('4242 4242 4242 4242', '12/30', '123')).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
    expect(cardInput('4242', '12/30', '123')).toBeNull();
    expect(cardInput('4242424242424242', '', '123')).toBeNull();
    expect(cardInput('4242424242424242', '12/30', '12')).toBeNull();
  });
});

describe('payment method details', () => {
  it('lists the details that are set, in reading order', () => {
    expect(methodDetails({ accountNumber: '0001', companyName: 'Acme', bank: ' ', other: 'x' })).toEqual([
      { label: 'Company name', value: 'Acme' },
      { label: 'Account number', value: '0001' },
    ]);
    expect(methodDetails(undefined)).toEqual([]);
  });

  it('shows the card fee as upchargePercentage divided by 10 percent', () => {
    expect(upchargePercentText({ upchargePercentage: 30 })).toBe('3%');
    expect(upchargePercentText({ upchargePercentage: 25 })).toBe('2.5%');
    expect(upchargePercentText({})).toBeNull();
  });
});
