import { definePlugin } from '@cpq/plugin-sdk';

/** Architectural (isArchitectural is organisation data): the home page shows "New Project". */
export default definePlugin({
  orgId: 1798,
  compatibility: [1],
  rules: {
    wording: { order: 'project', orders: 'projects' },
    // Projects are listed by name, account and invoice with their Salesforce record; no order number,
    // product or category columns. The Salesforce link is internal: not shown to guests.
    ordersList: {
      basicColumns: ['title', 'project', 'accountClient', 'invoiceNumber', 'salesforceLink', 'status', 'created', 'lastUpdated', 'owner'],
      guestHiddenColumns: ['salesforceLink', 'owner'],
    },
    theme: { forcedFont: { family: 'Helvetica Neue', sizePx: 14, weight: 'normal' } },
    // Mural drawings print on letter, without the option id and title columns.
    drawingsPage: { paper: 'letter', optionColumns: false },
    // Mural planning: walls on a plan at scale 1, elevations (viewports) at 2, mural tools and layers,
    // the Panel Layout view; viewports are sized for letter pages.
    spatial: { planView: true, murals: true, scale: { plan: 1, customView: 2 }, viewportSize: { width: 1006, height: 564 } },
  },
});
