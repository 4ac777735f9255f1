// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { apiPost } from '@cpq/client';
import { navigateToUrl } from 'single-spa';
import { adminStyles } from '../common/index.ts';
import ProductsScreen from './ProductsScreen.tsx';
import { fakeServer, product, storeFor } from './fakeServer.test-utils.ts';

vi.mock('@cpq/client', async (orig) => ({ ...(await orig<typeof import('@cpq/client')>()), apiPost: vi.fn() }));
vi.mock('single-spa', () => ({ navigateToUrl: vi.fn() }));

const rows = [
  product({ id: 98, title: 'Crestnet Keypad', rank: 1 }),
  product({ id: 102, title: 'Ellipse Keypad', rank: 2, archived: 1 }),
  product({ id: 116, title: 'Single Gang Back Box', rank: 3, isStocked: 1, currentInventory: 240 }),
  product({ id: 117, title: 'Double Gang Back Box', rank: 4, isStocked: 1, currentInventory: -3, publishLevel: 'internal' }),
];

function show(handlers: Record<string, (b: any) => unknown> = {}) {
  const server = fakeServer({ '/api/resources/products/get': () => rows, ...handlers });
  vi.mocked(apiPost).mockImplementation(server.apiPost as never);
  render(
    <Provider store={storeFor()}>
      <ProductsScreen id={null} />
    </Provider>,
  );
  return server;
}

/** The list once loaded and its effects run (rank inputs copy their rank in an effect). */
async function listed() {
  await screen.findByText('Crestnet Keypad');
  await act(async () => undefined);
}

const titles = () => screen.queryAllByRole('row').slice(1).map((r) => within(r).getByRole('link').textContent);

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('products list', () => {
  it("loads the active organisation's products and shows the active ones with their columns", async () => {
    const server = show();
    await listed();
    expect(server.calls[0]).toEqual({ path: '/api/resources/products/get', body: { where: { orgId: 850 } } });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank', 'ID', 'Title', 'Visibility', 'Inventory']);
    expect(titles()).toEqual(['Crestnet Keypad', 'Single Gang Back Box', 'Double Gang Back Box']);
    const row = screen.getByTestId('product-row-117');
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/admin/products/117');
    expect(within(row).getByText('Members')).toBeTruthy();
  });

  it('filters by status and by stocked, and says so when nothing matches', async () => {
    show();
    await listed();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'archived' } });
    expect(titles()).toEqual(['Ellipse Keypad']);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('Stocked'), { target: { value: 'stocked' } });
    expect(titles()).toEqual(['Single Gang Back Box', 'Double Gang Back Box']);
    fireEvent.change(screen.getByLabelText('Stocked'), { target: { value: 'notStocked' } });
    expect(titles()).toEqual(['Crestnet Keypad', 'Ellipse Keypad']);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'archived' } });
    fireEvent.change(screen.getByLabelText('Stocked'), { target: { value: 'stocked' } });
    expect(screen.getByRole('status').textContent).toBe('No products match these filters.');
  });

  it('shows a negative inventory in red, and only that one', async () => {
    show();
    await listed();
    expect(adminStyles.negative).toBeTruthy();
    expect(within(screen.getByTestId('product-row-117')).getByTestId('inventory').className).toContain(adminStyles.negative);
    expect(within(screen.getByTestId('product-row-116')).getByTestId('inventory').className).not.toContain(adminStyles.negative);
  });

  it('moves a row to the typed rank, clamped to 1..count (archived rows count), and ignores non-numbers', async () => {
    const server = show({ '/api/resources/products/update': (b) => product({ id: b.where.id, rank: b.props.rank }) });
    await listed();
    const rank = screen.getByLabelText('Rank of Crestnet Keypad');
    fireEvent.change(rank, { target: { value: 'abc' } });
    fireEvent.blur(rank);
    fireEvent.change(rank, { target: { value: '1' } });
    fireEvent.blur(rank);
    expect(server.writes()).toEqual([]);
    fireEvent.change(rank, { target: { value: '99' } });
    fireEvent.blur(rank);
    await waitFor(() => expect(server.writes()).toEqual([{ path: '/api/resources/products/update', body: { where: { id: 98 }, props: { rank: 4 } } }]));
    // The list is read again so the server's numbering is the one shown.
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/api/resources/products/get')).toHaveLength(2));
  });

  it('adds an Untitled Product and opens it', async () => {
    const server = show({ '/api/resources/products/create': () => product({ id: 300, title: 'Untitled Product' }) });
    await listed();
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(navigateToUrl).toHaveBeenCalledWith('/admin/products/300'));
    expect(server.writes()).toEqual([{ path: '/api/resources/products/create', body: { props: { orgId: 850, title: 'Untitled Product' } } }]);
  });

  it('shows why a product could not be added', async () => {
    show({
      '/api/resources/products/create': () => {
        throw new Error('Only owners can change the catalogue.');
      },
    });
    await listed();
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The product could not be created: Only owners can change the catalogue.');
    expect(navigateToUrl).not.toHaveBeenCalled();
  });
});
