// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { sessionAtom } from '@cpq/client';
import type { OrgMembership, SessionData } from '@cpq/domain';
import { MediaPictureSelect } from './MediaPictureSelect.tsx';
import { mediaApi, type Medium } from './mediaApi.ts';

/**
 * Choosing a thumbnail from the media library (docs/decisions/0085-thumbnails-and-swatches.md): the
 * organisation's images with a file, by caption (else file name); choosing one gives its lasting
 * address; the address in force is shown as a picture and, when it is a medium's, chosen in the list.
 */
vi.mock('./mediaApi.ts', () => ({ mediaApi: { list: vi.fn() } }));

function medium(over: Partial<Medium> & { id: number }): Medium {
  return { orgId: 850, type: 'image', title: null, fileName: `file-${over.id}`, fileExtension: 'png', hasFile: 1, presignedUrl: null, associations: {}, ...over } as Medium;
}

function show(value: string, onChange = vi.fn()) {
  vi.mocked(mediaApi.list).mockResolvedValue([medium({ id: 3, title: 'Keypads' }), medium({ id: 4 }), medium({ id: 5, title: 'No file', hasFile: 0 })]);
  const store = createStore();
  store.set(sessionAtom, { user: { id: 1, email: 'o@x.y', name: 'O', firstName: 'O', lastName: 'W' }, organisations: [{ id: 850, title: 'Lumen & Brass', role: 'owner', prevRole: null, appData: { designEngine: {} } } as unknown as OrgMembership], engineVersion: 'test' } as SessionData);
  render(
    <Provider store={store}>
      <MediaPictureSelect value={value} onChange={onChange} />
    </Provider>,
  );
  return onChange;
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('picture from the media library', () => {
  it('lists images with a file by caption, else file name; choosing one gives its lasting address', async () => {
    const onChange = show('');
    const select = screen.getByLabelText('Picture from the media library') as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect([...select.options].map((o) => o.textContent)).toEqual(['No picture', 'Keypads', 'file-4']);
    fireEvent.change(select, { target: { value: '3' } });
    expect(onChange).toHaveBeenCalledWith('/api/media/3/file');
    expect(screen.queryByTestId('thumbnail')).toBeNull();
  });

  it("shows the address in force as a picture, chosen in the list when it is a medium's", async () => {
    show('/api/media/4/file');
    const select = screen.getByLabelText('Picture from the media library') as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('4'));
    expect(screen.getByTestId('thumbnail').getAttribute('src')).toBe('/api/media/4/file');
  });

  it('an address of elsewhere is shown and named as another address', async () => {
    show('https://cdn.example/a.png');
    const select = screen.getByLabelText('Picture from the media library') as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(select.value).toBe('');
    expect(select.options[0]!.textContent).toBe('Another address (below)');
    expect(screen.getByTestId('thumbnail').getAttribute('src')).toBe('https://cdn.example/a.png');
  });
});
