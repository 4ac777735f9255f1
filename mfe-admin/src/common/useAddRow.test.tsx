// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { navigateToUrl } from 'single-spa';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAddRow } from './useAddRow.ts';

vi.mock('single-spa', () => ({ navigateToUrl: vi.fn() }));

describe('useAddRow', () => {
  beforeEach(() => vi.mocked(navigateToUrl).mockReset());

  it("opens the new row's page and stays busy while the page changes", async () => {
    const { result } = renderHook(() => useAddRow(() => Promise.resolve({ id: 7 }), { open: (row) => `/admin/things/${row.id}` }));
    await act(async () => result.current.add());
    expect(navigateToUrl).toHaveBeenCalledWith('/admin/things/7');
    expect(result.current.adding).toBe(true);
    expect(result.current.error).toBeNull();
  });

  it('shows the new row in place and frees the button', async () => {
    const added = vi.fn();
    const { result } = renderHook(() => useAddRow(() => Promise.resolve({ id: 8 }), { added }));
    await act(async () => result.current.add());
    expect(added).toHaveBeenCalledWith({ id: 8 });
    expect(navigateToUrl).not.toHaveBeenCalled();
    expect(result.current.adding).toBe(false);
  });

  it('keeps the reason of a failed create and frees the button, opening nothing', async () => {
    const { result } = renderHook(() => useAddRow(() => Promise.reject(new Error('Only owners may do this.')), { open: () => '/admin/things/1' }));
    await act(async () => result.current.add());
    expect(result.current.error).toBe('Only owners may do this.');
    expect(result.current.adding).toBe(false);
    expect(navigateToUrl).not.toHaveBeenCalled();
  });
});
