import type { CreateProductOrderWithItemsBody, OrderDataProductInstance, OrderDataProductOrder, OrgMembership } from '@cpq/domain';

/**
 * Named places of the portal's pages that an organisation's `./ui` expose may fill with a React
 * component (loaded lazily, browser only). Types only here: the rules module and the API never load
 * a component. Each slot names the context its component receives; an empty slot renders nothing.
 */
export interface UiSlotContexts {
  /** Buttons beside the order page's controls (e.g. 850's "Generate Back Box Quote"). */
  'orderPage.actions': OrderPageActionsContext;
}

export type UiSlotName = keyof UiSlotContexts;
export type UiSlotContext<N extends UiSlotName = UiSlotName> = UiSlotContexts[N];

/** Every slot name (for checks that a plugin declares only known slots). */
export const UI_SLOT_NAMES = ['orderPage.actions'] as const satisfies readonly UiSlotName[];

/** What an order page action sees: the order as shown to the user, its items, the catalogue rows they use. */
export interface OrderPageActionsContext {
  org: OrgMembership;
  order: OrderDataProductOrder;
  items: readonly OrderDataProductInstance[];
  catalogue: {
    products: ReadonlyArray<{ id: number; title: string; productCategoryId: number | null; archived?: number | boolean | null }>;
    productOptions: ReadonlyArray<{ id: number; productPropertyId: number; title: string; data?: unknown }>;
  };
  /** Prices are hidden from this user on this order. */
  pricingHidden: boolean;
  /** Calls the order page performs for the component (the API remains the authority). */
  actions: {
    /** POST /api/configurator/create-product-order-with-items: the new order (its orgSpecificId for navigation). */
    createProductOrderWithItems(body: CreateProductOrderWithItemsBody): Promise<OrderDataProductOrder>;
    /** Client-side navigation inside the portal, e.g. to `/orders/12`. */
    navigate(href: string): void;
  };
}
