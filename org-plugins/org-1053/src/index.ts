import { definePlugin } from '@cpq/plugin-sdk';

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
    theme: { forcedFont: { family: 'DIN', sizePx: 14, weight: 'normal' } },
  },
});
