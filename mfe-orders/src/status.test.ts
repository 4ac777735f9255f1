import { describe, expect, it } from 'vitest';
import { lastCompletedStatus, statusCell, visibleStatuses } from './status.ts';
import { row, STATUSES } from './rows.test-utils.ts';

describe('last completed status', () => {
  it('is the last status in the organisation order that statusData has', () => {
    // statusData's own key order does not matter: the organisation's order does.
    const data = { inProduction: {}, orderStarted: {}, readyToPayDeposit: {} };
    expect(lastCompletedStatus(data, STATUSES)?.key).toBe('inProduction');
    expect(lastCompletedStatus({ orderStarted: {} }, STATUSES)?.key).toBe('orderStarted');
    expect(lastCompletedStatus({}, STATUSES)).toBeNull();
    expect(lastCompletedStatus({ unknownKey: {} }, STATUSES)).toBeNull();
  });

  it('shows its title, not red, when it agrees with the stored key', () => {
    expect(statusCell(row(), STATUSES, false)).toEqual({ title: 'Submitted for Approval', mismatch: false, storedTitle: 'Submitted for Approval' });
  });

  it('is red when it differs from the stored lastCompletedStatusKey', () => {
    const r = row({ statusData: { orderStarted: {}, submittedForApproval: {}, readyToPayDeposit: {} }, lastCompletedStatusKey: 'submittedForApproval' });
    expect(statusCell(r, STATUSES, false)).toEqual({ title: 'Deposit Due', mismatch: true, storedTitle: 'Submitted for Approval' });
    expect(statusCell(row({ lastCompletedStatusKey: null }), STATUSES, false).mismatch).toBe(true);
  });

  it('uses the stocked title for a stocked order', () => {
    const r = row({ isStocked: 1, statusData: { orderStarted: {} }, lastCompletedStatusKey: 'orderStarted' });
    expect(statusCell(r, STATUSES, false).title).toBe('Cart');
  });

  it('shows a guest the last completed status they may see', () => {
    const r = row({ statusData: { orderStarted: {}, submittedForApproval: {}, readyToPayDeposit: {}, depositReceived: {} }, lastCompletedStatusKey: 'depositReceived' });
    expect(statusCell(r, STATUSES, false).title).toBe('Deposit Received');
    expect(statusCell(r, STATUSES, true)).toEqual({ title: 'Deposit Due', mismatch: false, storedTitle: null });
  });
});

describe('status filter options', () => {
  it('are every status for employees and those marked visible for guests', () => {
    expect(visibleStatuses(STATUSES, false).map((s) => s.key)).toHaveLength(5);
    expect(visibleStatuses(STATUSES, true).map((s) => s.key)).toEqual(['orderStarted', 'submittedForApproval', 'readyToPayDeposit', 'inProduction']);
  });
});
