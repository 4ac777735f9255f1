import type { Row } from '../common/adminApi.ts';

export type CategoryRow = Row & { title: string; rank: number; archived: number; thumbnailUrl: string | null };
export type CategoryProductRow = Row & { title: string; rank: number; archived: number };

export const CATEGORY_KEY = 'productCategories';
export const categoryHref = (id: number) => `/admin/product-categories/${id}`;
