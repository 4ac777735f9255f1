// @vitest-environment jsdom
// The status views as the order page wires them: header under the heading, actions among the controls, alerts in the page's notices.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { api } from '@cpq/client';
import { DEFAULT_RULES } from '@cpq/plugin-sdk';
import { OrderEditor } from '../editor/OrderEditor.tsx';
import { catalogue, data, engine, fakeWrites, item, storeFor } from '../editor/testFixtures.ts';
import type { Order } from '../editor/writes.ts';
import { defaultAnswers } from './apiMock.ts';
import { answerAt, rulesWith, statusOrder, statusOrg } from './testHarness.tsx';

vi.mock('@cpq/client', async (importOriginal) => (await import('./apiMock.ts')).mockClient(await importOriginal<typeof import('@cpq/client')>()));

beforeEach(() => {
  defaultAnswers(api);
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function showPage(order: Order, role = 'owner') {
  const items = [item({ id: 1, title: 'Hall' })];
  const Settings = vi.fn(() => <div data-testid="settings-open" />);
  render(
    <Provider store={storeFor(role)}>
      <OrderEditor
        order={order}
        data={data(items)}
        catalogue={catalogue}
        engine={engine(DEFAULT_RULES)}
        org={statusOrg(role)}
        rules={rulesWith()}
        employee={role === 'owner' || role === 'member'}
        pricingHidden={false}
        writes={fakeWrites(items)}
        saveDebounceMs={0}
        dialogs={{ OrderSettingsDialog: Settings as never }}
      />
    </Provider>,
  );
  return userEvent.setup();
}

describe('order page wiring', () => {
  it('draws the status header under the heading and Submit among the controls; History for employees', async () => {
    showPage(statusOrder());
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.getByTestId('status-header')).toBeTruthy();
    expect(header.compareDocumentPosition(screen.getByTestId('status-header')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await screen.findByTestId('history-empty');
  });

  it("alerts a submit problem in the page's notices and opens the order settings", async () => {
    const user = showPage(statusOrder({ phone: null }), 'guest');
    expect(screen.queryByTestId('status-history')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByTestId('notice-alert');
    expect(alert.querySelector('p')!.textContent).toBe('A valid, 10-digit contact phone number is required to proceed.');
    expect(screen.getByTestId('settings-open')).toBeTruthy();
    expect(api.submitOrder).not.toHaveBeenCalled();
  });

  it('replaces the order status from the answer (approve moves to the payment panel)', async () => {
    vi.mocked(api.approveOrder).mockResolvedValue(answerAt('readyToPayDeposit'));
    const user = showPage(statusOrder({ at: 'submittedForApproval' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await screen.findByTestId('payment-panel');
    await waitFor(() => expect(screen.getByTestId('status-dot-readyToPayDeposit').getAttribute('data-lit')).toBe('1'));
  });

  it('adds what was paid and the balance due to the price summary once money came in', () => {
    showPage(statusOrder({ at: 'depositReceived', amountPaidInCents: 50000 }));
    expect(within(screen.getByTestId('cost-paid')).getByRole('definition').textContent).toBe('$500.00');
    expect(within(screen.getByTestId('cost-balance')).getByRole('definition').textContent).toBe('$500.00');
    cleanup();
    showPage(statusOrder({ at: 'submittedForApproval' }));
    expect(screen.queryByTestId('cost-paid')).toBeNull();
    expect(screen.queryByTestId('cost-balance')).toBeNull();
  });
});
