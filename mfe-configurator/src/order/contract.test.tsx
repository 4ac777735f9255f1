// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';

/**
 * The shell loads this remote's exposes ('./order', './home') and runs their single-spa lifecycles
 * (shell/src/applications.tsx: bootstrap, then mount and unmount with `domElement`, the element the
 * shell made for the application). Here they run the same way in jsdom.
 */
vi.mock('@cpq/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@cpq/client')>();
  // No session: the pages stay in their loading state and call nothing.
  return { ...actual, api: { ...actual.api, orderData: vi.fn(() => new Promise(() => undefined)), catalogue: vi.fn(() => new Promise(() => undefined)), homepageData: vi.fn(() => new Promise(() => undefined)) } };
});

type Lifecycle = (props: Record<string, unknown>) => Promise<unknown>;
interface Lifecycles {
  bootstrap: Lifecycle | Lifecycle[];
  mount: Lifecycle | Lifecycle[];
  unmount: Lifecycle | Lifecycle[];
}

async function run(fn: Lifecycle | Lifecycle[], props: Record<string, unknown>) {
  for (const f of Array.isArray(fn) ? fn : [fn]) await f(props);
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe.each([
  ['order', () => import('./spa.tsx'), '/orders/12'],
  ['home', () => import('../home/spa.tsx'), '/'],
])('the %s expose, as the shell runs it', (page, load, url) => {
  it('bootstraps, mounts into the element the shell gives, and unmounts leaving it empty', async () => {
    window.history.replaceState(null, '', url);
    const app = (await load()) as unknown as Lifecycles;
    const domElement = document.createElement('div');
    document.body.appendChild(domElement);
    const props = { name: `mfe_configurator/${page}`, domElement, singleSpa: {}, mountParcel: vi.fn() };
    await run(app.bootstrap, props);
    await run(app.mount, props);
    await waitFor(() => expect(domElement.querySelector('[data-remote="mfe-configurator"]')).not.toBeNull());
    expect(domElement.querySelector('[data-remote="mfe-configurator"]')!.getAttribute('data-page')).toBe(page);
    await run(app.unmount, props);
    expect(domElement.innerHTML).toBe('');
  });
});
