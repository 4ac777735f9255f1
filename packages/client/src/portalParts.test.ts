import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPortalPart, providePortalPartLoader } from './portalParts.ts';

describe('portal parts', () => {
  afterEach(() => providePortalPartLoader(null));
  it('refuses without a loader', async () => {
    await expect(loadPortalPart('spatialCanvas')).rejects.toThrow(/No loader of portal parts/);
  });
  it('loads a part once, and again after a failure', async () => {
    const Part = () => null;
    const loader = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Part);
    providePortalPartLoader(loader);
    await expect(loadPortalPart('spatialCanvas')).rejects.toThrow('offline');
    expect(await loadPortalPart('spatialCanvas')).toBe(Part);
    expect(await loadPortalPart('spatialCanvas')).toBe(Part);
    expect(loader).toHaveBeenCalledTimes(2);
  });
  it('refuses a module that is not a component', async () => {
    providePortalPartLoader(async () => 42 as never);
    await expect(loadPortalPart('spatialCanvas')).rejects.toThrow(/did not provide a component/);
  });
});
