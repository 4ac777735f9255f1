import { useEffect, useState, type RefObject } from 'react';

/** The width of the stage's box (never under 320), followed as the page resizes: the Konva stage is sized in pixels. */
export function useBoxWidth(box: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(900);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(Math.max(320, el.clientWidth)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [box]);
  return width;
}
