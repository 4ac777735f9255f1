// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { announcePageShown } from '@cpq/ui';
import type { BootState } from './boot.ts';
import { FIRST_VIEW_ID, handOverFirstView, type BootWatch } from './firstView.ts';

/** A start-up state that the test moves on by hand. */
function bootWatch(initial: BootState): BootWatch & { set(state: BootState): void } {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    sub: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    set(next) {
      state = next;
      for (const l of [...listeners]) l();
    },
  };
}

const firstView = () => document.getElementById(FIRST_VIEW_ID);

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = `<div id="${FIRST_VIEW_ID}" aria-hidden="true"><div>Configuration System</div></div><div id="cpq-chrome"></div>`;
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the first view of /', () => {
  it('stays while the portal starts and while the home page loads, and goes once the home page has drawn itself', () => {
    const boot = bootWatch({ status: 'loading' });
    handOverFirstView(boot);
    expect(firstView()).not.toBeNull();
    boot.set({ status: 'ready' });
    expect(firstView()).not.toBeNull();
    announcePageShown();
    expect(firstView()).toBeNull();
    expect(document.getElementById('cpq-chrome')).not.toBeNull();
  });

  it('goes at once when start-up ends on another screen (sign-in, an error, a plugin that failed)', () => {
    for (const state of [{ status: 'signedOut' }, { status: 'failed', message: 'x' }, { status: 'pluginFailed', orgTitle: 'Org', message: 'x', retrying: false }] as BootState[]) {
      document.body.innerHTML = `<div id="${FIRST_VIEW_ID}"></div>`;
      const boot = bootWatch({ status: 'loading' });
      handOverFirstView(boot);
      boot.set(state);
      expect(firstView(), state.status).toBeNull();
    }
  });

  it('goes when the portal is ready on another address than the home page', () => {
    const boot = bootWatch({ status: 'loading' });
    handOverFirstView(boot);
    window.history.replaceState(null, '', '/orders');
    boot.set({ status: 'ready' });
    expect(firstView()).toBeNull();
  });

  it('goes when the address leaves the home page while the portal is ready (a link followed before the home page drew)', () => {
    const boot = bootWatch({ status: 'ready' });
    handOverFirstView(boot);
    expect(firstView()).not.toBeNull();
    window.history.pushState(null, '', '/orders');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(firstView()).toBeNull();
  });

  it('does nothing on a page without a first view', () => {
    document.body.innerHTML = '<div id="cpq-chrome"></div>';
    const boot = bootWatch({ status: 'loading' });
    handOverFirstView(boot);
    boot.set({ status: 'signedOut' });
    announcePageShown();
    expect(document.getElementById('cpq-chrome')).not.toBeNull();
  });
});
