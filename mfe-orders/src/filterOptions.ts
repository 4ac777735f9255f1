import type { ProductOrderStatus } from '@cpq/domain';
import type { OrdersShortcut } from '@cpq/plugin-sdk';
import type { Category } from './types.ts';

/**
 * The Category filter's choices: the categories the server listed, plus a stand-in for a selected
 * category it did not list (e.g. from an old link), so the select still shows what is applied.
 */
export function categoryOptions(categories: readonly Category[], selected: 'all' | number): readonly Category[] {
  return categories.some((c) => c.id === selected) || selected === 'all' ? categories : [...categories, { id: selected, title: `Category ${selected}` }];
}

/** The shortcuts the rules offer whose status the organisation has (the processing-payment one always). */
export function offeredShortcuts(shortcuts: readonly OrdersShortcut[], statuses: readonly ProductOrderStatus[]): OrdersShortcut[] {
  return shortcuts.filter((s) => s.processingPayment || statuses.some((st) => st.key === s.statusKey));
}
