import { useEffect, useReducer } from 'react';

/**
 * The pictures of mural designs drawn on textures: each address loaded once for the page and kept, so
 * a redraw (a pan, a zoom, a drag) draws the loaded image and never fetches or decodes again.
 */
type Entry = { image: HTMLImageElement; state: 'loading' | 'ready' | 'error'; waiters: Set<() => void> };
const pictures = new Map<string, Entry>();

function load(url: string): Entry {
  const known = pictures.get(url);
  if (known) return known;
  const image = new Image();
  const entry: Entry = { image, state: 'loading', waiters: new Set() };
  const settle = (state: Entry['state']) => {
    entry.state = state;
    for (const w of entry.waiters) w();
    entry.waiters.clear();
  };
  image.onload = () => settle('ready');
  // A picture that does not load leaves the design's fill (the texture still shows where it lies).
  image.onerror = () => settle('error');
  image.src = url;
  pictures.set(url, entry);
  return entry;
}

/** The loaded picture at `url`, or null while it loads, when it failed, or without an address. */
export function useMuralPicture(url: string | null): HTMLImageElement | null {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!url) return;
    const entry = load(url);
    // Settled between the render and now: draw again with it.
    if (entry.state !== 'loading') return redraw();
    entry.waiters.add(redraw);
    return () => void entry.waiters.delete(redraw);
  }, [url]);
  const entry = url ? pictures.get(url) : undefined;
  return entry?.state === 'ready' ? entry.image : null;
}

/** The part of a picture, centred, with the proportions of the box it fills. */
export function coverCrop(picture: { width: number; height: number }, box: { width: number; height: number }): { x: number; y: number; width: number; height: number } {
  if (!(picture.width > 0 && picture.height > 0 && box.width > 0 && box.height > 0)) return { x: 0, y: 0, width: picture.width, height: picture.height };
  const k = Math.min(picture.width / box.width, picture.height / box.height);
  const [width, height] = [box.width * k, box.height * k];
  return { x: (picture.width - width) / 2, y: (picture.height - height) / 2, width, height };
}
