// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ItemNotesDialog } from './ItemNotesDialog.tsx';

afterEach(cleanup);

const instance = { id: 7, title: 'Entry', notes: 'Left of the door' };
const product = { title: 'Crestnet Keypad', links: 'https://example.com/spec.pdf,Spec sheet\njavascript:alert(1),Run me' };

describe('ItemNotesDialog', () => {
  it('is a labelled modal with the notes focused; Escape closes it', async () => {
    const onClose = vi.fn();
    render(<ItemNotesDialog open onClose={onClose} instance={instance} product={product} readOnly={false} onSave={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Notes' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Notes' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('saves the notes as written and shows that they were saved', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<ItemNotesDialog open onClose={vi.fn()} instance={instance} product={product} readOnly={false} onSave={onSave} />);
    const save = screen.getByRole('button', { name: 'Save notes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true); // nothing changed yet
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), ', 1200 from the floor');
    await userEvent.click(save);
    expect(onSave).toHaveBeenCalledWith('Left of the door, 1200 from the floor');
    expect((await screen.findByTestId('notes-status')).textContent).toBe('Notes saved.');
  });

  it('keeps "Notes saved." when the item comes back with the notes it saved', async () => {
    // The editor applies the notes to the item at once and saves them; the item shown then carries them.
    const onSave = vi.fn().mockResolvedValue(undefined);
    const { rerender } = render(<ItemNotesDialog open onClose={vi.fn()} instance={instance} product={product} readOnly={false} onSave={onSave} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), '.');
    await userEvent.click(screen.getByRole('button', { name: 'Save notes' }));
    expect((await screen.findByTestId('notes-status')).textContent).toBe('Notes saved.');
    rerender(<ItemNotesDialog open onClose={vi.fn()} instance={{ ...instance, notes: 'Left of the door.' }} product={product} readOnly={false} onSave={onSave} />);
    expect(screen.getByTestId('notes-status').textContent).toBe('Notes saved.');
    expect((screen.getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).value).toBe('Left of the door.');
  });

  it('deletes the notes, and shows the server message when saving fails', async () => {
    const onSave = vi.fn().mockRejectedValueOnce(new Error('Item not found.')).mockResolvedValueOnce(undefined);
    render(<ItemNotesDialog open onClose={vi.fn()} instance={instance} product={product} readOnly={false} onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete notes' }));
    expect(onSave).toHaveBeenLastCalledWith('');
    expect((await screen.findByRole('alert')).textContent).toBe('Could not save the notes: Item not found.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete notes' }));
    expect((await screen.findByTestId('notes-status')).textContent).toBe('Notes deleted.');
  });

  it('shows the product links, http(s) only as links; read-only users cannot change the notes', () => {
    render(<ItemNotesDialog open onClose={vi.fn()} instance={instance} product={product} readOnly onSave={vi.fn()} />);
    const link = screen.getByRole('link', { name: 'Spec sheet' });
    expect(link.getAttribute('href')).toBe('https://example.com/spec.pdf');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('link', { name: /Run me/ })).toBeNull();
    expect(screen.getByText('javascript:alert(1),Run me')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save notes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete notes' })).toBeNull();
  });

  it('renders nothing while closed', () => {
    render(<ItemNotesDialog open={false} onClose={vi.fn()} instance={instance} product={null} readOnly={false} onSave={vi.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ItemNotesDialog images', () => {
  const medium = (over: Record<string, unknown>) => ({ orgId: 850, type: 'image' as const, fileName: 'f', fileExtension: 'jpg' as const, hasFile: 1 as const, ...over }) as never;
  const media = [
    medium({ id: 1, title: 'Satin brass keypad', presignedUrl: 'https://cdn.example.com/brass.jpg', associations: { products: { '98': {} } } }),
    medium({ id: 2, title: 'No file yet', hasFile: 0, presignedUrl: 'https://cdn.example.com/none.jpg', associations: { products: { '98': {} } } }),
    medium({ id: 3, title: 'Another product', presignedUrl: 'https://cdn.example.com/other.jpg', associations: { products: { '99': {} } } }),
    medium({ id: 4, title: 'Not a web address', presignedUrl: 'javascript:alert(1)', associations: { products: { '98': {} } } }),
  ];

  it("shows the product's images with their titles as alt text, and nothing for media without a file", () => {
    render(<ItemNotesDialog open onClose={vi.fn()} instance={instance} product={{ ...product, id: 98 }} media={media} readOnly={false} onSave={vi.fn()} />);
    const images = screen.getAllByRole('img');
    expect(images.map((i) => [i.getAttribute('alt'), i.getAttribute('src')])).toEqual([['Satin brass keypad', 'https://cdn.example.com/brass.jpg']]);
  });

  it('draws no image section when the product has no image with a file', () => {
    render(<ItemNotesDialog open onClose={vi.fn()} instance={instance} product={{ ...product, id: 97 }} media={media} readOnly={false} onSave={vi.fn()} />);
    expect(screen.queryByTestId('product-images')).toBeNull();
    expect(screen.queryAllByRole('img')).toEqual([]);
  });
});
