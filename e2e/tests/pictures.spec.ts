import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiPost, signIn, snap } from './helpers.ts';

/**
 * Pictures where people choose (docs/decisions/0085-thumbnails-and-swatches.md, 0086-demo-pictures.md):
 * the demo catalogue's category tiles, the product dropdown, the add-item picker, option chips and
 * cart rows show real pictures that load (naturalWidth > 0), on a desktop and a 390 px phone; colour
 * swatches where an organisation uses colours; quotes show each item's picture.
 */

/** Every <img> inside `scope` has loaded a real picture; answers how many there were. */
async function expectPicturesLoaded(scope: Locator, atLeast: number): Promise<number> {
  const images = scope.locator('img');
  await expect.poll(() => images.count()).toBeGreaterThanOrEqual(atLeast);
  const count = await images.count();
  for (let i = 0; i < count; i++) {
    const img = images.nth(i);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { message: `picture ${i + 1} of ${count}` }).toBeGreaterThan(0);
    // Decorative beside a visible title.
    await expect(img).toHaveAttribute('alt', '');
  }
  return count;
}

/** A new order with its project information given, opened at its add-item picker. */
async function openNewOrder(page: Page, orgId: number, productCategoryId: number): Promise<Locator> {
  const created = await apiPost<{ id: number; orgSpecificId: number }>(page, '/api/configurator/create-product-order', { productOrderProps: { orgId, productCategoryId } });
  await apiPost(page, '/api/resources/productOrders/update', { where: { id: created.id }, props: { title: 'Pictures', promptedForProjectInfo: 1 } });
  await page.goto(`/orders/${created.orgSpecificId}`);
  // An order with no items opens its picker by itself once the page has loaded (clicking Add item
  // before then raced it: the picker opened over the click).
  const picker = page.getByTestId('create-item-dialog');
  await expect(picker).toBeVisible();
  return picker;
}

/** Picks a product in the add-item picker and gives the item its title when asked. */
async function addItem(page: Page, productId: number, title: string): Promise<void> {
  await page.getByTestId(`pick-product-${productId}`).click();
  const titleField = page.getByTestId('add-item-title');
  await expect(titleField.or(page.getByTestId('instance-title')).first()).toBeVisible();
  if (await titleField.isVisible()) {
    await titleField.fill(title);
    await titleField.press('Enter');
  }
  await expect(page.getByTestId('instance-title')).toHaveValue(title);
}

async function openProperty(page: Page, id: number): Promise<Locator> {
  const section = page.getByTestId(`property-${id}`);
  const header = section.locator('button[aria-expanded]').first();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  return section;
}

for (const size of [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport });

    test(`category tiles, the product dropdown, the add-item picker, finish chips and the cart show pictures (${size.name})`, async ({ page }) => {
      await signIn(page, 'owner-850@demo.test');
      const home = page.getByTestId('home-page');
      await expect(home).toBeVisible();
      // Seven categories of Lumen & Brass, each a picture rather than letters.
      const tiles = page.locator('[data-testid^="category-tile-"]');
      expect(await expectPicturesLoaded(tiles, 7)).toBeGreaterThanOrEqual(7);
      await page.getByTestId('category-tile-1').click();
      const dropdown = page.getByTestId('product-dropdown');
      await expect(dropdown).toBeVisible();
      await expectPicturesLoaded(dropdown, 2);
      await snap(page, `pictures-home-${size.name}`, { fullPage: false });

      // The order page: the add-item picker shows each product's picture.
      const picker = await openNewOrder(page, 850, 1);
      await expectPicturesLoaded(picker, 2);
      await snap(page, `pictures-add-item-${size.name}`, { fullPage: false });
      await addItem(page, 98, 'Hall');

      // Finish chips carry swatches; the plate size chips (no thumbnails for that property) do not.
      const finish = await openProperty(page, 7);
      await expectPicturesLoaded(finish.getByTestId('option-22'), 1);
      await expectPicturesLoaded(finish.getByTestId('option-23'), 1);
      await finish.getByTestId('option-23').click();
      const plateSize = await openProperty(page, 8);
      await expect(plateSize.getByTestId('option-200')).toBeVisible();
      await expect(plateSize.locator('img')).toHaveCount(0);
      const plateFinish = await openProperty(page, 12);
      await expectPicturesLoaded(plateFinish, 3);
      await snap(plateFinish, `pictures-chips-${size.name}`);

      // The cart row shows the item's picture (its product's, here).
      const row = page.locator('[data-testid^="item-row-"]').first();
      await expectPicturesLoaded(row, 1);
      await snap(page, `pictures-order-${size.name}`, { fullPage: false });
    });
  });
}

test('Nordvik flooring species show picture swatches; Overture panel colours are colour swatches', async ({ browser }) => {
  const nordvik = await (await browser.newContext()).newPage();
  await signIn(nordvik, 'owner-1053@demo.test');
  await expectPicturesLoaded(nordvik.locator('[data-testid^="category-tile-"]'), 3);
  await openNewOrder(nordvik, 1053, 8);
  await addItem(nordvik, 130, 'Studio');
  const species = await openProperty(nordvik, 145);
  await expectPicturesLoaded(species, 2);
  await snap(species, 'pictures-species');

  const overture = await (await browser.newContext()).newPage();
  await signIn(overture, 'owner-1450@demo.test');
  await openNewOrder(overture, 1450, 18);
  await addItem(overture, 180, 'Boardroom');
  const colour = await openProperty(overture, 180);
  // Graphite and Arctic White are colours (data.swatchColor), drawn as dots of that colour.
  await expect(colour.getByTestId('option-260').getByTestId('swatch-colour')).toHaveCSS('background-color', 'rgb(59, 63, 69)');
  await expect(colour.getByTestId('option-261').getByTestId('swatch-colour')).toHaveCSS('background-color', 'rgb(245, 247, 248)');
  await snap(colour, 'pictures-colours');
});

test('the quote shows each item picture and the finish swatches; another organisation cannot load them', async ({ page, browser }) => {
  await signIn(page, 'owner-850@demo.test');
  // The demo's order 1, Harbour View Residence: a Crestnet keypad in satin brass and a Classique keypad.
  await page.goto('/orders/1/documents?mode=quote');
  const table = page.getByTestId('document-row').first().locator('xpath=..');
  await expect(page.getByRole('columnheader', { name: 'Picture' })).toBeVisible();
  const pictures = page.getByTestId('document-picture');
  await expect(pictures).toHaveCount(2);
  for (const img of await pictures.all()) await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  // Mechanism finish shows its swatch on the quote (showThumbnailsOnInvoice), named for who cannot see it.
  const swatch = page.locator('img[alt="Mechanism Finish: Satin Brass"]');
  await expect(swatch).toHaveCount(1);
  await expect.poll(() => swatch.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  await snap(table, 'pictures-quote');

  // The picture addresses are for Lumen & Brass only: Nordvik's owner gets none of them.
  const src = (await pictures.first().getAttribute('src'))!;
  const other = await (await browser.newContext()).newPage();
  await signIn(other, 'owner-1053@demo.test');
  const res = await other.request.get(src);
  expect(res.status()).toBe(404);
});

test('admin lists show each category, product and option picture beside its title', async ({ page }) => {
  await signIn(page, 'owner-850@demo.test');
  await page.goto('/admin/product-categories');
  await expect(page.getByRole('link', { name: 'Keypads' })).toBeVisible();
  await expectPicturesLoaded(page.locator('table'), 7);
  await snap(page, 'pictures-admin-categories', { fullPage: false });
  await page.goto('/admin/products');
  await expect(page.getByRole('link', { name: 'Crestnet Keypad' })).toBeVisible();
  await expectPicturesLoaded(page.locator('table'), 10);
  await snap(page, 'pictures-admin-products', { fullPage: false });
  await page.goto('/admin/product-properties/7');
  await expect(page.getByTestId('options-table')).toBeVisible();
  await expectPicturesLoaded(page.getByTestId('options-table'), 4);
  await snap(page.getByTestId('options-table'), 'pictures-admin-options');
});
