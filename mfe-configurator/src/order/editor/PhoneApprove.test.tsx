// @vitest-environment jsdom
// A reviewer on a phone sees Approve twice (the bar's and the feedback box's): the same words, the same
// step, both the order's primary action for the shell's "Skip to order actions".
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { api } from '@cpq/client';
import { DEFAULT_RULES } from '@cpq/plugin-sdk';
import { fakeMatchMedia } from '@cpq/test-utils';
import { OrderEditor } from './OrderEditor.tsx';
import { catalogue, data, engine, fakeWrites, item, storeFor } from './fixtures.test-utils.ts';
import { defaultAnswers } from '../status/apiMock.test-utils.ts';
import { answerAt, rulesWith, statusOrder, statusOrg } from '../status/harness.test-utils.tsx';

vi.mock('@cpq/client', async (importOriginal) => (await import('../status/apiMock.test-utils.ts')).mockClient(await importOriginal<typeof import('@cpq/client')>()));

let media: ReturnType<typeof fakeMatchMedia>;
beforeEach(() => {
  defaultAnswers(api);
  localStorage.clear();
  media = fakeMatchMedia((q) => q === '(max-width: 700px)');
});
afterEach(() => {
  cleanup();
  media.restore();
  vi.clearAllMocks();
});

function showReview() {
  const items = [item({ id: 1, title: 'Hall' })];
  render(
    <Provider store={storeFor('owner')}>
      <OrderEditor
        order={statusOrder({ at: 'submittedForApproval' })}
        data={data(items)}
        catalogue={catalogue}
        engine={engine(DEFAULT_RULES)}
        org={statusOrg('owner')}
        rules={rulesWith()}
        employee
        pricingHidden={false}
        writes={fakeWrites(items)}
        saveDebounceMs={0}
      />
    </Provider>,
  );
  return userEvent.setup();
}

describe("a reviewer's two Approve buttons on a phone", () => {
  it.each(['phone-bar-approve', 'approve-order'])('%s reads "Approve", is a primary action, and approves the order at its review step', async (testId) => {
    vi.mocked(api.approveOrder).mockResolvedValue(answerAt('readyToPayDeposit'));
    const user = showReview();
    const bar = screen.getByTestId('phone-bar');
    const [inBar] = within(bar).getAllByRole('button', { name: 'Approve' });
    const all = screen.getAllByRole('button', { name: 'Approve' });
    expect(all).toHaveLength(2);
    expect(all).toContain(inBar);
    for (const b of all) {
      expect(b.textContent).toBe('Approve');
      expect(b.hasAttribute('data-primary-action')).toBe(true);
      expect(b.className).toBe(inBar!.className);
    }
    await user.click(screen.getByTestId(testId));
    await waitFor(() => expect(api.approveOrder).toHaveBeenCalledTimes(1));
    expect(api.approveOrder).toHaveBeenCalledWith(expect.objectContaining({ productOrderId: 7, expectedStatusKey: 'submittedForApproval' }));
  });
});
