import { defineUiPlugin } from '@cpq/plugin-sdk/ui';

/**
 * Organisation 850's browser-only contributions (the `./ui` expose). Each slot's component is loaded
 * only when a page shows that slot. The slots filled here are listed in the rules (`ui.slots`).
 */
export default defineUiPlugin({
  orgId: 850,
  compatibility: [1],
  slots: {
    'orderPage.actions': () => import('./BackBoxQuoteButton.tsx'),
  },
});
