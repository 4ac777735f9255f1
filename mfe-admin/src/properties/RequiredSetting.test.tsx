// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resources } from '../common/adminApi.ts';
import { renderAdmin } from '../renderAdmin.test-utils.tsx';
import PropertiesScreen from './PropertiesScreen.tsx';

vi.mock('single-spa', () => ({ navigateToUrl: vi.fn() }));
vi.mock('../common/adminApi.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../common/adminApi.ts')>();
  return { ...actual, resources: { get: vi.fn(), create: vi.fn(), update: vi.fn(), destroy: vi.fn(), duplicate: vi.fn() } };
});

const api = vi.mocked(resources);
const base = { orgId: 850, archived: 0, internalTitle: null, isArray: 0, noOptionThumbnails: 1, isOrderLevel: 0, drawingVisibility: 'visible', invoiceVisibility: 'inline', showThumbnailsOnInvoice: 0, productOptionDataFields: [], productPropertyGroupId: null };
const WIDTH = { ...base, id: 302, title: 'Lamella Width', rank: 1, type: 'dimensions', data: { maxDimension: 300, minDimension: 40, dimensionInterval: 1 } };
const NOTES = { ...base, id: 161, title: 'Door Unit Number', rank: 2, type: 'text', data: {} };

beforeEach(() => {
  const rows: Array<Record<string, unknown>> = [WIDTH, NOTES];
  api.get.mockImplementation((async (key: string, where: Record<string, unknown>) => (key === 'productProperties' ? rows.filter((r) => r.id === where.id) : [])) as never);
  api.update.mockImplementation((async (_key: string, id: number, props: Record<string, unknown>) => ({ ...rows.find((r) => r.id === id)!, ...props })) as never);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('required before submitting (decision 0091)', () => {
  it('a dimensions property is required until the admin makes it optional; the choice is saved in its data', async () => {
    renderAdmin(<PropertiesScreen id={302} />);
    const box = await screen.findByRole('checkbox', { name: 'Customers must choose this' });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby')!)!.textContent).toBe('An order cannot be submitted while an item leaves it unchosen.');
    await userEvent.setup().click(box);
    await waitFor(() => expect(api.update).toHaveBeenCalledWith('productProperties', 302, { data: { maxDimension: 300, minDimension: 40, dimensionInterval: 1, optional: true } }));
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Customers must choose this' }) as HTMLInputElement).checked).toBe(false));
    expect(screen.getByText('Optional: customers may leave it unchosen.')).toBeTruthy();
  });

  it('a text property is never required: no such setting', async () => {
    renderAdmin(<PropertiesScreen id={161} />);
    await screen.findByTestId('property-detail');
    expect(screen.queryByRole('checkbox', { name: 'Customers must choose this' })).toBeNull();
  });
});
