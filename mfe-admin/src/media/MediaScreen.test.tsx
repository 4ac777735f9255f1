// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { ApiRequestError, sessionAtom } from '@cpq/client';
import type { OrgMembership, SessionData } from '@cpq/domain';
import MediaScreen from './MediaScreen.tsx';
import { mediaApi, type Associable, type Medium } from './mediaApi.ts';

/**
 * The media screen, from the spec: upload area with uploading/success/failure states and the same
 * limits as the server, a grid newest first, caption saved 400 ms after typing stops, association
 * search 100 ms after typing stops, delete after 'Are you sure?', full-screen overlay closed by its
 * button or Escape, an empty state.
 */
vi.mock('./mediaApi.ts', () => ({
  mediaApi: { list: vi.fn(), associables: vi.fn(), update: vi.fn(), destroy: vi.fn(), upload: vi.fn() },
}));
const api = vi.mocked(mediaApi);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

function medium(over: Partial<Medium> & { id: number }): Medium {
  return { orgId: 850, type: 'image', title: null, fileName: `file-${over.id}`, fileExtension: 'png', hasFile: 1, presignedUrl: `/api/media/file/850/${String(over.id).padStart(32, '0')}.png?expires=1&signature=x`, associations: {}, ...over } as Medium;
}

const ASSOCIABLES: Associable[] = [
  { key: 'products', id: 98, label: 'Crestnet Keypad' },
  { key: 'products', id: 99, label: 'Damier Keypad' },
  { key: 'productProperties', id: 7, label: 'Plate Finish' },
  { key: 'productOptions', id: 23, label: 'Satin Brass (Plate Finish)' },
];

function show() {
  const store = createStore();
  const session: SessionData = {
    user: { id: 1, email: 'owner-850@demo.test', name: 'Owner', firstName: 'O', lastName: 'W' },
    organisations: [{ id: 850, title: 'Lumen & Brass', role: 'owner', prevRole: null, appData: { designEngine: {} } } as unknown as OrgMembership],
    engineVersion: 'test',
  } as SessionData;
  store.set(sessionAtom, session);
  return render(
    <Provider store={store}>
      <MediaScreen id={null} />
    </Provider>,
  );
}

beforeEach(() => {
  api.list.mockResolvedValue([medium({ id: 4, title: 'Older' }), medium({ id: 9, title: 'Newest' }), medium({ id: 6, title: null })]);
  api.associables.mockResolvedValue(ASSOCIABLES);
  api.update.mockImplementation(async (id, props) => medium({ id, ...(props as Partial<Medium>) }));
  api.destroy.mockResolvedValue({ id: 1 });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.useRealTimers();
});

const cards = () => screen.getAllByTestId('medium-card');
const card = (id: number) => cards().find((c) => c.dataset.mediumId === String(id))!;

describe('the grid', () => {
  it('shows the loading screen, then the images newest first, 250 by 500, with captions as alt text', async () => {
    let resolve!: (m: Medium[]) => void;
    api.list.mockReturnValue(new Promise((r) => (resolve = r)));
    show();
    expect(screen.getByText('Loading up')).toBeTruthy();
    await act(async () => resolve([medium({ id: 4, title: 'Older' }), medium({ id: 9, title: 'Newest' })]));
    expect(cards().map((c) => c.dataset.mediumId)).toEqual(['9', '4']);
    expect(within(card(9)).getByRole('img').getAttribute('alt')).toBe('Newest');
    expect(within(card(9)).getByRole('img').getAttribute('src')).toContain('/api/media/file/850/');
  });

  it('shows a medium recorded without a file as such, with nothing to open', async () => {
    api.list.mockResolvedValue([medium({ id: 1, title: 'Crestnet keypad', hasFile: 0, presignedUrl: null })]);
    show();
    await screen.findAllByTestId('medium-card');
    expect(within(card(1)).getByText('No file')).toBeTruthy();
    expect(within(card(1)).queryByRole('button', { name: /full screen/ })).toBeNull();
  });

  it('describes an image without caption by its file name', async () => {
    show();
    await screen.findAllByTestId('medium-card');
    expect(within(card(6)).getByRole('img').getAttribute('alt')).toBe('Image file-6 (no caption yet)');
  });

  it('says so when there are no images, and shows the load error with Retry', async () => {
    api.list.mockResolvedValueOnce([]);
    show();
    expect((await screen.findByTestId('media-empty')).textContent).toBe('No images yet. Upload one above.');
    cleanup();
    api.list.mockRejectedValueOnce(new Error('The database is not reachable right now.'));
    show();
    expect(await screen.findByText('The database is not reachable right now.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /retry/i }));
    expect(await screen.findAllByTestId('medium-card')).toHaveLength(3);
  });
});

describe('captions', () => {
  it('saves 400 ms after typing stops, once, with the last text, and says Saved', async () => {
    show();
    await screen.findAllByTestId('medium-card');
    vi.useFakeTimers();
    const input = within(card(6)).getByLabelText('Caption');
    fireEvent.change(input, { target: { value: 'Fr' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(input, { target: { value: 'Front view' } });
    act(() => vi.advanceTimersByTime(399));
    expect(api.update).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(api.update).toHaveBeenCalledTimes(1);
    expect(api.update).toHaveBeenCalledWith(6, { title: 'Front view' });
    await act(async () => undefined);
    expect(within(card(6)).getByTestId('save-state').textContent).toBe('Saved');
  });

  it('says the caption was not saved, with the server’s words, when the save fails', async () => {
    api.update.mockRejectedValueOnce(new ApiRequestError(400, 'invalidBody', 'Title must be at most 255 characters.'));
    show();
    await screen.findAllByTestId('medium-card');
    vi.useFakeTimers();
    fireEvent.change(within(card(6)).getByLabelText('Caption'), { target: { value: 'x' } });
    await act(async () => vi.advanceTimersByTime(400));
    await act(async () => undefined);
    expect(within(card(6)).getByTestId('save-state').textContent).toBe('Not saved: Title must be at most 255 characters.');
  });

  it('clears the caption to none', async () => {
    show();
    await screen.findAllByTestId('medium-card');
    vi.useFakeTimers();
    fireEvent.change(within(card(9)).getByLabelText('Caption'), { target: { value: '  ' } });
    await act(async () => vi.advanceTimersByTime(400));
    expect(api.update).toHaveBeenCalledWith(9, { title: null });
  });
});

describe('associations', () => {
  it('searches 100 ms after typing stops, associates with Enter and shows a chip', async () => {
    show();
    await screen.findAllByTestId('medium-card');
    const search = within(card(9)).getByRole('combobox');
    fireEvent.focus(search);
    const list = () => within(card(9)).getByTestId('association-list');
    expect(within(list()).getAllByRole('option')).toHaveLength(4);
    vi.useFakeTimers();
    fireEvent.change(search, { target: { value: 'damier' } });
    act(() => vi.advanceTimersByTime(99));
    expect(within(list()).getAllByRole('option')).toHaveLength(4);
    act(() => vi.advanceTimersByTime(1));
    expect(within(list()).getAllByRole('option').map((o) => o.textContent)).toEqual(['Product Damier Keypad']);
    await act(async () => fireEvent.keyDown(search, { key: 'Enter' }));
    expect(api.update).toHaveBeenCalledWith(9, { associations: { products: { '99': true } } });
    expect(within(card(9)).getByRole('button', { name: 'Remove Product: Damier Keypad' })).toBeTruthy();
  });

  it('says when nothing matches, and offers no list then', async () => {
    show();
    await screen.findAllByTestId('medium-card');
    const search = within(card(9)).getByRole('combobox');
    fireEvent.focus(search);
    vi.useFakeTimers();
    fireEvent.change(search, { target: { value: 'zzz' } });
    act(() => vi.advanceTimersByTime(100));
    expect(within(card(9)).getByTestId('association-none').textContent).toBe('No matches.');
    expect(within(card(9)).getByTestId('association-list').hidden).toBe(true);
  });

  it('removes a chip with the Delete key, keeping the others', async () => {
    api.list.mockResolvedValue([medium({ id: 9, title: 'Front', associations: { products: { '98': true }, productOptions: { '23': {} } } })]);
    show();
    await screen.findAllByTestId('medium-card');
    const chip = within(card(9)).getByRole('button', { name: 'Remove Option: Satin Brass (Plate Finish)' });
    chip.focus();
    await act(async () => fireEvent.keyDown(chip, { key: 'Delete' }));
    expect(api.update).toHaveBeenCalledWith(9, { associations: { products: { '98': true } } });
  });

  it('keeps the list within 150 px: it scrolls', async () => {
    show();
    await screen.findAllByTestId('medium-card');
    fireEvent.focus(within(card(9)).getByRole('combobox'));
    // CSS modules are not applied in jsdom: the rule is read from the stylesheet.
    const css = (await import('node:fs')).readFileSync(`${process.cwd()}/mfe-admin/src/media/media.module.css`, 'utf8');
    expect(css).toMatch(/\.listbox \{[^}]*max-height: 150px;[^}]*overflow-y: auto;/);
    expect(css).toMatch(/\.card \{[^}]*width: 250px;[^}]*height: 500px;/);
  });
});

describe('delete', () => {
  it('asks exactly "Are you sure?"; Cancel does nothing, Delete removes the card', async () => {
    show();
    await screen.findAllByTestId('medium-card');
    fireEvent.click(within(card(4)).getByRole('button', { name: 'Delete Older' }));
    const dialog = screen.getByTestId('confirm-dialog');
    expect(within(dialog).getByText('Are you sure?').textContent).toBe('Are you sure?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.destroy).not.toHaveBeenCalled();
    expect(cards()).toHaveLength(3);

    fireEvent.click(within(card(4)).getByRole('button', { name: 'Delete Older' }));
    await act(async () => fireEvent.click(within(screen.getByTestId('confirm-dialog')).getByRole('button', { name: 'Delete' })));
    expect(api.destroy).toHaveBeenCalledWith(4);
    expect(cards().map((c) => c.dataset.mediumId)).toEqual(['9', '6']);
  });

  it('keeps the card and shows the error when the delete fails', async () => {
    api.destroy.mockRejectedValueOnce(new ApiRequestError(403, 'forbidden', "You don't have permission to do this."));
    show();
    await screen.findAllByTestId('medium-card');
    fireEvent.click(within(card(4)).getByRole('button', { name: 'Delete Older' }));
    await act(async () => fireEvent.click(within(screen.getByTestId('confirm-dialog')).getByRole('button', { name: 'Delete' })));
    expect(within(screen.getByTestId('confirm-dialog')).getByRole('alert').textContent).toBe("You don't have permission to do this.");
    expect(cards()).toHaveLength(3);
  });
});

describe('the image overlay', () => {
  it('opens full screen with a close button; Escape closes it and focus returns to the image', async () => {
    show();
    await screen.findAllByTestId('medium-card');
    const opener = within(card(9)).getByRole('button', { name: 'Open Newest full screen' });
    opener.focus();
    fireEvent.click(opener);
    const overlay = screen.getByTestId('image-overlay');
    expect(within(overlay).getByRole('img').getAttribute('alt')).toBe('Newest');
    expect(document.activeElement).toBe(within(overlay).getByRole('button', { name: 'Close image' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('image-overlay')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its button', async () => {
    show();
    await screen.findAllByTestId('medium-card');
    fireEvent.click(within(card(4)).getByRole('button', { name: 'Open Older full screen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close image' }));
    expect(screen.queryByTestId('image-overlay')).toBeNull();
  });
});

describe('the upload area', () => {
  const file = (bytes: number[] | Uint8Array<ArrayBuffer>, name: string, type = 'image/png') => new File([bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)], name, { type });
  const choose = (files: File[]) => fireEvent.change(screen.getByLabelText('Choose images'), { target: { files } });
  const states = () => screen.getAllByTestId('upload-state');

  it('refuses a text file named .png, a GIF and a file of 5,000,000 bytes before sending, with the server’s words', async () => {
    show();
    await screen.findAllByTestId('medium-card');
    choose([file([...new TextEncoder().encode('hello, not an image')], 'notes.png')]);
    await waitFor(() => expect(states()[0]!.dataset.status).toBe('failure'));
    expect(states()[0]!.textContent).toContain('Upload failed: This file is not a JPEG or PNG image. Choose a .jpg or .png file.');
    choose([file([0x47, 0x49, 0x46, 0x38, 0x39, 0x61], 'anim.gif', 'image/gif')]);
    await waitFor(() => expect(states()[0]!.textContent).toContain('GIF images are not accepted. Choose a JPEG or PNG image.'));
    const big = new Uint8Array(5_000_000);
    big.set(PNG);
    choose([file(big, 'huge.png')]);
    await waitFor(() => expect(states()[0]!.textContent).toContain('This image is too large: it must be under 5,000,000 bytes.'));
    expect(api.upload).not.toHaveBeenCalled();
  });

  it('shows uploading with progress, then success, and puts the new image first', async () => {
    let finish!: (m: Medium) => void;
    api.upload.mockImplementation((_org, _file, onProgress) => {
      onProgress(0.4);
      return new Promise((r) => (finish = r));
    });
    show();
    await screen.findAllByTestId('medium-card');
    choose([file(PNG, 'front.png')]);
    expect(states()[0]!.dataset.status).toBe('uploading');
    await waitFor(() => expect(states()[0]!.textContent).toContain('Uploading… 40%'));
    expect(states()[0]!.querySelector('progress')!.value).toBe(0.4);
    expect(api.upload.mock.calls[0]![0]).toBe(850);
    await act(async () => finish(medium({ id: 12, title: null, fileName: 'front' })));
    expect(states()[0]!.dataset.status).toBe('success');
    expect(states()[0]!.textContent).toContain('Uploaded');
    expect(cards().map((c) => c.dataset.mediumId)).toEqual(['12', '9', '6', '4']);
  });

  it('shows the server’s refusal as a failure', async () => {
    api.upload.mockRejectedValue(new ApiRequestError(413, 'fileTooLarge', 'This image is too large: it must be under 5,000,000 bytes.'));
    show();
    await screen.findAllByTestId('medium-card');
    choose([file(PNG, 'front.png')]);
    await waitFor(() => expect(states()[0]!.dataset.status).toBe('failure'));
    expect(within(states()[0]!).getByRole('alert').textContent).toBe('Upload failed: This image is too large: it must be under 5,000,000 bytes.');
    expect(cards()).toHaveLength(3);
  });

  it('takes dropped files too', async () => {
    api.upload.mockResolvedValue(medium({ id: 13 }));
    show();
    await screen.findAllByTestId('medium-card');
    fireEvent.drop(screen.getByTestId('media-drop-zone'), { dataTransfer: { files: [file([0xff, 0xd8, 0xff, 0xe0], 'photo.jpg', 'image/jpeg')] } });
    await waitFor(() => expect(states()[0]!.dataset.status).toBe('success'));
    expect(api.upload).toHaveBeenCalledTimes(1);
  });
});
