import type { Row } from '../common/adminApi.ts';

export type GroupRow = Row & { title: string; rank: number; properties: Record<string, Record<string, unknown>> };
export type GroupPropertyRow = Row & { title: string; rank: number; archived: number; internalTitle: string | null };

export const GROUP_KEY = 'productPropertyGroups';
export const GROUPS_HREF = '/admin/product-property-groups';
export const groupHref = (id: number) => `${GROUPS_HREF}/${id}`;
