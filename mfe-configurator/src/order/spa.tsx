import { makeLifecycles } from '../shared/lifecycles.tsx';
import { OrderPage } from './OrderPage.tsx';

/** single-spa lifecycles of the order page (route `/orders/:orgSpecificId`). */
export const { bootstrap, mount, unmount, update } = makeLifecycles(OrderPage, 'order');
