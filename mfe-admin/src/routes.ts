/**
 * The admin area's routes: /admin/{section} and /admin/{section}/{id}. Pure (no DOM).
 * The sidebar lists the catalogue, media, guests, user groups, quotes and API tokens, and for platform administrators the
 * platform's sections; integrations is reached by its address.
 */
export const ADMIN_SECTIONS = [
  { path: 'products', label: 'Products' },
  { path: 'product-properties', label: 'Properties' },
  { path: 'product-property-groups', label: 'Property groups' },
  { path: 'product-categories', label: 'Categories' },
  { path: 'product-pricing-rules', label: 'Pricing rules' },
  { path: 'media', label: 'Media' },
  { path: 'guests', label: 'Guests' },
  { path: 'user-groups', label: 'User groups' },
  { path: 'quotes', label: 'Quotes' },
  { path: 'api-tokens', label: 'API tokens' },
] as const;

/** The platform administrators' sections, after the others in their sidebar. */
export const PLATFORM_SECTIONS = [{ path: 'background-tasks', label: 'Background tasks' }] as const;

/** Every section with a screen, the sidebar's and the others (integrations, product graphics). */
export const ADMIN_SCREENS = [...ADMIN_SECTIONS.map((s) => s.path), ...PLATFORM_SECTIONS.map((s) => s.path), 'integrations', 'product-graphics'] as const;
export type AdminSection = (typeof ADMIN_SCREENS)[number];

/** Sections whose screens have a detail page per id. */
const WITH_DETAIL: readonly AdminSection[] = ['products', 'product-properties', 'product-property-groups', 'product-categories', 'product-pricing-rules', 'product-graphics'];

export type AdminRoute =
  | { kind: 'list'; section: AdminSection }
  | { kind: 'detail'; section: AdminSection; id: number }
  | { kind: 'notFound' };

/** The screen an /admin/... path names; anything else (unknown section, bad id, deeper path) is notFound. */
export function adminRoute(pathname: string): AdminRoute {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(2);
  const section = ADMIN_SCREENS.find((s) => s === parts[0]);
  if (!section) return { kind: 'notFound' };
  if (parts.length === 1) return section === 'product-graphics' ? { kind: 'notFound' } : { kind: 'list', section };
  if (parts.length === 2 && WITH_DETAIL.includes(section) && /^[1-9][0-9]{0,9}$/.test(parts[1]!)) {
    return { kind: 'detail', section, id: Number(parts[1]) };
  }
  return { kind: 'notFound' };
}

/** The sidebar entry lit for a path (a detail page lights its list). */
export function sectionOf(pathname: string): string | null {
  return pathname.split('/')[2] || null;
}

/** A detail screen's name for one row, in the tab title ("Product 12"). */
const DETAIL_NAMES: Partial<Record<AdminSection, string>> = {
  products: 'Product',
  'product-properties': 'Property',
  'product-property-groups': 'Property group',
  'product-categories': 'Category',
  'product-pricing-rules': 'Pricing rule',
  'product-graphics': 'Product graphic',
};

const SCREEN_NAMES: Record<AdminSection, string> = {
  ...Object.fromEntries([...ADMIN_SECTIONS, ...PLATFORM_SECTIONS].map((s) => [s.path, s.label])),
  integrations: 'Integrations',
  'product-graphics': 'Product graphics',
} as Record<AdminSection, string>;

/** The tab title's page parts of an admin screen (docs/decisions/0095-brand-titles-and-quote-terms.md): the screen, then "Admin". */
export function adminTitle(route: AdminRoute): string[] {
  if (route.kind === 'notFound') return ['Page not found', 'Admin'];
  if (route.kind === 'detail') return [`${DETAIL_NAMES[route.section] ?? SCREEN_NAMES[route.section]} ${route.id}`, 'Admin'];
  return [SCREEN_NAMES[route.section], 'Admin'];
}
