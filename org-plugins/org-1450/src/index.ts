import { definePlugin } from '@cpq/plugin-sdk';

export default definePlugin({
  orgId: 1450,
  compatibility: [1],
  rules: {
    home: {
      sections: [{ title: 'Configure | Price | Quote', tiles: [{ categoryId: 18, action: 'createOrder' }] }],
    },
  },
});
