/** The admin sidebar (products, properties, property groups, categories, pricing rules, media, guests, user groups): path segment under /admin and its label. */
export const ADMIN_SECTIONS = [
  { path: 'products', label: 'Products' },
  { path: 'product-properties', label: 'Properties' },
  { path: 'product-property-groups', label: 'Property groups' },
  { path: 'product-categories', label: 'Categories' },
  { path: 'product-pricing-rules', label: 'Pricing rules' },
  { path: 'media', label: 'Media' },
  { path: 'guests', label: 'Guests' },
  { path: 'user-groups', label: 'User groups' },
] as const;

/** The section of an /admin/... path, or null for a path outside the sidebar (e.g. integrations). */
export function sectionOf(pathname: string): string | null {
  return pathname.split('/')[2] || null;
}
