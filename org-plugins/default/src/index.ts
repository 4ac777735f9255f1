import { definePlugin } from '@cpq/plugin-sdk';

/** Defaults for every extension point; organisation plugins override only what differs. */
export default definePlugin({
  orgId: 'default',
  compatibility: [1],
  rules: {
    wording: { order: 'order', orders: 'orders' },
    home: {
      greeting: (orgTitle) => `Welcome to the ${orgTitle} Configurator`,
      sections: [{ title: 'Configure | Price | Quote', tiles: 'allCategories' }],
      tilesPerRow: 5,
    },
    theme: {},
    catalogue: { optionFilters: [] },
    validation: { instanceValidators: [], optionAlerts: [] },
    costs: { maxDiscountPercentage: () => null, taxLookupApplies: () => true },
  },
});
