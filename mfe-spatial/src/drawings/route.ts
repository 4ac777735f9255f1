import { parseOrderAddress } from '@cpq/client';
import type { SetMode } from './pageLayout.ts';

export type Units = 'mm' | 'in';

/** What the drawings set shows; kept in the query string so the PDF renderer opens the same set. */
export interface DrawingsSettings {
  setMode: SetMode;
  units: Units;
  showDimensions: boolean;
}

export interface DrawingsRoute {
  orgSpecificId: number;
  shareToken?: string;
  shareableOrderId?: string;
  /** `?print=1`: the page as printed (no toolbar), for the PDF renderer. */
  print: boolean;
  settings: DrawingsSettings;
}

/**
 * `/orders/12/drawings?setMode=individual&units=in&showDimensions=false&shareToken=…` → the route;
 * settings absent or unreadable in the query take the given defaults. Null when the path names no order.
 */
export function parseDrawingsRoute(pathname: string, search: string, defaults: DrawingsSettings): DrawingsRoute | null {
  const address = parseOrderAddress(pathname, search, 'drawings');
  if (!address) return null;
  const { query: q, ...order } = address;
  const setMode = q.get('setMode');
  const units = q.get('units');
  const dims = q.get('showDimensions');
  return {
    ...order,
    print: q.get('print') === '1',
    settings: {
      setMode: setMode === 'multiple' || setMode === 'individual' ? setMode : defaults.setMode,
      units: units === 'mm' || units === 'in' ? units : defaults.units,
      showDimensions: dims === 'true' ? true : dims === 'false' ? false : defaults.showDimensions,
    },
  };
}

/** The query string with the settings written in (other parameters, such as a share token, kept). */
export function withSettings(search: string, settings: DrawingsSettings): string {
  const q = new URLSearchParams(search);
  q.set('setMode', settings.setMode);
  q.set('units', settings.units);
  q.set('showDimensions', String(settings.showDimensions));
  return `?${q.toString()}`;
}
