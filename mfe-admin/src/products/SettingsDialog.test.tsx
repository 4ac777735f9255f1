// @vitest-environment jsdom
// Product settings choose the product's picture from the media library as categories and options do
// (docs/decisions/0085-thumbnails-and-swatches.md): the medium's lasting address becomes its thumbnail.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { sessionAtom } from '@cpq/client';
import type { OrgMembership, SessionData } from '@cpq/domain';
import { SettingsDialog } from './SettingsDialog.tsx';
import type { ProductRow } from './productRows.ts';
import { mediaApi, type Medium } from '../media/mediaApi.ts';

vi.mock('../media/mediaApi.ts', () => ({ mediaApi: { list: vi.fn() } }));

const medium = (id: number, title: string): Medium =>
  ({ id, orgId: 850, type: 'image', title, fileName: `file-${id}`, fileExtension: 'png', hasFile: 1, presignedUrl: null, associations: {} }) as Medium;

const product = (over: Partial<ProductRow> = {}): ProductRow =>
  ({
    id: 98, orgId: 850, title: 'Keypad', rank: 1, archived: 0, description: null, links: null, thumbnailUrl: null, mediumId: null, publishLevel: 'all', isStocked: 0,
    currentInventory: null, referenceCodes: {}, associations: {}, productCategoryId: 1, productPricingRuleId: null, instanceTitleIsRequired: 0, shouldRoundPrice: 0, hasScript: 0, ...over,
  }) as ProductRow;

function show(row: ProductRow) {
  vi.mocked(mediaApi.list).mockResolvedValue([medium(3, 'Keypads'), medium(4, 'Dimmers')]);
  const store = createStore();
  store.set(sessionAtom, { user: { id: 1, email: 'o@x.y', name: 'O', firstName: 'O', lastName: 'W' }, organisations: [{ id: 850, title: 'Lumen & Brass', role: 'owner', prevRole: null, appData: { designEngine: {} } } as unknown as OrgMembership], engineVersion: 'test' } as SessionData);
  const save = vi.fn(async () => true);
  const onClose = vi.fn();
  render(
    <Provider store={store}>
      <SettingsDialog product={row} save={save} onClose={onClose} />
    </Provider>,
  );
  return { save, onClose };
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('product settings: picture from the media library', () => {
  it("choosing an image makes its lasting address the product's thumbnail, saved with Save", async () => {
    const { save, onClose } = show(product());
    const select = screen.getByLabelText('Picture from the media library') as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect([...select.options].map((o) => o.textContent)).toEqual(['No picture', 'Keypads', 'Dimmers']);
    fireEvent.change(select, { target: { value: '4' } });
    expect((screen.getByLabelText('Thumbnail URL') as HTMLInputElement).value).toBe('/api/media/4/file');
    expect(screen.getByTestId('thumbnail').getAttribute('src')).toBe('/api/media/4/file');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ thumbnailUrl: '/api/media/4/file' }, 'Settings'));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the medium in force as chosen; "No picture" clears the thumbnail', async () => {
    const { save } = show(product({ thumbnailUrl: '/api/media/3/file' }));
    const select = screen.getByLabelText('Picture from the media library') as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('3'));
    fireEvent.change(select, { target: { value: '' } });
    expect((screen.getByLabelText('Thumbnail URL') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ thumbnailUrl: null }, 'Settings'));
  });
});
