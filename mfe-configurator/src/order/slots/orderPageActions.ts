import { navigateToUrl } from 'single-spa';
import { apiPost } from '@cpq/client';
import type { CreateProductOrderWithItemsBody, OrderDataProductInstance, OrderDataProductOrder, OrgMembership } from '@cpq/domain';
import type { OrderPageActionsContext } from '@cpq/plugin-sdk';

/**
 * The context of the order page's 'orderPage.actions' slot: the order as the page holds it, and the
 * calls a plugin action may make (creating an order with its items, navigating in the portal).
 */
export function orderPageActionsContext(input: {
  org: OrgMembership;
  order: OrderDataProductOrder;
  items: readonly OrderDataProductInstance[];
  catalogue: OrderPageActionsContext['catalogue'];
  pricingHidden: boolean;
}): OrderPageActionsContext {
  return {
    ...input,
    actions: {
      createProductOrderWithItems: (body: CreateProductOrderWithItemsBody) => apiPost<OrderDataProductOrder>('/api/configurator/create-product-order-with-items', body),
      navigate: (href: string) => navigateToUrl(href),
    },
  };
}
