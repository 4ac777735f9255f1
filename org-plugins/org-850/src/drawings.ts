import type { DrawingConfig } from '@cpq/plugin-sdk';
import { ENGRAVING_BELOW_TEXT_PROPERTY_ID, ENGRAVINGS_PROPERTY_ID } from './engravingFit.ts';

const PLATE_FINISH_PROPERTY_ID = 12;
const MECHANISM_FINISH_PROPERTY_ID = 7;

/**
 * 850's drawings: keypads, outlets, plates and lamps by product; engravings coloured by the fit rule;
 * the drawings page offers Show Dimensions and the units picker.
 */
export const drawings: DrawingConfig = {
  renderers: {
    '98': 'keypad', '99': 'keypad', '100': 'keypad', '101': 'keypad', '102': 'keypad',
    '110': 'outlet', '111': 'outlet', '113': 'outlet', '114': 'outlet',
    '115': 'lamp', '122': 'lamp',
    '119': 'plate', '120': 'plate', '121': 'plate', '123': 'plate',
  },
  defaultUnits: 'mm',
  dimensionControls: true,
  engravings: { engravingsPropertyId: ENGRAVINGS_PROPERTY_ID, belowTextPropertyId: ENGRAVING_BELOW_TEXT_PROPERTY_ID, showFit: true },
  keypad: { plateFinishPropertyId: PLATE_FINISH_PROPERTY_ID, mechanismFinishPropertyId: MECHANISM_FINISH_PROPERTY_ID },
  // Products without a plate-size property: their catalogue sizes (mm).
  productSizes: {
    '111': { width: 100, height: 100, shape: 'round' },
    '114': { width: 70, height: 115, gang: 1 },
    '115': { width: 220, height: 420 },
    '119': { width: 144, height: 82, gang: 2 },
    '120': { width: 70, height: 115, gang: 1 },
    '121': { width: 116, height: 115, gang: 2 },
    '122': { width: 180, height: 300 },
    '123': { width: 70, height: 115, gang: 1 },
  },
};
