import type { DrawingConfig } from '@cpq/plugin-sdk';

const DOOR_SIZE = { width: 141, height: 142 };
const FRONT_SIZE = { width: 151, height: 152 };

/**
 * 1053's drawings: lamella doors (104) and cabinet fronts (105), flush doors, shaker fronts and
 * flooring; millimetres; the drawings page shows the estimate number and the product spec.
 */
export const drawings: DrawingConfig = {
  renderers: {
    '104': 'lamella', '105': 'lamella',
    '133': 'slabDoor',
    '134': 'cabinetFront', '106': 'cabinetFront',
    '130': 'flooring', '131': 'flooring', '132': 'flooring',
  },
  defaultUnits: 'mm',
  dimensionControls: false,
  sizePropertyIds: { '104': DOOR_SIZE, '133': DOOR_SIZE, '105': FRONT_SIZE, '134': FRONT_SIZE, '106': FRONT_SIZE },
  lamella: {
    widthModePropertyId: 300,
    lamellaCountPropertyId: 301,
    lamellaWidthPropertyId: 302,
    alignmentPropertyId: 303,
    grainPropertyId: 144,
    hingeSidePropertyId: 147,
    thicknessPropertyId: 304,
    openingPropertyId: 305,
    hingeCountPropertyId: 306,
    handlePropertyId: 307,
    lockPropertyId: 308,
  },
  instanceNumberPropertyIds: { '104': 161, '105': 195 },
  showEstimateNumber: true,
  productSpec: true,
};
