import { expect, test, type Response } from '@playwright/test';
import { signIn, snap } from './helpers.ts';

/** Code found only in React's own module body, and only in react-dom/client's: each must be downloaded once. */
const REACT_MARKER = /Children=\{map:/;
const REACT_DOM_MARKER = /\.hydrateRoot=function/;

test('React is loaded once and each area comes from its own remote build', async ({ page }) => {
  const scripts = new Map<string, string>();
  const pending: Promise<void>[] = [];
  page.on('response', (res: Response) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(res.text().then((body) => void scripts.set(res.url(), body), () => undefined));
  });

  await signIn(page, 'owner-850@demo.test');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.locator('[data-remote="mfe-configurator"]')).toBeVisible();

  const areas: Array<[string, string]> = [
    ['/orders', 'mfe-orders'],
    ['/orders/1/documents', 'mfe-documents'],
    ['/orders/1/drawings', 'mfe-spatial'],
    ['/admin/products', 'mfe-admin'],
    ['/orders/1', 'mfe-configurator'],
  ];
  for (const [path, remote] of areas) {
    await page.evaluate((p) => (window as unknown as { singleSpaNavigate: (u: string) => void }).singleSpaNavigate(p), path);
    await expect(page.locator(`[data-remote="${remote}"]`)).toBeVisible();
  }
  await Promise.all(pending);

  const urls = [...scripts.keys()];
  for (const [, remote] of areas) {
    expect(urls.some((u) => new URL(u).pathname.startsWith(`/remotes/${remote}/`)), `${remote} scripts`).toBe(true);
  }
  const withReact = urls.filter((u) => REACT_MARKER.test(scripts.get(u)!));
  const withReactDom = urls.filter((u) => REACT_DOM_MARKER.test(scripts.get(u)!));
  expect(withReact, 'files defining React').toHaveLength(1);
  expect(withReactDom, 'files defining react-dom').toHaveLength(1);
});

test('a remote that fails to load leaves the rest of the portal working', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await page.route('**/remotes/mfe-orders/**', (route) => route.abort());
  await page.getByTestId('my-orders-link').click();
  const error = page.getByTestId('remote-error');
  await expect(error).toBeVisible();
  await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByTestId('app-header')).toBeVisible();
  await snap(page, 'remote-error');

  // Other areas still work.
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByTestId('home-page')).toBeVisible();

  // Coming back still shows the error while the remote is down; once it is reachable, Retry mounts it.
  await page.getByTestId('my-orders-link').click();
  await expect(page.getByTestId('remote-error')).toBeVisible();
  await page.unroute('**/remotes/mfe-orders/**');
  await page.getByTestId('remote-error').getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('[data-remote="mfe-orders"]')).toBeVisible();
  await expect(page.getByTestId('remote-error')).toHaveCount(0);
});
