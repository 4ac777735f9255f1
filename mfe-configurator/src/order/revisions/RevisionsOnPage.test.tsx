// @vitest-environment jsdom
// The revisions panel as the order page mounts it: who sees it, and a restore that has the page read
// the order again (every item is a new row afterwards, so the editor is drawn afresh).
import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { api, type OrderData } from '@cpq/client';
import { data, item } from '../editor/fixtures.test-utils.ts';
import { resetOrderPageEachTest, showOrderPage } from '../orderPage.test-utils.tsx';
import { statusOrder } from '../status/harness.test-utils.tsx';
import { revisionsAnswer, summary } from './fixtures.test-utils.ts';

vi.mock('@cpq/client', async (importOriginal) => (await import('./fixtures.test-utils.ts')).mockRevisionClient(await importOriginal<typeof import('@cpq/client')>()));

resetOrderPageEachTest();

const items = [item({ id: 1, title: 'Hall', quantity: 2 }), item({ id: 2, title: 'Kitchen' })];
const TWO = [summary(2, { reason: 'reopened', userName: 'Olivia Owner' }), summary(1)];

describe('the revisions panel on the order page', () => {
  it('shows an order with revisions to employees and customers, below the editor and above the history', async () => {
    vi.mocked(api.getOrderRevisions).mockResolvedValue(revisionsAnswer(TWO));
    for (const role of ['owner', 'guest']) {
      showOrderPage({ order: statusOrder({ quoteRevision: 2 }), items, role });
      const panel = screen.getByRole('region', { name: 'Revisions' });
      expect(await within(panel).findAllByTestId('revision-row')).toHaveLength(2);
      const history = screen.queryByTestId('status-history');
      if (role === 'owner') expect(panel.compareDocumentPosition(history!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      else expect(history).toBeNull();
      const cart = screen.getByRole('region', { name: /cart/i });
      expect(cart.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(within(panel).queryAllByRole('button', { name: 'Start a new revision from this one' })).toHaveLength(role === 'owner' ? 1 : 0);
      cleanup();
    }
  });

  it('is not there for an order never submitted', () => {
    showOrderPage({ order: statusOrder({ quoteRevision: 0 }), items });
    expect(screen.queryByTestId('revisions-panel')).toBeNull();
    expect(api.getOrderRevisions).not.toHaveBeenCalled();
  });

  it('after a restore, the page reads the order again and shows its items as restored', async () => {
    vi.mocked(api.getOrderRevisions).mockResolvedValue(revisionsAnswer(TWO));
    vi.mocked(api.restoreRevision).mockResolvedValue({ revisionNumber: 3 });
    // The order as the server holds it after the restore: revision 3, its items written again with new ids.
    const restored: OrderData = { ...data([item({ id: 31, title: 'Porch', quantity: 5 })]), productOrders: [statusOrder({ quoteRevision: 3, title: 'Porch order' })] } as OrderData;
    vi.mocked(api.orderData).mockResolvedValue(restored);
    const user = showOrderPage({ order: statusOrder({ quoteRevision: 2 }), items });
    const panel = screen.getByRole('region', { name: 'Revisions' });
    const rows = await within(panel).findAllByTestId('revision-row');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Start a new revision from this one' }));
    await user.click(screen.getByRole('button', { name: 'Start new revision' }));

    expect((await screen.findByTestId('revisions-notice')).textContent).toContain('Revision 3 started from revision 1.');
    expect(api.restoreRevision).toHaveBeenCalledWith({ productOrderId: 7, revisionNumber: 1 });
    expect(api.orderData).toHaveBeenCalledWith({ orgId: 850, productOrderOrgSpecificId: 12 });
    const cart = screen.getByTestId('cart');
    await waitFor(() => expect(cart.textContent).toContain('Porch'));
    expect(cart.textContent).not.toContain('Hall');
    expect(screen.getByTestId('order-title').textContent).toBe('Porch order');
    // The panel and the timeline were read again; the focus is on the panel that says what happened.
    expect(vi.mocked(api.getOrderRevisions).mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Revisions' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
