// The constant alone, not the drawing library: every page needs the default rules, few draw
// (docs/decisions/0104-static-first-view.md; the subpath is bundled, not a shared module).
import { DEFAULT_DRAWING_CONFIG } from '@cpq/drawing/config';
import type { PluginRules } from './extension-points.ts';

/**
 * The rules of an organisation without a plugin, and the base every plugin's rules merge over.
 * Typed as the full `PluginRules`, so a new extension point without a default does not compile.
 * Shipped inside the SDK (not loaded at run time) so the browser always has them.
 */
export const DEFAULT_RULES: PluginRules = {
  wording: { order: 'order', orders: 'orders' },
  home: {
    greeting: (orgTitle) => `Welcome to the ${orgTitle} Configurator`,
    sections: [{ title: 'Configure | Price | Quote', tiles: 'allCategories' }],
    tilesPerRow: 5,
  },
  ordersList: {
    basicColumns: ['orderNumber', 'title', 'product', 'category', 'status', 'items', 'total', 'created', 'lastUpdated', 'owner'],
    advancedColumns: [],
    guestHiddenColumns: ['owner'],
    advancedData: [],
    employeeTools: { statusCounts: false, shortcuts: [], advancedView: false, csvExport: false },
  },
  items: { newItemDefaults: () => ({}) },
  orderSettings: { advancedPricingFields: false, employeeOnlyFields: [] },
  ui: { slots: [] },
  theme: {},
  catalogue: { optionFilters: [] },
  validation: { instanceValidators: [], optionAlerts: [] },
  costs: { maxDiscountPercentage: () => null },
  integrations: { guestUpdated: [] },
  documents: { scaleNoteModes: [], discountToggleExcludedCategoryIds: [], orderPageLinks: { viewQuote: false, viewInvoice: false } },
  drawings: DEFAULT_DRAWING_CONFIG,
  drawingsPage: { paper: 'ledger', optionColumns: true },
  spatial: {
    spatialCategoryIds: [],
    planView: false,
    murals: false,
    units: 'in',
    scale: { plan: null, customView: null },
    zoom: { min: 1 / 512, max: 128 },
    grid: null,
    screenGrid: { size: 12, strokeWidth: 0.5, opacity: 0.15 },
    viewportSize: { width: 1555, height: 834 },
    dimensionPrecision: { min: 1 / 64, max: 64 },
  },
  orderStatus: { guards: [], hooks: [], shippedWithoutFinalPayment: false, paymentRequiresContactEmail: false, updateIntentOnMethodChange: false, taxSkippedStates: [] },
};
