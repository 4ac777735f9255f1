import type {
  CatalogueResponse,
  CreateProductOrderBody,
  HomepageDataBody,
  HomepageDataResponse,
  LoginBody,
  OrderDataBody,
  OrderDataResponse,
  ProductOrder,
  SessionData,
} from '@cpq/domain';
import { apiGet, apiGetRevalidated, apiPost } from './http.ts';

/** The response schemas' types (packages/domain), under the names the apps use. */
export type HomepageData = HomepageDataResponse;
export type OrderData = OrderDataResponse;
export type Catalogue = CatalogueResponse;

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
  /**
   * The organisation's catalogue as the caller may see it (for an order page: as that order shows it
   * to the caller), revalidated by ETag: unchanged since the last call, it costs a 304.
   */
  catalogue: (orgId: number, productOrderOrgSpecificId?: number) =>
    apiGetRevalidated<CatalogueResponse>(`/api/configurator/catalogue?orgId=${orgId}${productOrderOrgSpecificId !== undefined ? `&productOrderOrgSpecificId=${productOrderOrgSpecificId}` : ''}`),
};
