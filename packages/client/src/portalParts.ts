import type { ComponentType } from 'react';
import type { OrderDataProductOrder, ProductGraphicJson, ProductGraphicNode } from '@cpq/domain';
import type { Catalogue, OrderData } from './api.ts';

/**
 * Screen parts one micro-frontend builds and another shows (the architectural canvas inside the
 * order page). Only the shell's federation runtime knows the remotes, so the shell provides the
 * loader at start-up; this module is a federation singleton, so every build sees the same loader.
 */
export interface SpatialCanvasProps {
  /** The order page's loaded order: the order row, its data (spatial lists included) and the catalogue. */
  order: OrderDataProductOrder;
  data: OrderData;
  catalogue: Catalogue;
  /** The person may change the drawing (the order page's own edit rights). */
  canEdit: boolean;
  /** The order's items as the order page has them now (edits included). */
  items: OrderData['productInstances'];
  /** Places an item in a view (or, with nulls, takes it out); saved by the order page. */
  onPlaceItem: (id: number, place: ItemPlace) => void;
  /** Adds a copy of an item at a place; resolves with the new item, or null when it was refused (the page says why). */
  onCopyItem: (id: number, place: ItemPlace) => Promise<{ id: number } | null>;
}
/** Where an item is drawn: a viewport and a position in it (drawing units). */
export interface ItemPlace {
  archCustomViewId: number | null;
  canvasPosition: { x: number; y: number } | null;
}
/** The product graphic editor (mfe-spatial) inside the admin area's page, which loads and saves the graphic. */
export interface ProductGraphicEditorProps {
  graphic: ProductGraphicJson;
  /** Saves the node tree; rejects with the server's words. */
  onSave: (nodes: ProductGraphicNode[]) => Promise<void>;
}
export interface PortalPartProps {
  spatialCanvas: SpatialCanvasProps;
  productGraphicEditor: ProductGraphicEditorProps;
}
export type PortalPartName = keyof PortalPartProps;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PortalPartLoader = (name: PortalPartName) => Promise<ComponentType<any>>;

let provided: PortalPartLoader | null = null;
const loaded = new Map<PortalPartName, Promise<ComponentType<never>>>();

/** Installs (or, with null, removes) the loader; forgets what was loaded. */
export function providePortalPartLoader(loader: PortalPartLoader | null): void {
  provided = loader;
  loaded.clear();
}

/** The part's component, loaded once; a failed load is tried again on the next call. */
export function loadPortalPart<N extends PortalPartName>(name: N): Promise<ComponentType<PortalPartProps[N]>> {
  const kept = loaded.get(name);
  if (kept) return kept as Promise<ComponentType<PortalPartProps[N]>>;
  if (!provided) return Promise.reject(new Error('No loader of portal parts is installed (the shell installs it at start-up).'));
  const answer = provided(name).then((c) => {
    if (typeof c !== 'function' && !(c && typeof c === 'object')) throw new Error(`The ${name} part did not provide a component.`);
    return c;
  });
  loaded.set(name, answer as Promise<ComponentType<never>>);
  answer.catch(() => loaded.delete(name));
  return answer as Promise<ComponentType<PortalPartProps[N]>>;
}
