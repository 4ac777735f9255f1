import type { OrdersListView } from './query.ts';

/** What an action did (info) or why it failed (error), shown above the list until dismissed. */
export interface Notice {
  kind: 'info' | 'error';
  text: string;
}

export type SetNotice = (notice: Notice | null) => void;

/** Why the page of rows could not be loaded. */
export interface LoadError {
  message: string;
  /** The server refused these filters (HTTP 400), e.g. a category from an old link. */
  refused: boolean;
}

/** A product category the Category filter offers. */
export interface Category {
  id: number;
  title: string;
}

/** Moves the list to another view: a new history entry, or the current one replaced. */
export type GoToView = (next: OrdersListView, how?: { replace?: boolean }) => void;
