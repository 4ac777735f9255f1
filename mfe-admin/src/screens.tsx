import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AdminSection } from './routes.ts';
import type { ScreenProps } from './types.ts';

/**
 * One lazily loaded module per section, so a screen's code (Monaco for pricing rules) arrives only
 * when it is opened. A section without an entry shows the honest "not available yet" page.
 */
export const SCREENS: Partial<Record<AdminSection, LazyExoticComponent<ComponentType<ScreenProps>>>> = {
  products: lazy(() => import('./products/ProductsScreen.tsx')),
  media: lazy(() => import('./media/MediaScreen.tsx')),
  'product-properties': lazy(() => import('./properties/PropertiesScreen.tsx')),
  'product-property-groups': lazy(() => import('./groups/GroupsScreen.tsx')),
  'product-categories': lazy(() => import('./categories/CategoriesScreen.tsx')),
  integrations: lazy(() => import('./integrations/IntegrationsScreen.tsx')),
  guests: lazy(() => import('./guests/GuestsScreen.tsx')),
  'user-groups': lazy(() => import('./userGroups/UserGroupsScreen.tsx')),
  'product-pricing-rules': lazy(() => import('./pricing/PricingRulesScreen.tsx')),
  'product-graphics': lazy(() => import('./graphics/ProductGraphicScreen.tsx')),
  'background-tasks': lazy(() => import('./platform/BackgroundTasksScreen.tsx')),
  'api-tokens': lazy(() => import('./apiTokens/ApiTokensScreen.tsx')),
  quotes: lazy(() => import('./quotes/QuotesScreen.tsx')),
};

