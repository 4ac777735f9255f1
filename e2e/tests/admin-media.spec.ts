import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { apiPost, sameOrigin, signIn, snap } from './helpers.ts';

/**
 * Media, as an owner uses them: uploads a PNG, captions it, associates it with a product, opens it
 * full screen and deletes it; a text file renamed .png is refused with the message, by the page and
 * by the server. The page must meet no Content-Security-Policy violation (images come by their
 * signed addresses from the portal itself).
 */
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const NOT_AN_IMAGE = 'This file is not a JPEG or PNG image. Choose a .jpg or .png file.';

interface Medium {
  id: number;
  title: string | null;
  associations?: Record<string, Record<string, unknown>>;
  presignedUrl: string | null;
}

async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`));
  });
  return () => page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

const mediaOf = (page: Page) => apiPost<Medium[]>(page, '/api/resources/media/get', { where: { orgId: 850, type: 'image' } });

test('an owner uploads, captions, associates, views and deletes an image', async ({ page }) => {
  const violations = await watchCsp(page);
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/admin/media');
  await expect(page.getByTestId('media-screen')).toBeVisible();
  const before = (await mediaOf(page)).map((m) => m.id);

  await page.getByLabel('Choose images').setInputFiles(path.join(FIXTURES, 'keypad-plate.png'));
  await expect(page.getByTestId('upload-state').first()).toHaveAttribute('data-status', 'success');
  const created = (await mediaOf(page)).find((m) => !before.includes(m.id))!;
  expect(created.title).toBeNull();
  const card = page.locator(`[data-testid="medium-card"][data-medium-id="${created.id}"]`);
  // Newest first.
  await expect(page.getByTestId('medium-card').first()).toHaveAttribute('data-medium-id', String(created.id));
  const image = card.getByRole('img');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
  expect(await card.evaluate((el) => [el.getBoundingClientRect().width, el.getBoundingClientRect().height])).toEqual([250, 500]);

  await card.getByLabel('Caption', { exact: true }).fill('Keypad plate, satin brass');
  await expect(card.getByTestId('save-state')).toHaveText('Saved');
  await expect(image).toHaveAttribute('alt', 'Keypad plate, satin brass');

  const search = card.getByRole('combobox');
  await search.click();
  await search.fill('Crestnet Keypad');
  await expect(card.getByRole('option').first()).toHaveText('Product Crestnet Keypad');
  await search.press('Enter');
  await expect(card.getByRole('button', { name: 'Remove Product: Crestnet Keypad' })).toBeVisible();
  await expect(card.getByTestId('save-state')).toHaveText('Saved');
  await search.blur();
  const saved = (await mediaOf(page)).find((m) => m.id === created.id)!;
  expect(saved).toMatchObject({ title: 'Keypad plate, satin brass', associations: { products: { '98': true } } });
  await snap(page, 'admin-media-grid');
  // The open association list too: its options and chips must be usable with assistive technology.
  await search.focus();
  const axe = await new AxeBuilder({ page }).include('[data-testid="media-screen"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await search.blur();

  const opener = card.getByRole('button', { name: 'Open Keypad plate, satin brass full screen' });
  await opener.click();
  const overlay = page.getByTestId('image-overlay');
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('button', { name: 'Close image' })).toBeFocused();
  await snap(page, 'admin-media-overlay');
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);
  await expect(opener).toBeFocused();

  const fileUrl = saved.presignedUrl!;
  expect((await page.request.get(fileUrl)).status()).toBe(200);
  await card.getByRole('button', { name: 'Delete Keypad plate, satin brass' }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog.getByText('Are you sure?', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);
  expect((await mediaOf(page)).map((m) => m.id)).not.toContain(created.id);
  expect((await page.request.get(fileUrl)).status()).toBe(404);

  expect(await violations()).toEqual([]);
});

test('a text file renamed .png is refused with the message, by the page and by the server', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/admin/media');
  await expect(page.getByTestId('media-screen')).toBeVisible();
  const count = (await mediaOf(page)).length;

  await page.getByLabel('Choose images').setInputFiles(path.join(FIXTURES, 'notes-renamed.png'));
  const state = page.getByTestId('upload-state').first();
  await expect(state).toHaveAttribute('data-status', 'failure');
  await expect(state.getByRole('alert')).toHaveText(`Upload failed: ${NOT_AN_IMAGE}`);
  await snap(page, 'admin-media-refused');

  // The server decides: sent anyway, declared as a PNG.
  const res = await page.request.post('/api/media/upload?orgId=850', {
    data: await readFile(path.join(FIXTURES, 'notes-renamed.png')),
    headers: { ...sameOrigin(page), 'content-type': 'image/png', 'x-file-name': 'notes-renamed.png' },
  });
  expect(res.status()).toBe(400);
  expect(((await res.json()) as { error: { message: string } }).error.message).toBe(NOT_AN_IMAGE);
  expect((await mediaOf(page)).length).toBe(count);
});
