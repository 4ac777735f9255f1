import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { apiPost, freshPage, pricesIn, recordApiAnswers, sameOrigin, signIn, snap } from './helpers.ts';

/**
 * Sharing, as people do it: an owner shares an order with a new email and with a member, and makes a
 * link; someone opens the link in a fresh browser (not signed in), gets the tour and the order; with
 * prices hidden from them, no price reaches their page nor their browser; a new link locks the old
 * one out and the person who came in only through it; removing a person removes their access. A link
 * to the documents or drawings tab opens that tab. The share mail is read from the outbox folder
 * (MAIL_OUTBOX_DIR, given to this run as E2E_MAIL_OUTBOX_DIR).
 */

const OUTBOX = process.env.E2E_MAIL_OUTBOX_DIR;
const LINK_INVALID = 'This share link is no longer valid. Ask the person who sent it for a new one.';
const ORDER_MISSING = "You might need to ask for an invite or the order you're looking for might have been deleted";

interface Order {
  id: number;
  orgSpecificId: number;
  title: string;
}

const fresh = freshPage;

async function mailTo(address: string): Promise<Array<{ subject: string; text: string }>> {
  const names = (await readdir(OUTBOX!).catch(() => [] as string[])).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
  const all = await Promise.all(names.map(async (n) => JSON.parse(await readFile(path.join(OUTBOX!, n), 'utf8')) as { to: string[] | string; subject: string; text: string }));
  return all.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).includes(address));
}

async function openShare(page: Page) {
  await page.getByTestId('share-button').click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog.getByTestId('collaborators')).toBeVisible();
  return dialog;
}

async function choose(page: Page, term: string, option: RegExp | string) {
  const search = page.getByTestId('sharee-search');
  await search.fill(term);
  await page.getByTestId('sharee-suggestions').getByRole('option', { name: option }).click();
}

test('an owner shares with a new email and a member and by link; the link opens the order with the tour; hidden prices never reach the page; a new link and a removal lock people out', async ({ browser }) => {
  expect(OUTBOX, 'E2E_MAIL_OUTBOX_DIR names the outbox folder the server writes to').toBeTruthy();
  const stamp = Date.now();
  const newEmail = `new.client.${stamp}@example.test`;

  // The owner's order, with an item so that it has prices.
  const owner = await (async () => {
    const p = await fresh(browser);
    await signIn(p, 'owner-850@demo.test');
    return p;
  })();
  const created = await apiPost<Order>(owner, '/api/configurator/create-product-order', { productOrderProps: { orgId: 850, productCategoryId: 1 } });
  const order = await apiPost<Order>(owner, '/api/resources/productOrders/update', { where: { id: created.id }, props: { title: `Shared keypads ${stamp}`, promptedForProjectInfo: 1 } });
  await apiPost(owner, '/api/resources/productInstances/create', { props: { productOrderId: order.id, productId: 98, title: 'Entry', quantity: 2, properties: { '7': { optionId: 23 } } } });
  await owner.goto(`/orders/${order.orgSpecificId}`);
  await expect(owner.getByTestId('order-title')).toHaveText(order.title);

  // 1. Share with a new email and with a member, with a note.
  let dialog = await openShare(owner);
  await expect(dialog.getByTestId('collaborators').locator('li')).toHaveCount(1);
  await choose(owner, newEmail, `"${newEmail}" (valid email)`);
  await choose(owner, 'member-850', /member-850@demo\.test/);
  await owner.getByTestId('sharee-search').fill('zzz-nobody');
  await expect(owner.getByTestId('sharee-suggestions')).toContainText('Please enter a valid collaborator or email');
  await owner.getByTestId('sharee-search').fill('');
  await expect(dialog.getByTestId('pending-sharee')).toHaveCount(2);
  await dialog.getByTestId('share-note').fill('Please check the engraving before Friday.');
  await snap(owner, 'sharing-01-owner-popup');
  const axe = await new AxeBuilder({ page: owner }).include('[data-testid="share-dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await dialog.getByTestId('share-send').click();
  await expect(dialog.getByTestId('share-send')).toHaveText(/just notified/i);
  await expect(dialog.getByTestId('pending-sharee')).toHaveCount(0);
  await expect(dialog.getByTestId('collaborators').locator('li')).toHaveCount(3);
  await expect(dialog.getByTestId('share-send')).not.toHaveText(/just notified/i);

  // The new person's mail carries the note and a link that opens the order for them.
  await expect.poll(async () => (await mailTo(newEmail)).length).toBe(1);
  const [invite] = await mailTo(newEmail);
  expect(invite!.text).toContain('Please check the engraving before Friday.');
  expect(await mailTo('member-850@demo.test')).not.toHaveLength(0);
  const personalLink = /https?:\/\/\S+shareToken=\S+/.exec(invite!.text)![0];
  const invited = await fresh(browser);
  await invited.goto(new URL(personalLink).pathname + new URL(personalLink).search);
  await expect(invited.getByTestId('order-title')).toHaveText(order.title);
  expect(invited.url()).not.toContain('shareToken');

  // 2. A shareable link, opened in a fresh browser by someone not signed in: the order, then the tour.
  await expect(dialog.getByTestId('share-link-days')).toHaveValue('30');
  await dialog.getByTestId('share-link-create').click();
  const firstLink = await dialog.getByTestId('share-link-field').inputValue();
  expect(firstLink).toMatch(/shareToken=[A-Za-z0-9_-]{43}/);
  // The link points at the address the portal was reached at (no PUBLIC_URL in this run), and says until when it works.
  expect(new URL(firstLink).origin).toBe(new URL(owner.url()).origin);
  await expect(dialog.getByTestId('share-link-expiry')).toHaveText(/^This link works until \d{1,2}\/\d{1,2}\/\d{4}\.$/);
  await snap(owner, 'sharing-02a-link-expiry');
  const linkPath = (link: string) => new URL(link).pathname + new URL(link).search;
  const visitor = await fresh(browser);
  await visitor.goto(linkPath(firstLink));
  await expect(visitor.getByTestId('order-title')).toHaveText(order.title);
  expect(visitor.url()).not.toContain('shareToken');
  const tour = visitor.getByTestId('sharee-tour');
  await expect(tour).toBeVisible();
  await snap(visitor, 'sharing-02-visitor-tour');
  while (await visitor.getByTestId('tour-next').isVisible()) {
    const next = visitor.getByTestId('tour-next');
    const last = /done|finish/i.test((await next.textContent()) ?? '');
    await next.click();
    if (last) break;
  }
  await expect(tour).toHaveCount(0);
  // Prices are visible to them so far (the owner made the link and sees prices).
  await expect(visitor.getByTestId('order-total')).toBeVisible();

  // 3. The owner hides prices from the visitor: nothing priced reaches their page or their browser.
  await owner.keyboard.press('Escape');
  dialog = await openShare(owner);
  const visitorId = ((await (await visitor.request.get('/api/auth/session')).json()) as { data: { user: { id: number } } }).data.user.id;
  const guestRow = dialog.getByTestId(`collaborator-${visitorId}`);
  await expect(guestRow).toContainText('Guest');
  await guestRow.getByTestId('pricing-toggle').click();
  await expect(guestRow.getByTestId('collaborator-pricing')).toContainText(/hidden/i);
  const answers = recordApiAnswers(visitor);
  await visitor.reload();
  await expect(visitor.getByTestId('order-title')).toHaveText(order.title);
  await expect(visitor.getByTestId('instance-title')).toBeVisible();
  await expect(visitor.getByTestId('sharee-tour')).toHaveCount(0); // not shown again once finished
  const text = await visitor.locator('body').innerText();
  expect(text).not.toMatch(/\$\s?\d/);
  await expect(visitor.getByTestId('order-total')).toHaveCount(0);
  await expect(visitor.getByTestId('price-summary')).toHaveCount(0);
  expect(answers.length).toBeGreaterThan(0);
  for (const a of answers) expect(pricesIn(a.body), a.url).toEqual([]);
  await snap(visitor, 'sharing-03-visitor-no-prices');

  // 4. A new link: the old one stops working, the new one works, and the visitor who came in only
  // through the old one loses the order (the person shared with by email keeps it).
  await dialog.getByTestId('share-link-create').click();
  await expect(dialog.getByTestId('share-link-field')).not.toHaveValue(firstLink);
  const secondLink = await dialog.getByTestId('share-link-field').inputValue();
  const late = await fresh(browser);
  await late.goto(linkPath(firstLink));
  await expect(late.getByText(LINK_INVALID)).toBeVisible();
  expect(late.url()).not.toContain('shareToken');
  await snap(late, 'sharing-04-old-link');
  // The account the link made is signed out: the page asks to sign in, the order answers nothing.
  await visitor.reload();
  await expect(visitor.getByRole('button', { name: /sign in/i })).toBeVisible();
  await expect(visitor.getByTestId('order-title')).toHaveCount(0);
  const shutOut = await visitor.request.post('/api/configurator/get-configurator-order-data', { headers: sameOrigin(visitor), data: { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId } });
  expect(shutOut.status()).toBe(401);
  await snap(visitor, 'sharing-04b-visitor-after-new-link');
  await invited.reload();
  await expect(invited.getByTestId('order-title')).toHaveText(order.title);
  const onTime = await fresh(browser);
  await onTime.goto(linkPath(secondLink));
  await expect(onTime.getByTestId('order-title')).toHaveText(order.title);

  // 5. Removing a person removes their access: the one who came in through the new link.
  await owner.keyboard.press('Escape');
  dialog = await openShare(owner);
  await expect(dialog.getByTestId(`collaborator-${visitorId}`)).toHaveCount(0);
  const onTimeId = ((await (await onTime.request.get('/api/auth/session')).json()) as { data: { user: { id: number } } }).data.user.id;
  const onTimeRow = dialog.getByTestId(`collaborator-${onTimeId}`);
  await onTimeRow.getByTestId('remove-collaborator').click();
  await onTimeRow.getByTestId('remove-confirm').click();
  await expect(onTimeRow).toHaveCount(0);
  await onTime.reload();
  await expect(onTime.getByRole('button', { name: /sign in/i })).toBeVisible();
  const gone = await onTime.request.post('/api/configurator/get-configurator-order-data', { headers: sameOrigin(onTime), data: { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId } });
  expect(gone.status()).toBe(401);
  // The person shared with by email, removed too, keeps their account but not the order.
  const invitedRow = dialog.getByTestId('collaborators').locator('li', { hasText: newEmail });
  await invitedRow.getByTestId('remove-collaborator').click();
  await invitedRow.getByTestId('remove-confirm').click();
  await expect(invitedRow).toHaveCount(0);
  await invited.reload();
  await expect(invited.getByText(ORDER_MISSING)).toBeVisible();
});

test('a share link to the documents or the drawings tab opens that tab, not the edit tab', async ({ browser }) => {
  const owner = await fresh(browser);
  await signIn(owner, 'owner-850@demo.test');
  const created = await apiPost<Order>(owner, '/api/configurator/create-product-order', { productOrderProps: { orgId: 850, productCategoryId: 1 } });
  const order = await apiPost<Order>(owner, '/api/resources/productOrders/update', { where: { id: created.id }, props: { title: `Linked tabs ${Date.now()}`, promptedForProjectInfo: 1 } });
  await apiPost(owner, '/api/resources/productInstances/create', { props: { productOrderId: order.id, productId: 98, title: 'Entry', quantity: 1, properties: { '7': { optionId: 23 } } } });
  const { shareableLink } = await apiPost<{ shareableLink: string }>(owner, '/api/configurator/product-order/generate-shareable-link', { productOrderId: order.id });
  const link = new URL(shareableLink);

  const reader = await fresh(browser);
  await reader.goto(`/orders/${order.orgSpecificId}/documents${link.search}`);
  await expect(reader.getByTestId('document-page').first()).toBeVisible();
  expect(new URL(reader.url()).pathname).toBe(`/orders/${order.orgSpecificId}/documents`);
  expect(reader.url()).not.toContain('shareToken');
  await expect(reader.getByTestId('order-title')).toHaveCount(0);
  await snap(reader, 'sharing-05-link-to-documents');

  const drafter = await fresh(browser);
  await drafter.goto(`/orders/${order.orgSpecificId}/drawings${link.search}`);
  await expect(drafter.getByTestId('drawings-screen')).toHaveAttribute('data-status', 'loaded');
  expect(new URL(drafter.url()).pathname).toBe(`/orders/${order.orgSpecificId}/drawings`);
  expect(drafter.url()).not.toContain('shareToken');
  await snap(drafter, 'sharing-06-link-to-drawings');
});
