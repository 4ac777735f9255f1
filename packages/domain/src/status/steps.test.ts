import { describe, expect, it } from 'vitest';
import { currentStatus, isDotLarge, isDotLit, lastCompletedKey, newStatusData, statusDescription, statusTitle, visibleStatuses } from './steps.ts';
import { AFTER_SALE_HIDDEN, EARLIER, NOW, STATUSES_850 } from './fixtures.test-utils.ts';

const step = (key: string) => STATUSES_850.find((s) => s.key === key)!;

describe('the current step', () => {
  it('is the last step, in the organisation’s order, present in statusData', () => {
    expect(lastCompletedKey(STATUSES_850, { orderStarted: { date: EARLIER }, inProduction: { date: EARLIER } })).toBe('inProduction');
    // Entry order in statusData does not matter, nor keys the organisation does not have.
    expect(lastCompletedKey(STATUSES_850, { shipped: { date: EARLIER }, orderStarted: { date: EARLIER }, legacy: { date: EARLIER } })).toBe('shipped');
    expect(currentStatus(STATUSES_850, { submittedForApproval: { date: EARLIER } })?.type).toBe('submittedForApproval');
  });

  it('is none for an empty statusData', () => {
    expect(lastCompletedKey(STATUSES_850, {})).toBeNull();
    expect(currentStatus(STATUSES_850, {})).toBeNull();
  });

  it('a new order is at its first step', () => {
    expect(newStatusData(STATUSES_850, NOW)).toStrictEqual({ orderStarted: { date: NOW } });
    expect(newStatusData([], NOW)).toStrictEqual({});
  });
});

describe('status dots', () => {
  it('guests see only the steps shown to guests', () => {
    const steps = [...STATUSES_850, AFTER_SALE_HIDDEN];
    expect(visibleStatuses(steps, true).map((s) => s.key)).not.toContain('afterSaleService');
    expect(visibleStatuses(steps, false)).toHaveLength(steps.length);
  });

  it('a dot is lit when statusData has the step’s key or its type', () => {
    expect(isDotLit(step('readyToPayDeposit'), { readyToPayDeposit: { date: EARLIER } })).toBe(true);
    expect(isDotLit(step('readyToPayDeposit'), { payment: { date: EARLIER } })).toBe(true);
    expect(isDotLit(step('readyToPayDeposit'), { orderStarted: { date: EARLIER } })).toBe(false);
  });

  it('milestones are larger unless the order is stocked', () => {
    expect(isDotLarge(step('inProduction'), 0)).toBe(true);
    expect(isDotLarge(step('inProduction'), 1)).toBe(false);
    expect(isDotLarge(step('depositReceived'), 0)).toBe(false);
  });

  it('stocked orders use the stocked title and description when the step has them', () => {
    expect(statusTitle(step('orderStarted'), 1)).toBe('Cart');
    expect(statusTitle(step('orderStarted'), 0)).toBe('Order Started');
    expect(statusTitle(step('shipped'), 1)).toBe('Shipped');
    expect(statusDescription(step('orderStarted'), 1)).toBe('Add stocked items and continue to payment.');
    expect(statusDescription(step('orderStarted'), 0)).toBe('Add items, choose options and submit when ready.');
  });
});
