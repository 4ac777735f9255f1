import { expect, test, type Page, type Response } from '@playwright/test';
import { ORG_IDS, signIn, signOut, snap } from './helpers.ts';

/** Code found only in React's own module body, and only in react-dom/client's: each must be downloaded once. */
const REACT_MARKER = /Children=\{map:/;
const REACT_DOM_MARKER = /\.hydrateRoot=function/;
/**
 * A hook name that only the Module Federation runtime core defines (the bundler runtime every
 * remote entry keeps calls it under another name): the files carrying it are the runtime's copies.
 */
const FEDERATION_RUNTIME_MARKER = /beforeInitContainer/;

/**
 * Records the page's Content-Security-Policy violations from its start (the portal sends a strict
 * policy: scripts from the portal only, no inline script, no eval): the `securitypolicyviolation`
 * events of each document, and Chromium's console reports, which outlive a reload.
 */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const reported: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) reported.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} in ${e.sourceFile}`));
  });
  return async () => [...reported, ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []))];
}

/** Every script a full load of `path` downloads, by URL, with its text and response headers. */
async function scriptsOfLoad(page: Page, path: string, ready: () => Promise<void>) {
  const scripts = new Map<string, { body: string; headers: Record<string, string> }>();
  const pending: Promise<void>[] = [];
  const listener = (res: Response) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(
      Promise.all([res.text(), res.allHeaders()]).then(
        ([body, headers]) => void scripts.set(res.url(), { body, headers }),
        () => undefined,
      ),
    );
  };
  page.on('response', listener);
  await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  page.off('response', listener);
  return scripts;
}

test('one federation runtime and one React on a page: the home page and an order page, each loaded afresh', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await expect(page.getByTestId('home-page')).toBeVisible();
  const loads: Array<[string, () => Promise<void>]> = [
    ['/', () => expect(page.getByTestId('home-page')).toBeVisible()],
    ['/orders/1', () => expect(page.getByTestId('order-total')).toBeVisible()],
  ];
  for (const [path, ready] of loads) {
    // A fresh cache each time: every file the page needs crosses the network and is counted.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const scripts = await scriptsOfLoad(page, path, ready);
    const urls = [...scripts.keys()].map((u) => new URL(u).pathname);
    const carrying = (marker: RegExp) => [...scripts].filter(([, s]) => marker.test(s.body)).map(([u]) => new URL(u).pathname);
    // Two builds at least (the shell and the area's remote, plus the organisation's plugin) ...
    expect(urls.some((u) => u.startsWith('/remotes/mfe-configurator/')), `${path}: configurator scripts`).toBe(true);
    expect(urls.some((u) => u.startsWith('/plugins/org-850/')), `${path}: plugin scripts`).toBe(true);
    // ... and one copy of each runtime among them.
    expect(carrying(FEDERATION_RUNTIME_MARKER), `${path}: files carrying the federation runtime`).toHaveLength(1);
    expect(carrying(REACT_MARKER), `${path}: files defining React`).toHaveLength(1);
    expect(carrying(REACT_DOM_MARKER), `${path}: files defining react-dom`).toHaveLength(1);

    // Served compressed (all but files under 1 KB); content-hashed files cached for a year, entries revalidated.
    for (const [url, { body, headers }] of scripts) {
      const name = new URL(url).pathname.split('/').pop()!;
      if (body.length >= 1024) expect(headers['content-encoding'], `${name} encoding`).toMatch(/^(br|gzip)$/);
      if (/\.[0-9a-f]{8}\.js$/.test(name)) expect(headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
      else expect(headers['cache-control'], name).toBe('no-cache');
    }
  }
});

test('React is loaded once and each area comes from its own remote build', async ({ page }) => {
  const violations = await watchCsp(page);
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
  // Every area mounted under the Content-Security-Policy without tripping it.
  expect(await violations()).toEqual([]);
});

test('the portal is served with a strict Content-Security-Policy, and every organisation loads its plugin under it', async ({ page }) => {
  const violations = await watchCsp(page);
  const res = await page.goto('/');
  const csp = (await res!.allHeaders())['content-security-policy'] ?? '';
  const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '));
  expect(scriptSrc).toBe("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'self'");
  // No inline script in the page itself: every <script> names its file.
  expect(await page.locator('script:not([src])').count()).toBe(0);
  for (const orgId of ORG_IDS) {
    const plugin = page.waitForResponse((r) => r.url().includes(`/plugins/org-${orgId}/`));
    await signIn(page, `owner-${orgId}@demo.test`);
    await expect(page.locator('[data-remote="mfe-configurator"]')).toBeVisible();
    expect((await plugin).ok(), `org-${orgId} plugin`).toBe(true);
    expect(await violations(), `violations with organisation ${orgId}`).toEqual([]);
    await signOut(page);
  }
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
