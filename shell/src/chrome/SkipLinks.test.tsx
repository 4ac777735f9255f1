// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { activeOrgIdAtom, missingOrderPathAtom, portalStore, sessionAtom } from '@cpq/client';
import type { SessionData } from '@cpq/domain';
import { matchRoute } from '../routes.ts';
import { Header } from './Header.tsx';
import { SkipLinks } from './SkipLinks.tsx';

const session = {
  user: { id: 7, email: 'olivia@lumen.test', name: 'Olivia Owner', firstName: 'Olivia', lastName: 'Owner' },
  organisations: [
    { id: 850, title: 'Lumen & Brass', role: 'owner', appData: { designEngine: {} } },
    { id: 1053, title: 'Nordvik Millwork', role: 'owner', appData: { designEngine: {} } },
  ],
  engineVersion: 'test',
} as unknown as SessionData;

/** The shell's chrome over an order page: a header with many stops, then the order's controls in <main>. */
function show(orderPage: React.ReactNode, path = '/orders/12') {
  render(
    <Provider store={portalStore}>
      <SkipLinks onOrder={path === '/orders/12'} />
      <Header route={matchRoute(path)} pathname={path} />
      <main id="cpq-main">{orderPage}</main>
    </Provider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', async () => ({ ok: false, status: 404, text: async () => '{}' }));
  portalStore.set(sessionAtom, session);
  portalStore.set(activeOrgIdAtom, 850);
  portalStore.set(missingOrderPathAtom, null);
  // jsdom lays nothing out: every element counts as shown unless a test says otherwise.
  vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
    return (this.closest('.gone') ? [] : [{}]) as unknown as DOMRectList;
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const controls = (submit: React.ReactNode) => (
  <div data-order-actions="">
    <button type="button">View Cart</button>
    <button type="button">Edit Order Details</button>
    <button type="button">Add item</button>
    {submit}
  </div>
);

describe('skip links', () => {
  it('are the first two Tab stops, and "Skip to order actions" lands on Submit: Submit in 2 Tabs and Enter', async () => {
    show(controls(<button type="button" data-primary-action="">Submit</button>));
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Skip to main content' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Skip to order actions' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Submit' }));
    expect(window.location.hash).toBe('');
  });

  it('with no usable primary action (a locked order, or one out of sight), lands on the actions area', async () => {
    show(
      controls(
        <>
          <span className="gone">
            <button type="button" data-primary-action="">Submit</button>
          </span>
          <button type="button" data-primary-action="" disabled>
            Approve
          </button>
        </>,
      ),
    );
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    const area = document.querySelector('[data-order-actions]');
    expect(document.activeElement).toBe(area);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'View Cart' }));
  });

  it('on a phone it lands on the primary action in view (the bar\'s Approve), not the same action further down the page', async () => {
    show(
      <>
        {controls(null)}
        <section>
          <button type="button" data-primary-action="" data-testid="page-approve">
            Approve
          </button>
        </section>
        <div className="bar">
          <button type="button" data-primary-action="" data-testid="bar-approve">
            Approve
          </button>
        </div>
      </>,
    );
    // The page's Approve sits below the fold of an 844 px screen; the bar's is pinned at its bottom.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const top = this.closest('.bar') ? 790 : 1400;
      return { top, bottom: top + 44, left: 16, right: 200, width: 184, height: 44, x: 16, y: top } as DOMRect;
    });
    vi.stubGlobal('innerHeight', 844);
    vi.stubGlobal('innerWidth', 390);
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByTestId('bar-approve'));
  });

  it('"Skip to main content" moves focus into <main>; off an order there is no order link', async () => {
    show(<p>Orders</p>, '/orders');
    expect(screen.queryByRole('link', { name: 'Skip to order actions' })).toBeNull();
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(document.getElementById('cpq-main'));
  });
});
