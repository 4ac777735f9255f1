import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiPost, sameOrigin, signIn, snap } from './helpers.ts';

/**
 * Calico Murals' drawings set, as a factory and an installer read it: the Mural Rendering shows the
 * chosen design's picture, the item's preview is that design (not the product's stand-in hills), every
 * label lies inside its panel or its page, no page is blank, and the pages with nothing to draw are
 * named in a note instead of printed.
 */
type Orders = { productOrders: { orgSpecificId: number; title: string }[] };
type Option = { id: number; title: string; thumbnailUrl: string | null };

const pageOf = (page: Page, type: string) => page.locator(`[data-testid="drawing-page"][data-page-type="${type}"]`);

async function openDrawings(page: Page, orgSpecificId: number) {
  await page.goto(`/orders/${orgSpecificId}/drawings`);
  await expect(page.getByTestId('drawings-screen')).toHaveAttribute('data-status', 'loaded');
}

/** Birch Forest's picture, as the catalogue gives it. */
async function birchForestPicture(page: Page): Promise<string> {
  const res = await page.request.get('/api/configurator/catalogue?orgId=1798');
  const body = (await res.json()) as { productOptions?: Option[]; data?: { productOptions: Option[] } };
  const option = (body.productOptions ?? body.data?.productOptions ?? []).find((o) => o.id === 991)!;
  expect(option.title).toBe('Birch Forest');
  expect(option.thumbnailUrl).toBeTruthy();
  return option.thumbnailUrl!;
}

const boxOf = (v: string | null) => {
  const [x, y, width, height] = (v ?? '').split(' ').map(Number) as [number, number, number, number];
  return { x, y, width, height };
};

/**
 * Every fitted label of a page, with the box it lies in and the box it must stay inside (its panel,
 * its texture, or the drawing's own frame for 'page'), read from the SVG's geometry in drawing units.
 */
async function labelsAndContainers(drawing: Locator) {
  return drawing.evaluate((root) => {
    const svg = root.querySelector('svg')!;
    const [vx, vy, vw, vh] = svg.getAttribute('viewBox')!.split(' ').map(Number) as [number, number, number, number];
    const rectOf = (el: Element) => ({ x: Number(el.getAttribute('x')), y: Number(el.getAttribute('y')), width: Number(el.getAttribute('width')), height: Number(el.getAttribute('height')) });
    return [...svg.querySelectorAll('[data-testid="drawing-label"]')].map((label) => {
      const within = label.getAttribute('data-within')!;
      const container = within === 'page' ? { x: vx, y: vy, width: vw, height: vh } : rectOf(svg.querySelector(`[data-id="${within}"]`)!);
      // What the browser really drew: the text's own box (user units), against the declared one.
      const b = (label as SVGGraphicsElement).getBBox();
      return { text: label.textContent ?? '', within, box: label.getAttribute('data-box'), container, drawn: { x: b.x, y: b.y, width: b.width, height: b.height } };
    });
  });
}

function expectInside(inner: { x: number; y: number; width: number; height: number }, outer: { x: number; y: number; width: number; height: number }, what: string, slack = 0.01) {
  const tol = slack * Math.max(outer.width, outer.height);
  expect(inner.x, `${what}: left`).toBeGreaterThanOrEqual(outer.x - tol);
  expect(inner.y, `${what}: top`).toBeGreaterThanOrEqual(outer.y - tol);
  expect(inner.x + inner.width, `${what}: right`).toBeLessThanOrEqual(outer.x + outer.width + tol);
  expect(inner.y + inner.height, `${what}: bottom`).toBeLessThanOrEqual(outer.y + outer.height + tol);
}

/** Each page draws something: its drawing has shapes, or (an items page) an item's picture. */
async function expectNoBlankPage(page: Page) {
  const all = page.getByTestId('drawing-page');
  const count = await all.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const drawn = await all.nth(i).evaluate((p) => p.querySelectorAll('svg rect, svg image, svg line, svg polygon, svg path, svg text').length);
    expect(drawn, `page ${i + 1} draws something`).toBeGreaterThan(0);
  }
}

test.describe('1798 mural drawings', () => {
  test("order #1 (Lobby Mural — Ellis Tower): the chosen design's picture, the item's preview, labels inside the page, and a note for the pages left out", async ({ page }) => {
    await signIn(page, 'owner-1798@demo.test');
    const lobby = (await apiPost<Orders>(page, '/api/configurator/get-configurator-orders-data', { orgId: 1798 })).productOrders.find((o) => o.title.startsWith('Lobby Mural'))!;
    const picture = await birchForestPicture(page);
    await openDrawings(page, lobby.orgSpecificId);

    // Mural Rendering: the texture is the Birch Forest picture, clipped to the mural area, and it loads.
    const rendering = pageOf(page, 'muralTexture');
    await expect(rendering).toHaveCount(1);
    const image = rendering.locator('svg image[data-testid="mural-image"]');
    await expect(image).toHaveAttribute('href', picture);
    await expect.poll(() => image.evaluate(async (el) => {
      // The picture is served and decodes (an <img> of the same address, as the page's own image uses it).
      const img = new Image();
      img.src = el.getAttribute('href')!;
      try { await img.decode(); return img.naturalWidth > 0; } catch { return false; }
    })).toBe(true);
    await expect(rendering.locator('svg clipPath rect')).toHaveCount(1);

    // The item's preview is the chosen design, named, drawn over the product's stand-in hills.
    const item = page.getByTestId('drawing-instance').filter({ hasText: 'North wall mural' });
    await expect(item.locator('image.chosen-picture')).toHaveAttribute('href', picture);
    await expect(item.locator('svg')).toContainText('Birch Forest');

    // The demo's viewport has no panels or seams: those pages are named in a note, not printed blank.
    await expect(pageOf(page, 'muralPanel')).toHaveCount(0);
    await expect(pageOf(page, 'muralSeam')).toHaveCount(0);
    const note = page.getByTestId('left-out-pages');
    await expect(note).toHaveCount(1);
    await expect(note).toContainText('Print Panel Layout · North Wall is left out: no panels yet. Generate panels from the mural area on the canvas.');
    await expect(note).toContainText('Installer Layout · North Wall is left out: no panels or seams yet.');
    await expect(page.getByTestId('drawing-page').first().getByTestId('left-out-pages')).toBeVisible();
    await expectNoBlankPage(page);

    // "Align panel 1 with door frame" wraps inside its 80 wide box and inside the page's drawing.
    const elevation = pageOf(page, 'muralArea').getByTestId('spatial-drawing');
    const labels = await labelsAndContainers(elevation);
    const align = labels.find((l) => l.text.startsWith('Align panel 1'))!;
    expect(align).toBeTruthy();
    expect(boxOf(align.box).width).toBeLessThanOrEqual(80);
    expectInside(align.drawn, align.container, 'canvas text in its page');
    expectInside(align.drawn, { ...boxOf(align.box), x: 20, width: 80 }, 'canvas text in its own width', 0.02);

    // Footers: order number and last change.
    for (const footer of await page.getByTestId('drawing-footer').all()) {
      await expect(footer.getByTestId('drawing-footer-order')).toHaveText(`Order #${lobby.orgSpecificId}`);
      await expect(footer.getByTestId('drawing-footer-updated')).toHaveText(/^Last updated \d{1,2}\/\d{1,2}\/\d{4}$/);
    }
    for (const type of ['muralArea', 'muralTexture']) await snap(pageOf(page, type), `mural-drawings-${type}`);
    await snap(page.getByTestId('drawing-page').first(), 'mural-drawings-items-with-note');
  });

  test('a project with panels and seams: the Installer Layout shows the design lighter under its panels, every panel label inside its panel', async ({ page }) => {
    await signIn(page, 'owner-1798@demo.test');
    const picture = await birchForestPicture(page);
    const res = await page.request.post('/api/configurator/create-product-order', { headers: sameOrigin(page), data: { productOrderProps: { orgId: 1798, title: 'Atrium Mural' } } });
    const order = ((await res.json()) as { data: { id: number; orgSpecificId: number } }).data;
    const productOrderId = order.id;
    // The drawing's rows through the canvas's own writes; the item through the order's.
    const create = <T,>(key: string, props: object) => apiPost<T>(page, key === 'productInstances' ? `/api/resources/${key}/create` : `/api/spatial/${key}/create`, { props: { orgId: 1798, productOrderId, ...props } });
    const view = await create<{ id: number }>('archCustomViews', { title: 'Atrium Wall', rank: 1 });
    const viewId = view.id;
    const area = await create<{ id: number }>('entities', { type: 'calicoMuralArea', data: { archCustomViewId: viewId, position: { x: 0, y: 0 }, size: { width: 162, height: 96 }, isReturn: false } });
    await create('entities', { type: 'calicoMuralTexture', parentId: area.id, parentResourceKey: 'entities', data: { archCustomViewId: viewId, muralProductOptionId: 991, position: { x: -20, y: 0 }, size: { width: 200, height: 96 }, flipX: true, flipY: false } });
    const descriptions = ['1', 'Align with the left door frame before hanging', 'Critical alignment: match the birch trunks to panel 2'];
    for (const [i, description] of descriptions.entries()) {
      await create('entities', {
        type: 'calicoMuralPanel',
        data: { archCustomViewId: viewId, position: { x: i * 54, y: 0 }, size: { width: 54, height: 96 }, panelNumber: i + 1, bleedLeft: 0.5, bleedRight: 0.5, bleedTop: 1, bleedBottom: 1, ...(i ? { panelDescriptionOverride: description } : {}), ...(i === 2 ? { isCriticalAlignmentPanel: true, panelPrintNotes: 'Print last; check the colour against the approved proof before cutting.' } : {}) },
      });
    }
    await create('entities', { type: 'calicoMuralSeam', data: { archCustomViewId: viewId, from: { x: 54, y: 0 }, to: { x: 54, y: 96 }, thickness: 1, alignment: 'center', alignmentMode: 'standard' } });
    await create('productCanvasTexts', { text: 'Start hanging from the left corner; keep the seam at the door frame plumb', position: { x: 4, y: 100 }, width: 120, customViewId: viewId });
    await create('productInstances', { productId: 190, title: 'Atrium mural', quantity: 1, rank: 1, archCustomViewId: viewId, properties: { '190': { optionId: 991 } } });
    await openDrawings(page, order.orgSpecificId);

    // All four page types, none blank, and no note (nothing was left out).
    for (const type of ['muralArea', 'muralTexture', 'muralPanel', 'muralSeam']) await expect(pageOf(page, type)).toHaveCount(1);
    await expect(page.getByTestId('left-out-pages')).toHaveCount(0);
    await expectNoBlankPage(page);

    // The rendering: the picture, mirrored as the texture is (flipX about its centre: 2 × -20 + 200 = 160).
    await expect(pageOf(page, 'muralTexture').locator('svg image')).toHaveAttribute('href', picture);
    await expect(pageOf(page, 'muralTexture').locator('svg image')).toHaveAttribute('transform', 'matrix(-1 0 0 1 160 0)');
    // The installer's page: the same picture, lighter, with the panels and the seam over it.
    const installer = pageOf(page, 'muralSeam');
    await expect(installer.locator('svg image')).toHaveAttribute('href', picture);
    await expect(installer.locator('svg g[data-layer="murals"][opacity="0.35"]')).toHaveCount(1);
    await expect(installer.locator('svg [data-testid="drawing-panel"]')).toHaveCount(3);
    await expect(installer.locator('svg [data-id^="seam-"]')).toHaveCount(1);

    // Every label inside its panel (what the browser drew) and inside the page, on both panel pages.
    for (const type of ['muralPanel', 'muralSeam', 'muralArea']) {
      const labels = await labelsAndContainers(pageOf(page, type).getByTestId('spatial-drawing'));
      expect(labels.length, `${type} has labels`).toBeGreaterThan(0);
      for (const l of labels) {
        expectInside(boxOf(l.box), l.container, `${type}: '${l.text}' (declared)`, 0);
        expectInside(l.drawn, l.container, `${type}: '${l.text}' (drawn)`);
      }
      if (type !== 'muralArea') {
        const inPanels = labels.filter((l) => l.within.startsWith('panel-'));
        // (The lines' text runs together in textContent: compared without spaces.)
        expect(inPanels.map((l) => l.text.replace(/\s+/g, ''))).toContain('Align with the left door frame before hanging'.replace(/\s+/g, ''));
      }
    }
    // The printed size of a panel label: readable (at least 7 px) and no larger than 14 px on the page.
    const sizes = await pageOf(page, 'muralPanel').getByTestId('spatial-drawing').evaluate((root) => {
      const svg = root.querySelector('svg')!;
      // Page px per drawing unit: the SVG is fitted (meet) into its box; the sheet may be zoomed to the window.
      const zoom = Number(getComputedStyle(root.closest('[data-testid="drawing-page"]')!).zoom || 1);
      const [, , vw, vh] = svg.getAttribute('viewBox')!.split(' ').map(Number) as [number, number, number, number];
      const r = svg.getBoundingClientRect();
      const contain = Math.min(r.width / vw, r.height / vh);
      return [...svg.querySelectorAll('[data-within^="panel-"]')].map((t) => (Number(t.getAttribute('font-size')) * contain) / zoom);
    });
    for (const px of sizes) {
      expect(px).toBeGreaterThanOrEqual(6.5);
      expect(px).toBeLessThanOrEqual(14.5);
    }
    for (const type of ['muralArea', 'muralTexture', 'muralPanel', 'muralSeam']) await snap(pageOf(page, type), `mural-drawings-panels-${type}`);
    await snap(page.getByTestId('drawing-page').first(), 'mural-drawings-panels-items');
  });
});
