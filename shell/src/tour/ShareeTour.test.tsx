// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { portalStore, sessionAtom } from '@cpq/client';
import type { SessionData } from '@cpq/domain';
import { startGuidedTour } from '@cpq/ui';
import { SHAREE_TOUR_FLAG } from '../shareEntry.ts';
import { ShareeTour } from './ShareeTour.tsx';
import { TOUR_STEPS, tourDoneKey } from './steps.ts';

const sessionOf = (id: number) => ({ user: { id, email: `u${id}@client.test`, name: 'U', firstName: 'U', lastName: String(id) }, organisations: [], engineVersion: 't' }) as unknown as SessionData;

/** The order page as the configurator draws it, with the controls the tour names (some left out per test). */
function page(without: string[] = []) {
  const names = ['status', 'review-summary', 'item-editor', 'cart', 'price-summary', 'add-item', 'submit', 'share'].filter((n) => !without.includes(n));
  const root = document.createElement('div');
  root.id = 'test-page';
  root.innerHTML =
    `<button id="before">Somewhere on the page</button><div data-tour="order-editor">` +
    names.map((n) => `<section data-tour="${n}">${n}</section>`).join('') +
    `</div>`;
  document.body.appendChild(root);
  return root;
}

function mount() {
  return render(
    <Provider store={portalStore}>
      <ShareeTour />
    </Provider>,
  );
}
const tour = () => screen.queryByRole('dialog');
const title = () => tour()?.querySelector('h2')?.textContent;
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  sessionStorage.clear();
  localStorage.clear();
  portalStore.set(sessionAtom, sessionOf(7));
});
afterEach(() => {
  cleanup();
  document.getElementById('test-page')?.remove();
  vi.useRealTimers();
});

describe('the sharee tour', () => {
  it('starts 1 s after the order page has loaded, for a person who arrived through a share link', async () => {
    sessionStorage.setItem(SHAREE_TOUR_FLAG, '1');
    mount();
    await wait(5000);
    expect(tour()).toBeNull(); // the page has not loaded yet
    page();
    await act(async () => undefined); // the page's arrival is observed
    await wait(999);
    expect(tour()).toBeNull();
    await wait(1);
    expect(tour()).not.toBeNull();
    expect(tour()!.textContent).toContain(`Step 1 of ${TOUR_STEPS.length}`);
    expect(title()).toBe('Where it stands');
  });

  it('does not start for someone who did not arrive through a share link', async () => {
    page();
    mount();
    await wait(10_000);
    expect(tour()).toBeNull();
  });

  it('walks through the controls with Next and Back, skipping those not on the page, highlighting each', async () => {
    sessionStorage.setItem(SHAREE_TOUR_FLAG, '1');
    const root = page(['review-summary', 'cart', 'price-summary', 'submit']); // a customer: prices hidden, nothing to submit yet
    const status = root.querySelector<HTMLElement>('[data-tour="status"]')!;
    status.getBoundingClientRect = () => ({ top: 100, left: 40, width: 300, height: 50, bottom: 150, right: 340, x: 40, y: 100, toJSON: () => ({}) });
    mount();
    await wait(1000);
    expect(tour()!.textContent).toContain('Step 1 of 4');
    const hl = screen.getByTestId('tour-highlight');
    expect([hl.style.top, hl.style.left, hl.style.width, hl.style.height]).toEqual(['94px', '34px', '312px', '62px']);
    expect(screen.queryByTestId('tour-back')).toBeNull();
    const seen = [title()];
    for (let i = 0; i < 3; i++) {
      fireEvent.click(screen.getByTestId('tour-next'));
      seen.push(title());
    }
    expect(seen).toEqual(['Where it stands', 'Configure an item', 'Add an item', 'Share']);
    expect(screen.getByTestId('tour-next').textContent).toBe('Finish');
    fireEvent.click(screen.getByTestId('tour-back'));
    expect(title()).toBe('Add an item');
  });

  it('the cart step falls back to the price summary when the cart is hidden', async () => {
    sessionStorage.setItem(SHAREE_TOUR_FLAG, '1');
    page(['review-summary', 'cart']);
    mount();
    await wait(1000);
    fireEvent.click(screen.getByTestId('tour-next'));
    fireEvent.click(screen.getByTestId('tour-next'));
    expect(title()).toBe('Your items');
    expect(tour()!.getAttribute('data-target')).toBe('price-summary');
  });

  it('takes the focus, and gives it back when dismissed with Escape; not shown again to that user', async () => {
    sessionStorage.setItem(SHAREE_TOUR_FLAG, '1');
    page();
    const before = document.getElementById('before')!;
    before.focus();
    mount();
    await wait(1000);
    expect(document.activeElement).toBe(screen.getByTestId('tour-next'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(tour()).toBeNull();
    expect(document.activeElement).toBe(before);
    expect(localStorage.getItem(tourDoneKey(7))).toBe('1');
    cleanup();
    // Arriving through a share link again: not for user 7, but for another person in this browser.
    sessionStorage.setItem(SHAREE_TOUR_FLAG, '1');
    mount();
    await wait(2000);
    expect(tour()).toBeNull();
    cleanup();
    portalStore.set(sessionAtom, sessionOf(8));
    mount();
    await wait(1000);
    expect(tour()).not.toBeNull();
  });

  it('finishing it is remembered too, and Skip tour ends it', async () => {
    sessionStorage.setItem(SHAREE_TOUR_FLAG, '1');
    page();
    mount();
    await wait(1000);
    for (let i = 0; i < TOUR_STEPS.length; i++) fireEvent.click(screen.getByTestId('tour-next'));
    expect(tour()).toBeNull();
    expect(localStorage.getItem(tourDoneKey(7))).toBe('1');
    cleanup();
    portalStore.set(sessionAtom, sessionOf(9));
    sessionStorage.setItem(SHAREE_TOUR_FLAG, '1');
    mount();
    await wait(1000);
    fireEvent.click(screen.getByTestId('tour-skip'));
    expect(tour()).toBeNull();
    expect(localStorage.getItem(tourDoneKey(9))).toBe('1');
  });

  it('keeps Tab inside the tour', async () => {
    sessionStorage.setItem(SHAREE_TOUR_FLAG, '1');
    page();
    mount();
    await wait(1000);
    fireEvent.click(screen.getByTestId('tour-next')); // step 2: Skip, Back, Next
    const next = screen.getByTestId('tour-next');
    next.focus();
    fireEvent.keyDown(next, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByTestId('tour-skip'));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(next);
  });
});

describe('the "Guided Tour" button', () => {
  it('starts the tour at once for anyone, also after it was had, and from its first step', async () => {
    localStorage.setItem(tourDoneKey(7), '1'); // no share link, tour already had
    page(['review-summary']);
    const button = document.getElementById('before')!;
    button.focus();
    mount();
    await wait(5000);
    expect(tour()).toBeNull();
    act(() => startGuidedTour());
    expect(title()).toBe('Where it stands');
    expect(tour()!.textContent).toContain(`Step 1 of ${TOUR_STEPS.length - 1}`);
    fireEvent.click(screen.getByTestId('tour-next'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(tour()).toBeNull();
    expect(document.activeElement).toBe(button);
    act(() => startGuidedTour());
    expect(title()).toBe('Where it stands');
  });
});

describe('the tour targets', () => {
  it('are marked on the order page by the configurator, and SHARE by the header', () => {
    const read = (p: string) => readFileSync(new URL(p, import.meta.url), 'utf8');
    const sources = [
      '../../../mfe-configurator/src/order/editor/OrderEditor.tsx',
      '../../../mfe-configurator/src/order/editor/Cart.tsx',
      '../../../mfe-configurator/src/order/status/StatusHeader.tsx',
      '../../../mfe-configurator/src/order/status/StatusActions.tsx',
      '../../../mfe-configurator/src/order/status/ReviewSummary.tsx',
      '../chrome/Header.tsx',
    ]
      .map(read)
      .join('\n');
    for (const name of ['order-editor', ...TOUR_STEPS.flatMap((s) => s.targets)]) expect(sources, name).toContain(`data-tour="${name}"`);
  });
});
