import { OrdersPage } from './OrdersPage.tsx';

/** Root of mfe-orders: the orders list (/orders). */
export function App() {
  return <OrdersPage />;
}
