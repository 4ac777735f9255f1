import { expect, type Browser, type Locator, type Page, type Response } from '@playwright/test';
import path from 'node:path';

export const PASSWORD = 'demo';
export const ORG_IDS = [850, 1053, 1798, 1392, 1450] as const;

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByTestId('app-header')).toBeVisible();
}

/**
 * Where a journey's screenshot for people to look at goes: e2e/screenshots (git-ignored), never the
 * repository's documents, so a test run leaves the checkout as it found it.
 */
function screenshotPath(name: string): string {
  return path.join(import.meta.dirname, '..', 'screenshots', `${name}.png`);
}

/**
 * Whether this run keeps screenshots for people to look at. npm test's second run (MySQL/MariaDB)
 * does not: it draws the same pages, and its screenshots would only overwrite the first run's.
 */
export const KEEP_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== 'off';

/**
 * A screenshot in e2e/screenshots for a person to look at: a page whole (or only the window, with
 * `fullPage: false`), or one element. Never an assertion: visual comparisons use toHaveScreenshot.
 */
export async function snap(target: Page | Locator, name: string, { fullPage = true } = {}): Promise<void> {
  if (!KEEP_SCREENSHOTS) return;
  if ('goto' in target) await target.screenshot({ path: screenshotPath(name), fullPage });
  else await target.screenshot({ path: screenshotPath(name) });
}

/** Signs out and waits until the full reload that follows has shown the sign-in page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /sign out/i }).click();
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  await page.waitForLoadState('load');
}

/**
 * Headers for an API write made with `page.request` (it carries the page's cookies): the Origin the
 * page's own fetch would send. The API refuses a signed-in write that names no origin of its own
 * (docs/decisions/0046-api-hardening.md).
 */
export function sameOrigin(page: Page): { origin: string } {
  return { origin: new URL(page.url()).origin };
}

/** A call of the API as the signed-in person of `page`; fails the test unless it answers 200. Answers `data`. */
export async function apiPost<T>(page: Page, url: string, body: unknown): Promise<T> {
  const res = await page.request.post(url, { data: body, headers: sameOrigin(page) });
  const json = (await res.json()) as { data?: T; error?: { message: string } };
  expect(res.status(), `${url}: ${json.error?.message ?? ''}`).toBe(200);
  return json.data as T;
}

/** A page in a browser context of its own, not signed in (someone opening a link they were sent). */
export async function freshPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** A person signed in in a browser context of their own (an optional viewport, e.g. a 390 px phone). */
export async function personAt(browser: Browser, email: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  await signIn(page, email);
  return page;
}

/** A keypad (850's product 98) with every required option chosen (decision 0091): Satin Brass, the rest the choices that cost nothing. */
export const KEYPAD = { '8': { optionId: 200 }, '9': { optionId: 204 }, '12': { optionId: 218 }, '11': { optionId: 212 }, '7': { optionId: 23 }, '26': { optionId: 138 }, '10': { optionId: 211 } };

/** An order as the journeys name it: its id, its number within the organisation, its title. */
export interface OrderRef {
  id: number;
  orgSpecificId: number;
  title: string;
}

/** One keypad line of a guest's order: its title, how many, the options chosen. */
export interface KeypadLine {
  title: string;
  quantity: number;
  properties: Record<string, { optionId: number }>;
}

/**
 * A guest's 850 order with contact details complete (so Submit is on offer) and the given keypad
 * lines, made through the API as the signed-in guest of `guest`.
 */
export async function guestOrder(guest: Page, title: string, lines: KeypadLine[]): Promise<OrderRef> {
  const created = await apiPost<OrderRef>(guest, '/api/configurator/create-product-order', { productOrderProps: { orgId: 850, productCategoryId: 1 } });
  const order = await apiPost<OrderRef>(guest, '/api/resources/productOrders/update', {
    where: { id: created.id },
    props: {
      title,
      promptedForProjectInfo: 1,
      phone: '2075550100',
      firmName: 'Quay Street Builders',
      clientEmails: ['buyer@quay.example'],
      deliveryAddress: { streetAddress: '1 Quay St', city: 'Portland', state: 'ME', zip: '04101', country: 'US' },
    },
  });
  for (const line of lines) {
    await apiPost(guest, '/api/resources/productInstances/create', { props: { productOrderId: order.id, productId: 98, ...line } });
  }
  return order;
}

/** Opens an order's page and waits until its title and status header are drawn. */
export async function openOrder(page: Page, order: { orgSpecificId: number; title: string }): Promise<void> {
  await page.goto(`/orders/${order.orgSpecificId}`);
  await expect(page.getByTestId('order-title')).toHaveText(order.title);
  await expect(page.getByTestId('status-header')).toBeVisible();
}

/**
 * What a person from whom prices are hidden must never receive, written from the rule: costs, prices,
 * pricing rules and their steps, explanations, classifier numbers, any amount in cents.
 */
const PRICE_KEY =
  /^(costs|orderTotal|orderSubTotal|depositAmount|priceInCents|classifications|productPricingRuleId|productPricingRules|versions|expressions|explanation|numbers|discountPercentage|discountFlatAmount|taxPercentage|tariffPercentage|shippingPercentage|shippingFlatAmount|pricingRuleVersion|exportPriceData)$|InCents$/;

/** A value that says something: not zero, empty, null or false. */
const carriesSomething = (v: unknown): boolean =>
  typeof v === 'number' ? v !== 0 : typeof v === 'string' ? v !== '' && v !== '0' : Array.isArray(v) ? v.length > 0 : !!v && typeof v === 'object' && Object.keys(v).length > 0;

/** Paths of the price keys with a value in an answer. */
export function pricesIn(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => pricesIn(v, `${at}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [...(PRICE_KEY.test(k) && carriesSomething(v) ? [`${at}.${k}`] : []), ...pricesIn(v, `${at}.${k}`)]);
}

/** Every JSON answer of the API the page receives from now on. */
export function recordApiAnswers(page: Page): Array<{ url: string; body: unknown }> {
  const seen: Array<{ url: string; body: unknown }> = [];
  page.on('response', (res: Response) => {
    if (!res.url().includes('/api/') || !(res.headers()['content-type'] ?? '').includes('json')) return;
    void res.json().then(
      (body) => seen.push({ url: res.url(), body }),
      () => undefined,
    );
  });
  return seen;
}
