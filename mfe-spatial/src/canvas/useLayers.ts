import { useCallback, useState } from 'react';
import type { Layers } from './types.ts';

/** Layer visibility of one order's drawing, kept in this tab's session storage. */
export function useLayers(orderId: number): [Layers, (l: Partial<Layers>) => void] {
  const key = `cpq.canvasLayers.${orderId}`;
  const [layers, set] = useState<Layers>(() => {
    try {
      return { murals: true, panelsAndSeams: true, dimensions: true, ...(JSON.parse(sessionStorage.getItem(key) ?? '{}') as Partial<Layers>) };
    } catch {
      return { murals: true, panelsAndSeams: true, dimensions: true };
    }
  });
  const update = useCallback(
    (l: Partial<Layers>) =>
      set((prev) => {
        const next = { ...prev, ...l };
        sessionStorage.setItem(key, JSON.stringify(next));
        return next;
      }),
    [key],
  );
  return [layers, update];
}
