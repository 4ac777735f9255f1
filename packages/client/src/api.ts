import type {
  CreateProductOrderBody,
  HomepageDataBody,
  HomepageDataResponse,
  LoginBody,
  OrderDataBody,
  OrderDataResponse,
  ProductOrder,
  SessionData,
} from '@cpq/domain';
import { apiGet, apiPost } from './http.ts';

/** The response schemas' types (packages/domain), under the names the apps use. */
export type HomepageData = HomepageDataResponse;
export type OrderData = OrderDataResponse;

/** Typed calls of the portal API (paths as in the spec, under /api). */
export const api = {
  login: (body: LoginBody) => apiPost<SessionData>('/api/auth/login', body),
  logout: () => apiPost<{ ok: true }>('/api/auth/logout', {}),
  session: () => apiGet<SessionData>('/api/auth/session'),
  homepageData: (body: HomepageDataBody) =>
    apiPost<HomepageData>('/api/configurator/get-configurator-homepage-data', body),
  createProductOrder: (body: CreateProductOrderBody) =>
    apiPost<ProductOrder>('/api/configurator/create-product-order', body),
  orderData: (body: OrderDataBody) => apiPost<OrderData>('/api/configurator/get-configurator-order-data', body),
};
