/** The API paths the tests call (one list, so a renamed route is renamed once). */
export const HOME = '/api/configurator/get-configurator-homepage-data';
export const CREATE_ORDER = '/api/configurator/create-product-order';
export const ORDER_DATA = '/api/configurator/get-configurator-order-data';
export const CATALOGUE = (orgId: number) => `/api/configurator/catalogue?orgId=${orgId}`;
export const ITEM_CREATE = '/api/resources/productInstances/create';
export const ITEM_UPDATE = '/api/resources/productInstances/update';
export const ITEM_DESTROY = '/api/resources/productInstances/destroy';
export const ORDER_UPDATE = '/api/resources/productOrders/update';
export const ORDERS_DATA = '/api/configurator/get-configurator-orders-data';
export const ORDERS_COUNT = '/api/configurator/get-configurator-orders-count';
export const UPDATE_ORDER_COSTS = '/api/configurator/update-product-order-costs';
export const UPDATE_PREFERENCES = '/api/users/update-preferences';
