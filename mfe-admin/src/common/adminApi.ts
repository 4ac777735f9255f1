import { apiPost } from '@cpq/client';

/**
 * The generic resource calls of the admin area (POST /api/resources/{key}/get|create|update|destroy).
 * Bodies follow the schemas in packages/domain (schemas/catalogueWrites.ts); the server validates
 * them and answers 400 with the field's path, 403 to non-owners, 404 for rows of other organisations.
 */
export type Row = Record<string, unknown> & { id: number };

export const resources = {
  get: <T extends Row = Row>(key: string, where: Record<string, unknown>) => apiPost<T[]>(`/api/resources/${key}/get`, { where }),
  create: <T extends Row = Row>(key: string, props: Record<string, unknown>) => apiPost<T>(`/api/resources/${key}/create`, { props }),
  update: <T extends Row = Row>(key: string, id: number, props: Record<string, unknown>) =>
    apiPost<T>(`/api/resources/${key}/update`, { where: { id }, props }),
  destroy: <T extends Row = Row>(key: string, id: number) => apiPost<T>(`/api/resources/${key}/destroy`, { where: { id } }),
  /** Products and properties (with their options): the copy, titled '{title} (copy)', last in its list. */
  duplicate: <T extends Row = Row>(key: 'products' | 'productProperties', id: number) => apiPost<T>(`/api/resources/${key}/duplicate`, { where: { id } }),
};

/** The message to show for a failed call: the server's own words when it gave some. */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
