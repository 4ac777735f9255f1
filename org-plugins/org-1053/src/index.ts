import { definePlugin } from '@cpq/plugin-sdk';
import { newItemDefaults } from './newItemDefaults.ts';
import { pushGuestToMonday } from './mondaySync.ts';
import { drawings } from './drawings.ts';

export default definePlugin({
  orgId: 1053,
  compatibility: [1],
  rules: {
    home: {
      sections: [
        {
          title: 'Purchase Made-To-Order Items',
          tiles: [8, 20, 21].map((categoryId) => ({ categoryId, action: 'chooseProduct' as const })),
        },
      ],
    },
    items: { newItemDefaults },
    integrations: { guestUpdated: [pushGuestToMonday] },
    theme: { forcedFont: { family: 'DIN', sizePx: 14, weight: 'normal' } },
    drawings,
  },
});
