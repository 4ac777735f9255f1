import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import Stripe from 'stripe';
import { signIn, sameOrigin } from '../tests/helpers.ts';

/**
 * Two API processes behind nginx on one database (docs/operations.md): nothing a person does depends on
 * which process answers, and one process going away mid-journey loses nothing. Run in order: the last
 * journey kills the first process.
 */
test.describe.configure({ mode: 'serial' });

const UPSTREAMS = (process.env.E2E_UPSTREAMS ?? '').split(',').filter(Boolean);
const PIDS = (process.env.E2E_UPSTREAM_PIDS ?? '').split(',').filter(Boolean).map(Number);
const ACCESS_LOG = process.env.E2E_PROXY_ACCESS_LOG ?? '';

test.beforeAll(() => {
  expect(UPSTREAMS, 'E2E_UPSTREAMS names the two API processes').toHaveLength(2);
  expect(PIDS).toHaveLength(2);
});

/**
 * The processes (host:port) that answered the requests whose path starts with `prefix`, by the proxy's
 * access log (`id status method path addresses`; a request passed on after a refusal lists every
 * process tried, the one that answered last).
 */
function answeredBy(prefix: string, since: number): Set<string> {
  const lines = readFileSync(ACCESS_LOG, 'utf8').split('\n').slice(since);
  const fields = lines.map((l) => l.split(' ')).filter((f) => f.length >= 5 && f[3]!.startsWith(prefix));
  return new Set(fields.map((f) => f[f.length - 1]!));
}
const logLength = () => readFileSync(ACCESS_LOG, 'utf8').split('\n').length - 1;

/** A JSON call straight to one process (not through the proxy), as a browser of that origin would send it. */
async function call(request: APIRequestContext, origin: string, path: string, body: unknown, cookie?: string) {
  const res = await request.post(origin + path, { data: body, headers: { origin, ...(cookie ? { cookie } : {}) } });
  return { status: res.status(), headers: res.headers(), json: (await res.json()) as { data?: any; error?: { code: string; message: string } } };
}

const sessionCookieOf = (headers: Record<string, string>) => /cpq_session=[^;]+/.exec(headers['set-cookie'] ?? '')?.[0] ?? '';

test('a person signed in on one process goes on on the other, and the proxy spreads a journey over both', async ({ page, request }) => {
  const [a, b] = UPSTREAMS as [string, string];
  const login = await call(request, a, '/api/auth/login', { email: 'member-850@demo.test', password: 'demo' });
  expect(login.status).toBe(200);
  const cookie = sessionCookieOf(login.headers);
  expect(cookie).not.toBe('');
  const session = await request.get(`${b}/api/auth/session`, { headers: { cookie } });
  expect(session.status()).toBe(200);
  expect(((await session.json()) as { data: { user: { email: string } } }).data.user.email).toBe('member-850@demo.test');

  const from = logLength();
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/orders');
  await expect(page.getByRole('table')).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('app-header')).toBeVisible();
  // Both processes answered API calls of this journey, and every answer names its request's id.
  expect(answeredBy('/api/', from).size).toBe(2);
  const res = await page.request.get('/api/auth/session');
  expect(res.headers()['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
});

test('sign-in attempts are counted across both processes', async ({ request }) => {
  const [a, b] = UPSTREAMS as [string, string];
  const email = `nobody-${Date.now()}@proxy.test`;
  // Five free failures per email, whichever process counts them; the sixth is refused by either.
  for (let i = 0; i < 5; i++) expect((await call(request, i % 2 ? b : a, '/api/auth/login', { email, password: 'wrong' })).status).toBe(401);
  const refusedA = await call(request, a, '/api/auth/login', { email, password: 'wrong' });
  const refusedB = await call(request, b, '/api/auth/login', { email, password: 'wrong' });
  expect([refusedA.status, refusedB.status]).toEqual([429, 429]);
  expect(Number(refusedB.headers['retry-after'])).toBeGreaterThan(0);
});

test('a catalogue change made through one process is seen through the other at once', async ({ request }) => {
  const [a, b] = UPSTREAMS as [string, string];
  const cookie = sessionCookieOf((await call(request, a, '/api/auth/login', { email: 'owner-850@demo.test', password: 'demo' })).headers);
  const home = async (origin: string) => (await call(request, origin, '/api/configurator/get-configurator-homepage-data', { orgId: 850 }, cookie)).json.data as { products: Array<{ id: number; title: string }> };
  const before = (await home(b)).products.find((p) => p.id === 98)!.title;
  const title = `${before} (renamed ${Date.now()})`;
  expect((await call(request, a, '/api/resources/products/update', { where: { id: 98 }, props: { title } }, cookie)).status).toBe(200);
  expect((await home(b)).products.find((p) => p.id === 98)!.title).toBe(title);
  expect((await call(request, b, '/api/resources/products/update', { where: { id: 98 }, props: { title: before } }, cookie)).status).toBe(200);
  expect((await home(a)).products.find((p) => p.id === 98)!.title).toBe(before);
});

test('a payment webhook delivered to both processes at once is applied once', async ({ request }) => {
  const payload = JSON.stringify({ id: `evt_proxy_${Date.now()}`, object: 'event', type: 'customer.created', data: { object: { id: 'cus_proxy', object: 'customer' } } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: process.env.E2E_STRIPE_WEBHOOK_SECRET ?? '' });
  const deliver = (origin: string) => request.post(`${origin}/api/webhooks/payments`, { data: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  const answers = await Promise.all(UPSTREAMS.map(deliver));
  expect(answers.map((r) => r.status())).toEqual([200, 200]);
  // The provider reads the answer at the top level (no `data`): received, and whether it was a repeat.
  const bodies = await Promise.all(answers.map(async (r) => (await r.json()) as { received: boolean; duplicate?: boolean }));
  expect(bodies.filter((d) => d.duplicate === true)).toHaveLength(1);
  expect(bodies.filter((d) => d.received && !d.duplicate)).toHaveLength(1);
});

async function newOrder(page: Page): Promise<number> {
  const res = await page.request.post('/api/configurator/create-product-order', { headers: sameOrigin(page), data: { productOrderProps: { orgId: 850, productCategoryId: 1 } } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { orgSpecificId: number } }).data.orgSpecificId;
}

test('one process killed mid-journey: the other answers through the proxy, and nothing is lost', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  const n = await newOrder(page);
  await page.goto(`/orders/${n}`);
  await page.getByTestId('project-info-skip').click();
  await page.getByTestId('pick-product-99').click();
  await page.getByTestId('add-item-title').fill('Hall');
  await page.getByTestId('add-item-title').press('Enter');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');

  // The first process goes away at once (no graceful stop).
  process.kill(PIDS[0]!, 'SIGKILL');
  const from = logLength();
  await page.getByTestId('instance-title').fill('Hall east');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');
  await page.getByTestId('instance-quantity').fill('4');
  await page.getByTestId('instance-quantity').press('Enter');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');

  // A fresh load of the order shows both changes, and the one left answered everything since.
  await page.reload();
  await expect(page.getByTestId('instance-title')).toHaveValue('Hall east');
  await expect(page.getByTestId('instance-quantity')).toHaveValue('4');
  expect([...answeredBy('/api/', from)]).toEqual([new URL(UPSTREAMS[1]!).host]);
});
