// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { api } from '@cpq/client';
import { makeOption, makeProperty } from '@cpq/test-utils';
import { ExportPricesButton } from './ExportPricesButton.tsx';
import { downloadCsv } from '@cpq/ui';
import { product } from '../fakeServer.test-utils.ts';

vi.mock('@cpq/client', async (orig) => {
  const actual = await orig<typeof import('@cpq/client')>();
  return { ...actual, api: { ...actual.api, catalogue: vi.fn() } };
});
vi.mock('@cpq/ui', async (importOriginal) => ({ ...(await importOriginal<typeof import('@cpq/ui')>()), downloadCsv: vi.fn() }));

// A rule that costs 1000 plus the finish; finishes 0 and 250. The product row is archived, so the
// catalogue does not carry it: the export prices the row the page has.
const catalogue = {
  orgId: 850,
  version: 1,
  pricingIsHidden: false,
  products: [],
  productCategories: [],
  productProperties: [makeProperty({ id: 12, title: 'Plate Finish' })],
  productPropertyGroups: [],
  productOptions: [makeOption({ id: 1, productPropertyId: 12, title: 'Steel', data: { priceInCents: 0 } }), makeOption({ id: 2, productPropertyId: 12, title: 'Brass', data: { priceInCents: 250 } })],
  productOptionClassifiers: [],
  productRules: [],
  productPricingRules: [
    {
      id: 7,
      orgId: 850,
      title: 'Plates',
      deleted: 0,
      versions: { '1': { created: '2020-01-01 00:00:00', expressions: [{ type: 'fixed', props: { value: 1000 }, operator: '+' }, { type: 'productPropertyPrice', props: { productPropertyId: 12 }, operator: '+' }] } },
    },
  ],
};
const plate = (exportPriceData: unknown) =>
  product({ id: 5, title: 'Wall Plate', archived: 1, productPricingRuleId: 7, associations: { productProperties: { '12': {} } }, exportPriceData });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('Export Prices', () => {
  it('prices the layout and downloads it as CSV', async () => {
    vi.mocked(api.catalogue).mockResolvedValue(catalogue as never);
    render(<ExportPricesButton product={plate({ rowsData: [12] })} orgId={850} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export Prices' }));
    expect(await screen.findByText('Exported 2 rows.')).toBeTruthy();
    expect(api.catalogue).toHaveBeenCalledWith(850);
    expect(downloadCsv).toHaveBeenCalledWith('Plate Finish,Price\nSteel,10.00\nBrass,12.50\n', 'wall-plate-5-prices.csv');
  });

  it('names what is wrong with the settings and downloads nothing', async () => {
    render(<ExportPricesButton product={plate({ rowsData: [99] })} orgId={850} />);
    vi.mocked(api.catalogue).mockResolvedValue(catalogue as never);
    fireEvent.click(screen.getByRole('button', { name: 'Export Prices' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Property 99 is not applied to this product.');
    expect(downloadCsv).not.toHaveBeenCalled();
  });

  it('says why when the catalogue cannot be loaded', async () => {
    vi.mocked(api.catalogue).mockRejectedValue(new Error('The server is not answering.'));
    render(<ExportPricesButton product={plate({ rowsData: [12] })} orgId={850} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export Prices' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The prices could not be exported: The server is not answering.'));
    expect(downloadCsv).not.toHaveBeenCalled();
  });
});
