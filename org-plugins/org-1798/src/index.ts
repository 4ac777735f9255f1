import { definePlugin } from '@cpq/plugin-sdk';

/** Architectural (isArchitectural is organisation data): the home page shows "New Project". */
export default definePlugin({
  orgId: 1798,
  compatibility: [1],
  rules: {
    wording: { order: 'project', orders: 'projects' },
    theme: { forcedFont: { family: 'Helvetica Neue', sizePx: 14, weight: 'normal' } },
  },
});
