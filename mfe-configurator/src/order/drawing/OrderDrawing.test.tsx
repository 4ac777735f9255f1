// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { api, sessionAtom, type Catalogue } from '@cpq/client';
import { DEFAULT_RULES, type PluginRules } from '@cpq/plugin-sdk';
import { OrderEditor } from '../editor/OrderEditor.tsx';
import type { EditorEngine } from '../editor/itemViews.ts';
import { catalogue, data, engine, fakeWrites, item, order, org, storeFor } from '../editor/fixtures.test-utils.ts';
import type { Instance } from '../editor/writes.ts';
import { keypad, keypadCatalogueResponse, keypadEngine, keypadRules, LAYOUT_1x2, LAYOUT_3x2 } from '../engravings/fixtures.test-utils.ts';

/** Product 1 has a catalogue size (a stand-in size would draw no dimensions). */
const sizedRules: PluginRules = { ...DEFAULT_RULES, drawings: { ...DEFAULT_RULES.drawings, productSizes: { '1': { width: 200, height: 120 } } } };

vi.mock('@cpq/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@cpq/client')>();
  return { ...actual, api: { ...actual.api, orderData: vi.fn(), updatePreferences: vi.fn() } };
});

function show(opts: { items?: Instance[]; rules?: PluginRules; role?: string; cat?: Catalogue; eng?: EditorEngine; dimensionsAreVisible?: boolean } = {}) {
  const items = opts.items ?? [item({ id: 1, title: 'Hall' })];
  const writes = fakeWrites(items);
  const role = opts.role ?? 'owner';
  const rules = opts.rules ?? sizedRules;
  const store = storeFor(role);
  if (opts.dimensionsAreVisible !== undefined) {
    const s = store.get(sessionAtom)!;
    store.set(sessionAtom, { ...s, user: { ...s.user, preferences: { dimensionsAreVisible: opts.dimensionsAreVisible } } });
  }
  render(
    <Provider store={store}>
      <OrderEditor
        order={order()}
        data={data(items)}
        catalogue={opts.cat ?? catalogue}
        engine={opts.eng ?? engine(rules)}
        org={org(role)}
        rules={rules}
        employee={role !== 'guest'}
        pricingHidden={false}
        writes={writes}
        saveDebounceMs={0}
      />
    </Provider>,
  );
  return { writes, store };
}
const drawing = () => screen.getByTestId('item-drawing');
const dimensionLabels = () => [...drawing().querySelectorAll('g.dimensions text')].map((t) => t.textContent);

beforeEach(() => {
  localStorage.clear();
  vi.mocked(api.orderData).mockResolvedValue(data([]));
  vi.mocked(api.updatePreferences).mockResolvedValue({});
});
afterEach(() => cleanup());

describe('live drawing on the order page', () => {
  it("draws the active item (a product without a script of its own: a box of its size) with its dimensions by default", () => {
    show();
    expect(within(drawing()).getByRole('img', { name: 'Drawing of Hall' })).toBeTruthy();
    expect(dimensionLabels().sort()).toEqual(['120 mm', '200 mm']);
  });

  it("draws the product's own graphic (from the catalogue) under its script; another product's graphic is not used", () => {
    const rect = (id: string, fill: string) => ({ id, type: 'rect' as const, title: 'Panel', props: { x: 0, y: 0, width: 50, height: 40, fill } });
    const graphics = [
      { id: 1, productId: 2, title: 'Plate', archived: 0, nodes: [rect('other', '#00ff00')] },
      { id: 2, productId: 1, title: 'Keypad', archived: 0, nodes: [rect('own', '#ff0000')] },
    ];
    show({ cat: { ...catalogue, productGraphics: graphics } as Catalogue });
    const layer = drawing().querySelector('g.product-graphic');
    expect(layer).not.toBeNull();
    expect([...layer!.querySelectorAll('rect')].map((r) => r.getAttribute('fill'))).toEqual(['#ff0000']);
  });

  describe("the engine's warnings are for employees", () => {
    // A formula naming a property the item does not have fails: the engine draws it as 0 and warns.
    const broken = { ...catalogue, productGraphics: [{ id: 3, productId: 1, title: 'Bevel', archived: 0, nodes: [{ id: 'bevel', type: 'rect' as const, title: 'Bevel', props: { x: 0, y: 0, width: '=p99.width + 3', height: 10 } }] }] } as Catalogue;
    const warning = 'Graphic formula "=p99.width + 3" failed (undefined variable: p99); drawn as 0.';

    it('an owner reads them under the drawing', () => {
      show({ cat: broken, role: 'owner' });
      expect(screen.getByTestId('item-drawing-warnings').textContent).toBe(warning);
    });

    it('a guest reads none (the drawing is there)', () => {
      show({ cat: broken, role: 'guest' });
      expect(within(drawing()).getByRole('img', { name: 'Drawing of Hall' })).toBeTruthy();
      expect(screen.queryByTestId('item-drawing-warnings')).toBeNull();
      expect(drawing().textContent).not.toContain('Graphic formula');
    });
  });

  it('redraws on an option change, from the item in memory', () => {
    show({ items: [keypad(LAYOUT_1x2)], rules: keypadRules, cat: keypadCatalogueResponse, eng: keypadEngine() });
    expect(drawing().querySelectorAll('g.mechanism')).toHaveLength(2);
    fireEvent.click(within(screen.getByTestId('property-11')).getAllByRole('button')[0]!);
    fireEvent.click(screen.getByTestId(`option-${LAYOUT_3x2}`));
    expect(drawing().querySelectorAll('g.mechanism')).toHaveLength(6);
  });

  it('Hide Dimensions hides them at once and saves the preference; Show Dimensions brings them back', async () => {
    const { store } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Hide Dimensions' }));
    expect(drawing().querySelector('g.dimensions')).toBeNull();
    expect(api.updatePreferences).toHaveBeenCalledWith({ dimensionsAreVisible: false });
    expect(store.get(sessionAtom)!.user.preferences?.dimensionsAreVisible).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Show Dimensions' }));
    expect(drawing().querySelector('g.dimensions')).not.toBeNull();
    expect(api.updatePreferences).toHaveBeenLastCalledWith({ dimensionsAreVisible: true });
  });

  it('starts from the saved preference, and goes back with a message when saving it fails', async () => {
    vi.mocked(api.updatePreferences).mockRejectedValueOnce(new Error('offline'));
    show({ dimensionsAreVisible: false });
    expect(drawing().querySelector('g.dimensions')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show Dimensions' }));
    await waitFor(() => expect(screen.getByTestId('notice-error').textContent).toContain('Your dimensions preference could not be saved.'));
    expect(drawing().querySelector('g.dimensions')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show Dimensions' })).toBeTruthy();
  });

  it('offers in / mm only where the drawing rules ask for it; inches to the nearest 1/16', () => {
    show();
    expect(screen.queryByTestId('units-toggle')).toBeNull();
    cleanup();
    const rules = { ...sizedRules, drawings: { ...sizedRules.drawings, dimensionControls: true } };
    show({ rules });
    expect(screen.getByRole('button', { name: 'mm' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'in' }));
    // 200 mm × 0.0393701 = 7.874 in → 7 14/16 = 7 7/8"; 120 mm → 4.724 in → 4 12/16 = 4 3/4".
    expect(dimensionLabels().sort()).toEqual(['4 3/4"', '7 7/8"']);
    expect(screen.getByRole('button', { name: 'in' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('engravings on the order page', () => {
  const keypadPage = (role = 'owner', items = [keypad(LAYOUT_1x2)]) => show({ items, role, rules: keypadRules, cat: keypadCatalogueResponse, eng: keypadEngine() });

  it('replaces the engravings text inputs by the Engravings button, only for products with the engravings property', () => {
    keypadPage();
    expect(screen.getByRole('button', { name: 'Engravings' })).toBeTruthy();
    expect(screen.queryByTestId('property-27')).toBeNull();
    expect(screen.queryByTestId('property-112')).toBeNull();
    expect(screen.getByTestId('property-11')).toBeTruthy();
    cleanup();
    show();
    expect(screen.queryByRole('button', { name: 'Engravings' })).toBeNull();
  });

  it('saves through the item write (the server validates and prices it) and draws the engraving', async () => {
    const { writes } = keypadPage();
    fireEvent.click(screen.getByRole('button', { name: 'Engravings' }));
    const row = screen.getByTestId('engraving-0-above');
    fireEvent.change(within(row).getByTestId('engraving-text'), { target: { value: 'Lights' } });
    fireEvent.click(screen.getByTestId('engravings-save'));
    expect(screen.queryByTestId('engravings-dialog')).toBeNull();
    await waitFor(() => expect(writes.updateInstance).toHaveBeenCalled());
    const [id, patch] = writes.updateInstance.mock.calls[0]!;
    expect(id).toBe(5);
    expect(patch.properties).toEqual({
      '27': { engravings: { '0': { above: { text: 'Lights', fontFamily: 'Helvetica', fontSize: 4 } } }, text: ['Lights'] },
      '112': { text: [] },
    });
    expect([...drawing().querySelectorAll('text.engraving')].map((t) => t.textContent)).toEqual(['Lights']);
  });
});
