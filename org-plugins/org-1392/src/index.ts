import { definePlugin } from '@cpq/plugin-sdk';

export default definePlugin({
  orgId: 1392,
  compatibility: [1],
  rules: {
    home: {
      sections: [
        {
          title: 'Configure | Price | Quote',
          tiles: [
            { categoryId: 14, action: 'createOrder' },
            { categoryId: 16, action: 'createOrder' },
          ],
        },
      ],
    },
  },
});
