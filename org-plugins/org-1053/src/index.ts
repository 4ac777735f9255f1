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
    // Doors (20) and cabinet fronts (21) are drawn in elevations on a millimetre grid: scale 0.08 px
    // per mm, zoom 1/32 to 4, precision 0.5 to 16 mm. No plan view: the projects are walls of fronts.
    spatial: {
      spatialCategoryIds: [20, 21],
      units: 'mm',
      scale: { plan: 0.08, customView: 0.08 },
      zoom: { min: 1 / 32, max: 4 },
      grid: { size: 50, strokeWidth: 0.25, opacity: 0.2 },
      dimensionPrecision: { min: 0.5, max: 16 },
    },
  },
});
