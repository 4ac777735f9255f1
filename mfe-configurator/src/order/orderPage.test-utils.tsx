/**
 * The whole order page (OrderEditor) with organisation 850's steps and payment methods, for the component
 * tests of the parts it wires: status, review summary, phone actions, required options. The test file
 * itself mocks the client: `vi.mock('@cpq/client', ... mockClient ...)` from status/apiMock.test-utils.ts.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { api } from '@cpq/client';
import { OrderEditor } from './editor/OrderEditor.tsx';
import { catalogue, data, engine, fakeWrites, storeFor } from './editor/fixtures.test-utils.ts';
import type { Instance, Order } from './editor/writes.ts';
import { defaultAnswers } from './status/apiMock.test-utils.ts';
import { rulesWith, statusOrg } from './status/harness.test-utils.tsx';

/** Every required option of the fixture keypad chosen (decision 0091): Finish, Plate, Width, Colour. */
export const COMPLETE = { '10': { optionId: 100 }, '11': { optionId: 110 }, '12': { value: 600 }, '13': { optionId: 131 } };

/**
 * Before each test: the status views' default answers and an empty localStorage; after it, the page
 * unmounted and the spies' calls forgotten. Call once at the top of a test file.
 */
export function resetOrderPageEachTest(): void {
  beforeEach(() => {
    defaultAnswers(api);
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });
}

export interface OrderPageOptions {
  order: Order;
  items: Instance[];
  role?: string;
  pricingHidden?: boolean;
  /** The order settings dialog: by default a stub that only shows "settings-open". */
  Settings?: unknown;
}

/** Renders the order page as `role` (default owner) would see it; answers the user-event driver. */
export function showOrderPage({ order, items, role = 'owner', pricingHidden = false, Settings }: OrderPageOptions) {
  const rules = rulesWith();
  render(
    <Provider store={storeFor(role)}>
      <OrderEditor
        order={order}
        data={data(items)}
        catalogue={catalogue}
        engine={engine(rules)}
        org={statusOrg(role)}
        rules={rules}
        employee={role === 'owner' || role === 'member'}
        pricingHidden={pricingHidden}
        writes={fakeWrites(items)}
        saveDebounceMs={0}
        dialogs={{ OrderSettingsDialog: (Settings ?? vi.fn(() => <div data-testid="settings-open" />)) as never }}
      />
    </Provider>,
  );
  return userEvent.setup();
}
