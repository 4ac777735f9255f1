/**
 * Demo catalogues. Exact ids matter (other teams' tests and the spec refer to them):
 * categories 1–6, 13 (850), 8, 20, 21 (1053), 14, 16 (1392), 18 (1450); products 98, 104, 105;
 * properties 7, 26, 27, 112, 141, 142, 151, 152, 161, 195; options 22, 23, 139, 990.
 * Door panel settings of 104 and 105 beyond size, veneer and lamellas: properties 304–310, options 320–335.
 *
 * Products list their properties in associations.productProperties (keys = property ids, values may
 * disable options), see docs/decisions/0007-products-properties-and-pricing-rules.md.
 */
import { NEW_PRODUCT_DEFAULTS, NEW_PRODUCT_PROPERTY_DEFAULTS } from '@cpq/domain';
import { categoryThumbnails, optionThumbnails, productMedia } from './media.ts';

type Row = Record<string, unknown>;
type PL = 'all' | 'internal' | 'admin';

export const categories: Row[] = [];
const cat = (id: number, orgId: number, title: string, rank: number, archived = 0) =>
  categories.push({ id, orgId, title, rank, archived, thumbnailUrl: categoryThumbnails.get(id) ?? null });
cat(1, 850, 'Keypads', 1);
cat(2, 850, 'Floor Outlets', 3);
cat(3, 850, 'Wall Outlets', 4);
cat(4, 850, 'Reading Lamps', 5);
cat(5, 850, 'Back Boxes', 6);
cat(6, 850, 'Samples', 7);
cat(13, 850, 'Decora Cover Plates', 2);
cat(9, 850, 'Legacy Dimmers', 8, 1); // archived category
cat(8, 1053, 'Flooring', 3);
cat(20, 1053, 'Slab Doors', 1);
cat(21, 1053, 'Cabinet Fronts', 2);
cat(14, 1392, 'Lights', 1);
cat(16, 1392, 'Doors', 2);
cat(18, 1450, 'Overture', 1);
cat(30, 1798, 'Murals', 1);
cat(31, 1798, 'Mural Samples', 2);

const now = '2025-01-06 09:00:00';
const version = (created: string, expressions: Row[]) => ({ created, expressions });
const fixed = (value: number, description: string) => ({ type: 'fixed', props: { value }, operator: '+', description });
const propPrice = (productPropertyId: number, description: string) => ({
  type: 'productPropertyPrice',
  props: { productPropertyId },
  operator: '+',
  description,
});

/**
 * Pricing rules (semantics and worked examples: docs/pricing.md). Money in whole cents. Option prices
 * live in option.data.priceInCents and classifier numbers in option.classifications[classifierId]
 * (see optionPricing below). Every rule has a version dated 2027-01-01 so prices change with the
 * order's effectivePricingDate.
 */
type Cond = { operator: 'and' | 'or'; conditions: Row[] };
const FUTURE = '2027-01-01 00:00:00';
const when = (operator: 'and' | 'or', ...conditions: Row[]): Cond => ({ operator, conditions });
const optionIn = (productPropertyId: number, expected: number[]) => ({ actual: { type: 'optionId', productPropertyId }, operator: 'in', expected });
const qtyAtLeast = (n: number) => ({ actual: { type: 'quantity' }, operator: '>=', expected: n });
const valueOver = (productPropertyId: number, n: number) => ({ actual: { type: 'propertyValue', productPropertyId }, operator: '>', expected: n });
const withCond = (e: Row, condition: Cond) => ({ ...e, condition });
const classNum = (productPropertyId: number, classifierId: number, index: number, description: string, operator = '+') => ({
  type: 'productPropertyClassifierNumber',
  props: { productPropertyId, productOptionClassifierGroupId: classifierId, productOptionClassifierNumberIndex: index },
  operator,
  description,
});
const propValue = (productPropertyId: number, description: string, operator = '+') => ({ type: 'propertyValue', props: { productPropertyId }, operator, description });
const grp = (expressions: Row[], description: string, operator = '+') => ({ type: 'group', props: { expressions }, operator, description });
const op = (e: Row, operator: string) => ({ ...e, operator });

/** 5 % off for 10 or more: running total × 95 / 100. */
const volumeDiscount = withCond(grp([fixed(95, 'Volume price (95 %)'), op(fixed(100, 'per cent'), '/')], 'Volume discount for 10 or more', '*'), when('and', qtyAtLeast(10)));
const keypad = (base: number, label: string) => [
  fixed(base, label),
  propPrice(7, 'Mechanism finish'),
  propPrice(8, 'Plate size'),
  propPrice(11, 'Mechanism layout'),
  propPrice(12, 'Plate finish'),
  withCond(classNum(7, 1, 0, 'Matched finish upcharge'), when('or', optionIn(7, [24, 25]))),
  propPrice(26, 'Engraving'),
  propPrice(10, 'Back box'),
  volumeDiscount,
];
/** Area in m² (width mm × height mm / 1,000,000) × the species' price per m² (classifier 2, number 0). */
const areaTimesSpecies = (w: number, h: number, description: string) =>
  grp([propValue(w, 'Width (mm)'), propValue(h, 'Height (mm)', '*'), op(fixed(1_000_000, 'mm² per m²'), '/'), classNum(143, 2, 0, 'Species price per m²', '*')], description);
const slab = (base: number) => [
  fixed(base, 'Lamella slab base'),
  areaTimesSpecies(141, 142, 'Door area × species rate'),
  areaTimesSpecies(151, 152, 'Cabinet front area × species rate'),
  propPrice(144, 'Grain direction'),
  withCond(fixed(6500, 'Tall door surcharge'), when('or', valueOver(142, 2100), valueOver(152, 2100))),
];

/** Frame, veneer by area, and the slats: their width (panel width ÷ slat count) × 12 cents per mm. */
const slatPanel = (base: number) => [
  fixed(base, 'Panel frame'),
  areaTimesSpecies(151, 152, 'Veneer by area × species rate'),
  grp([propValue(151, 'Panel width (mm)'), propValue(148, 'Slats per panel', '/'), op(fixed(12, '12 cents per mm of slat width'), '*')], 'Slat width × rate'),
];

export const pricingRules: Row[] = [
  {
    id: 1,
    orgId: 850,
    title: 'Keypad base + finish',
    versions: {
      '1': version(now, [fixed(18500, 'Keypad base'), propPrice(7, 'Mechanism finish')]),
      '2': version('2025-06-01 00:00:00', keypad(19900, 'Keypad base (2025)')),
      '3': version(FUTURE, keypad(21500, 'Keypad base (2027)')),
    },
  },
  {
    id: 2,
    orgId: 850,
    title: 'Plates and outlets',
    versions: {
      '1': version(now, [fixed(6400, 'Plate'), propPrice(12, 'Plate finish'), propPrice(8, 'Plate size'), propPrice(11, 'Mechanism layout')]),
      '2': version(FUTURE, [fixed(6900, 'Plate (2027)'), propPrice(12, 'Plate finish'), propPrice(8, 'Plate size'), propPrice(11, 'Mechanism layout'), volumeDiscount]),
    },
  },
  {
    id: 3,
    orgId: 850,
    title: 'Stocked items',
    versions: {
      '1': version(now, [fixed(1200, 'Unit price'), propPrice(26, 'Engraving (sample plate)')]),
      '2': version(FUTURE, [fixed(1350, 'Unit price (2027)'), propPrice(26, 'Engraving (sample plate)')]),
    },
  },
  { id: 4, orgId: 1053, title: 'Slab by area', versions: { '1': version(now, slab(42000)), '2': version(FUTURE, slab(45000)) } },
  {
    id: 5,
    orgId: 1053,
    title: 'Flooring per box',
    versions: {
      '1': version(now, [fixed(8900, 'Box of planks'), propPrice(145, 'Species'), propPrice(146, 'Finish')]),
      '2': version(FUTURE, [fixed(9400, 'Box of planks (2027)'), propPrice(145, 'Species'), propPrice(146, 'Finish'), withCond(fixed(-500, 'Pallet price: 5.00 off per box'), when('and', qtyAtLeast(40)))]),
    },
  },
  { id: 6, orgId: 1392, title: 'Light fixtures', versions: { '1': version(now, [fixed(24000, 'Fixture'), propPrice(170, 'Finish')]), '2': version(FUTURE, [fixed(25500, 'Fixture (2027)'), propPrice(170, 'Finish')]) } },
  { id: 7, orgId: 1392, title: 'Interior doors', versions: { '1': version(now, [fixed(56000, 'Door'), propPrice(171, 'Style')]), '2': version(FUTURE, [fixed(59000, 'Door (2027)'), propPrice(171, 'Style')]) } },
  { id: 8, orgId: 1450, title: 'Overture hardware', versions: { '1': version(now, [fixed(129000, 'Controller'), propPrice(180, 'Colour')]), '2': version(FUTURE, [fixed(134000, 'Controller (2027)'), propPrice(180, 'Colour')]) } },
  { id: 9, orgId: 1450, title: 'Overture sensors', versions: { '1': version(now, [fixed(15900, 'Sensor')]), '2': version(FUTURE, [fixed(16900, 'Sensor (2027)')]) } },
  {
    id: 10,
    orgId: 1798,
    title: 'Mural per square foot',
    versions: {
      '1': version(now, [grp([fixed(1450, 'Per square foot'), propPrice(191, 'Substrate per square foot')], 'Price per square foot'), op(fixed(100, 'Standard panel: 100 sq ft'), '*')]),
      '2': version(FUTURE, [grp([fixed(1550, 'Per square foot (2027)'), propPrice(191, 'Substrate per square foot')], 'Price per square foot'), op(fixed(100, 'Standard panel: 100 sq ft'), '*')]),
    },
  },
  { id: 11, orgId: 1798, title: 'Swatches', versions: { '1': version(now, [fixed(2500, 'Swatch set')]), '2': version(FUTURE, [fixed(2900, 'Swatch set (2027)')]) } },
  // The slat width step divides by the slat count: an item whose count is not entered yet fails that
  // step (division by zero, counted as 0) and employees see a "price rule failed" warning on it.
  { id: 12, orgId: 1053, title: 'Acoustic slat panels', versions: { '1': version(now, slatPanel(6000)), '2': version(FUTURE, slatPanel(6500)) } },
];

export const propertyGroups: Row[] = [
  { id: 1, orgId: 850, title: 'Plate', rank: 1, archived: 0, properties: { '8': {}, '9': {}, '12': {} } },
  { id: 2, orgId: 850, title: 'Engraving', rank: 2, archived: 0, properties: { '26': {}, '27': {}, '112': {} } },
  { id: 3, orgId: 1053, title: 'Dimensions', rank: 1, archived: 0, properties: { '141': {}, '142': {}, '151': {}, '152': {}, '304': {} } },
  { id: 4, orgId: 1053, title: 'Veneer', rank: 2, archived: 0, properties: { '143': {}, '144': {}, '310': {} } },
  { id: 5, orgId: 1053, title: 'Lamellas', rank: 3, archived: 0, properties: { '300': {}, '301': {}, '302': {}, '303': {} } },
  { id: 6, orgId: 1053, title: 'Hardware', rank: 4, archived: 0, properties: { '147': {}, '305': {}, '306': {}, '307': {}, '308': {}, '309': {} } },
];

export const properties: Row[] = [];
const prop = (id: number, orgId: number, title: string, type: string, rank: number, extra: Row = {}) =>
  properties.push({
    ...NEW_PRODUCT_PROPERTY_DEFAULTS,
    productOptionDataFields: [],
    data: {},
    id,
    orgId,
    title,
    type,
    rank,
    ...extra,
  });
// 850 Lumen & Brass
prop(7, 850, 'Mechanism Finish', 'singleSelect', 4, { noOptionThumbnails: 0, showThumbnailsOnInvoice: 1, productOptionDataFields: [{ key: 'fill', title: 'Fill', type: 'text' }] });
prop(8, 850, 'Plate Size', 'singleSelect', 1, { productPropertyGroupId: 1, productOptionDataFields: [{ key: 'gang', title: 'Gang', type: 'number' }, { key: 'width', title: 'Width (mm)', type: 'number' }, { key: 'height', title: 'Height (mm)', type: 'number' }] });
prop(9, 850, 'Collection', 'singleSelect', 2, { productPropertyGroupId: 1, isOrderLevel: 1 });
prop(10, 850, 'Back Box', 'singleSelect', 6, { invoiceVisibility: 'column', productOptionDataFields: [{ key: 'backBoxProductId', title: 'Back box product', type: 'number' }] });
prop(11, 850, 'Mechanism Layout', 'singleSelect', 5, { productOptionDataFields: [{ key: 'layoutString', title: 'Layout', type: 'text' }, { key: 'rows', title: 'Rows', type: 'number' }, { key: 'columns', title: 'Columns', type: 'number' }] });
prop(12, 850, 'Plate Finish', 'singleSelect', 3, { productPropertyGroupId: 1, noOptionThumbnails: 0, showThumbnailsOnInvoice: 1 });
prop(26, 850, 'Engraving Type', 'singleSelect', 7, { productPropertyGroupId: 2 });
prop(27, 850, 'Engravings', 'text', 8, { productPropertyGroupId: 2, isArray: 1, invoiceVisibility: 'none' });
prop(112, 850, 'Engraving Text Below', 'text', 9, { productPropertyGroupId: 2, isArray: 1, invoiceVisibility: 'none' });
// 1053 Nordvik Millwork
const door = { minDimension: 300, maxDimension: 2400, dimensionInterval: 1 };
const front = { minDimension: 100, maxDimension: 1200, dimensionInterval: 1 };
prop(141, 1053, 'Door Width', 'dimensions', 1, { productPropertyGroupId: 3, data: { ...door, maxDimension: 1200 } });
prop(142, 1053, 'Door Height', 'dimensions', 2, { productPropertyGroupId: 3, data: door });
prop(151, 1053, 'Cabinet Front Width', 'dimensions', 1, { productPropertyGroupId: 3, data: front });
prop(152, 1053, 'Cabinet Front Height', 'dimensions', 2, { productPropertyGroupId: 3, data: { ...front, maxDimension: 2400 } });
prop(161, 1053, 'Door Unit Number', 'text', 9, { placeHolder: 'e.g. D-101', invoiceVisibility: 'column' });
prop(195, 1053, 'Cabinet Unit Number', 'text', 9, { placeHolder: 'e.g. K-12', invoiceVisibility: 'column' });
prop(143, 1053, 'Veneer Species', 'singleSelect', 3, { productPropertyGroupId: 4, noOptionThumbnails: 0, showThumbnailsOnInvoice: 1 });
prop(144, 1053, 'Grain Direction', 'singleSelect', 4, { productPropertyGroupId: 4 });
prop(145, 1053, 'Flooring Species', 'singleSelect', 1, { noOptionThumbnails: 0, showThumbnailsOnInvoice: 1 });
prop(146, 1053, 'Flooring Finish', 'singleSelect', 2, { noOptionThumbnails: 0 });
prop(147, 1053, 'Hinge Side', 'singleSelect', 5, { productPropertyGroupId: 6, drawingVisibility: 'visible' });
prop(148, 1053, 'Slats per Panel', 'number', 6);
// Lamella layout of products 104 and 105 (ids ≥ 300): by quantity, or by lamella width (count = ceil(width / lamella width)).
prop(300, 1053, 'Lamella Width Mode', 'singleSelect', 10, { productPropertyGroupId: 5, productOptionDataFields: [{ key: 'lamellaWidthMode', title: 'Width mode', type: 'text' }] });
prop(301, 1053, 'Lamella Quantity', 'number', 11, { productPropertyGroupId: 5 });
// Used only when the width mode is by lamella width: optional, so a door by quantity can be submitted without it.
prop(302, 1053, 'Lamella Width', 'dimensions', 12, { productPropertyGroupId: 5, data: { minDimension: 40, maxDimension: 300, dimensionInterval: 1, optional: true } });
prop(303, 1053, 'Lamella Alignment', 'singleSelect', 13, { productPropertyGroupId: 5, productOptionDataFields: [{ key: 'alignment', title: 'Alignment', type: 'text' }] });
// The rest of a door panel's settings (the drawing reads the option data keys named here).
prop(304, 1053, 'Panel Thickness', 'dimensions', 3, { productPropertyGroupId: 3, data: { minDimension: 18, maxDimension: 100, dimensionInterval: 1 } });
prop(310, 1053, 'Veneer Profile', 'singleSelect', 4, { productPropertyGroupId: 4, productOptionDataFields: [{ key: 'veneerProfile', title: 'Profile', type: 'text' }] });
prop(305, 1053, 'Opening', 'singleSelect', 6, { productPropertyGroupId: 6, productOptionDataFields: [{ key: 'opening', title: 'Opening', type: 'text' }] });
// Hinges (and the hinge side) mean something for a swinging door only: a sliding door's drawing leaves them out (decision 0102).
prop(306, 1053, 'Hinges', 'singleSelect', 7, { productPropertyGroupId: 6, productOptionDataFields: [{ key: 'hingeCount', title: 'Hinges', type: 'number' }] });
prop(307, 1053, 'Handle', 'singleSelect', 8, { productPropertyGroupId: 6, productOptionDataFields: [{ key: 'handle', title: 'Handle', type: 'text' }] });
prop(308, 1053, 'Lock', 'singleSelect', 8, { productPropertyGroupId: 6, productOptionDataFields: [{ key: 'lock', title: 'Lock', type: 'text' }] });
prop(309, 1053, 'Hardware Notes', 'text', 8, { productPropertyGroupId: 6, placeHolder: 'e.g. soft-close, matt black hinges' });
// 1392 Halden
prop(170, 1392, 'Light Finish', 'singleSelect', 1, { noOptionThumbnails: 0, showThumbnailsOnInvoice: 1 });
prop(171, 1392, 'Door Style', 'singleSelect', 1);
// 1450 Overture
prop(180, 1450, 'Panel Colour', 'singleSelect', 1, { noOptionThumbnails: 0, showThumbnailsOnInvoice: 1 });
// 1798 Calico
prop(190, 1798, 'Mural Design', 'singleSelect', 1, { noOptionThumbnails: 0, showThumbnailsOnInvoice: 1, drawingVisibility: 'none' });
prop(191, 1798, 'Substrate', 'singleSelect', 2);

export const options: Row[] = [];
const opt = (id: number, productPropertyId: number, title: string, rank: number, publishLevel: PL = 'all', data: Row = {}, archived = 0) => {
  const p = properties.find((x) => x.id === productPropertyId)!;
  options.push({ id, orgId: p.orgId, productPropertyId, title, rank, publishLevel, archived, data, classifications: {}, referenceCodes: {}, thumbnailUrl: optionThumbnails.get(id) ?? null });
};
// Mechanism finishes: 22, 23 standard; matched finishes internal/admin.
opt(22, 7, 'Satin Nickel', 1, 'all', { fill: '#b8b5ad' });
opt(23, 7, 'Satin Brass', 2, 'all', { fill: '#b59a5b' });
opt(24, 7, 'Matched Antique Bronze', 3, 'internal', { fill: '#6b4f32' });
opt(25, 7, 'Matched Custom Paint', 4, 'admin', { fill: '#ffffff' });
opt(200, 8, '1 Gang', 1, 'all', { gang: 1, width: 82, height: 82 });
opt(201, 8, '2 Gang', 2, 'all', { gang: 2, width: 144, height: 82 });
opt(202, 8, '3 Gang', 3, 'all', { gang: 3, width: 207, height: 82 });
opt(203, 8, '4 Gang', 4, 'internal', { gang: 4, width: 207, height: 144 }); // plate sizes in mm; keypad layout rule: org-850
opt(204, 9, 'Crestnet', 1);
opt(205, 9, 'Classique', 2);
opt(206, 9, 'Damier', 3);
opt(207, 9, 'Ellipse', 4, 'all', {}, 1);
opt(208, 9, 'Solaris', 5, 'internal');
opt(209, 10, 'Single Gang Back Box', 1, 'all', { backBoxProductId: 116 });
opt(210, 10, 'Double Gang Back Box', 2, 'all', { backBoxProductId: 117 });
opt(211, 10, 'No Back Box', 3);
opt(212, 11, '2 Buttons', 1, 'all', { layoutString: 'B,B', rows: 2, columns: 1 });
opt(213, 11, '4 Buttons', 2, 'all', { layoutString: 'B,B,B,B', rows: 2, columns: 2 });
opt(214, 11, '6 Buttons', 3, 'all', { layoutString: 'B,B,B,B,B,B', rows: 3, columns: 2 });
opt(215, 11, 'Toggle + Square', 4, 'all', { layoutString: 'T,S', rows: 1, columns: 2 });
opt(216, 11, 'Button + USB-C', 5, 'internal', { layoutString: 'B,UC', rows: 1, columns: 2 });
opt(217, 12, 'Polished Brass', 1, 'all', { fill: '#d4b26a' });
opt(218, 12, 'Brushed Steel', 2, 'all', { fill: '#a7a9ac' });
opt(219, 12, 'Matte Black', 3, 'all', { fill: '#1f1f1f' });
opt(220, 12, 'Oiled Bronze', 4, 'internal', { fill: '#5a3d28' });
opt(138, 26, 'No Engraving', 1);
opt(139, 26, 'Laser Engraved', 2);
opt(140, 26, 'Infilled Engraving', 3, 'internal');
// 1053
opt(230, 143, 'White Oak', 1, 'all', { fill: '#dcc39a' });
opt(231, 143, 'American Walnut', 2, 'all', { fill: '#7a5236' });
opt(232, 143, 'Smoked Oak', 3, 'all', { fill: '#9a7a55' });
opt(233, 143, 'Fumed Larch', 4, 'admin', { fill: '#b9875a' });
opt(234, 144, 'Vertical', 1, 'all', { grainDirection: 'vertical' });
opt(235, 144, 'Horizontal', 2, 'all', { grainDirection: 'horizontal' });
opt(236, 145, 'European Oak', 1);
opt(237, 145, 'Walnut', 2);
opt(238, 145, 'Ash', 3, 'internal');
opt(239, 146, 'Natural Oil', 1);
opt(240, 146, 'Matt Lacquer', 2);
opt(241, 146, 'White Wash', 3);
opt(242, 147, 'Left', 1, 'all', { hingeSide: 'left' });
opt(243, 147, 'Right', 2, 'all', { hingeSide: 'right' });
opt(310, 300, 'By Lamella Quantity', 1, 'all', { lamellaWidthMode: 'quantity' });
opt(311, 300, 'By Lamella Width', 2, 'all', { lamellaWidthMode: 'width' });
opt(312, 303, 'Center', 1, 'all', { alignment: 'center' });
opt(313, 303, 'Left', 2, 'all', { alignment: 'left' });
opt(314, 303, 'Right', 3, 'all', { alignment: 'right' });
opt(315, 303, 'Random', 4, 'all', { alignment: 'random' });
opt(320, 305, 'Swing', 1, 'all', { opening: 'swing' });
opt(321, 305, 'Slide', 2, 'all', { opening: 'slide' });
opt(322, 306, '2 Hinges', 1, 'all', { hingeCount: 2 });
opt(323, 306, '3 Hinges', 2, 'all', { hingeCount: 3 });
opt(324, 306, '4 Hinges', 3, 'all', { hingeCount: 4 });
opt(325, 306, '5 Hinges', 4, 'all', { hingeCount: 5 });
opt(326, 307, 'No Handle', 1, 'all', { handle: 'none' });
opt(327, 307, 'Bar Pull', 2, 'all', { handle: 'bar' });
opt(328, 307, 'Recessed Pull', 3, 'all', { handle: 'recessed' });
opt(329, 307, 'Lever Handle', 4, 'all', { handle: 'lever' });
opt(330, 308, 'No Lock', 1, 'all', { lock: 'none' });
opt(331, 308, 'Privacy Lock', 2, 'all', { lock: 'privacy' });
opt(332, 308, 'Keyed Lock', 3, 'all', { lock: 'keyed' });
opt(333, 310, 'Flat', 1, 'all', { veneerProfile: 'flat' });
opt(334, 310, 'V-Groove', 2, 'all', { veneerProfile: 'vGroove' });
opt(335, 310, 'Fluted', 3, 'all', { veneerProfile: 'fluted' });
// 1392 (finishes shown as colour swatches: data.swatchColor)
opt(250, 170, 'Aged Brass', 1, 'all', { swatchColor: '#b08d57' });
opt(251, 170, 'Matte White', 2, 'all', { swatchColor: '#f2f1ec' });
opt(252, 171, 'Two Panel', 1);
opt(253, 171, 'Five Panel Shaker', 2);
// 1450
opt(260, 180, 'Graphite', 1, 'all', { swatchColor: '#3b3f45' });
opt(261, 180, 'Arctic White', 2, 'all', { swatchColor: '#f5f7f8' });
opt(262, 180, 'Custom RAL', 3, 'admin');
// 1798
// A mural design's print panel width (inches) and the ways its texture may be scaled on the canvas.
// The fallback design says neither: its panels take the canvas's default width (24) and it scales freely.
const muralDesign = { panelWidth: 54, canScaleX: true, canScaleY: true };
opt(990, 190, 'Fallback Mural', 99, 'all', { fallback: true });
opt(991, 190, 'Birch Forest', 1, 'all', muralDesign);
opt(992, 190, 'Coastal Fog', 2, 'all', muralDesign);
opt(993, 191, 'Standard Commercial', 1, 'all', { substrate: 'standardCommercial' });
opt(994, 191, 'Standard Residential', 2, 'all', { substrate: 'standardResidential' });
opt(995, 191, 'Custom Substrate', 3, 'internal', { substrate: 'custom' });

/** Option prices (data.priceInCents) and classifier numbers (classifications[classifierId]). */
const optionPricing: Record<number, { priceInCents: number; classifications?: Record<string, number[]> }> = {
  // 850: mechanism finish (classifier 1: [upcharge, lead weeks])
  22: { priceInCents: 0, classifications: { '1': [0, 6] } },
  23: { priceInCents: 0, classifications: { '1': [0, 6] } },
  24: { priceInCents: 4500, classifications: { '1': [4500, 24] } },
  25: { priceInCents: 9000, classifications: { '1': [9000, 24] } },
  200: { priceInCents: 0 }, 201: { priceInCents: 2200 }, 202: { priceInCents: 4400 }, 203: { priceInCents: 6600 },
  209: { priceInCents: 1200 }, 210: { priceInCents: 1800 }, 211: { priceInCents: 0 },
  212: { priceInCents: 0 }, 213: { priceInCents: 1500 }, 214: { priceInCents: 3000 }, 215: { priceInCents: 1200 }, 216: { priceInCents: 4200 },
  217: { priceInCents: 1500 }, 218: { priceInCents: 0 }, 219: { priceInCents: 800 }, 220: { priceInCents: 2400 },
  138: { priceInCents: 0 }, 139: { priceInCents: 3500 }, 140: { priceInCents: 5200 },
  // 1053: veneer species (classifier 2: [price per m², grade])
  230: { priceInCents: 0, classifications: { '2': [18000, 1] } },
  231: { priceInCents: 0, classifications: { '2': [26000, 1] } },
  232: { priceInCents: 0, classifications: { '2': [22000, 2] } },
  233: { priceInCents: 0, classifications: { '2': [30000, 3] } },
  234: { priceInCents: 0 }, 235: { priceInCents: 2500 },
  236: { priceInCents: 0 }, 237: { priceInCents: 3200 }, 238: { priceInCents: 1500 },
  239: { priceInCents: 0 }, 240: { priceInCents: 900 }, 241: { priceInCents: 1200 },
  242: { priceInCents: 0 }, 243: { priceInCents: 0 },
  310: { priceInCents: 0 }, 311: { priceInCents: 0 }, 312: { priceInCents: 0 }, 313: { priceInCents: 0 }, 314: { priceInCents: 0 }, 315: { priceInCents: 0 },
  // Hardware is not priced yet (the slab rule prices area and species; decision 0102).
  ...Object.fromEntries(Array.from({ length: 16 }, (_, i) => [320 + i, { priceInCents: 0 }])),
  // 1392
  250: { priceInCents: 3500 }, 251: { priceInCents: 0 }, 252: { priceInCents: 0 }, 253: { priceInCents: 9500 },
  // 1450
  260: { priceInCents: 0 }, 261: { priceInCents: 0 }, 262: { priceInCents: 18000 },
  // 1798: substrate surcharge per square foot
  993: { priceInCents: 0 }, 994: { priceInCents: 150 }, 995: { priceInCents: 600 },
};
for (const o of options) {
  const p = optionPricing[o.id as number];
  if (!p) continue;
  o.data = { ...(o.data as Row), priceInCents: p.priceInCents };
  if (p.classifications) o.classifications = p.classifications;
}

export const products: Row[] = [];
const assoc = (ids: number[], disabled: Record<number, number[]> = {}) => ({
  productProperties: Object.fromEntries(ids.map((id) => [String(id), disabled[id] ? { disabledProductOptionIds: disabled[id] } : {}])),
});
const prod = (id: number, orgId: number, productCategoryId: number, title: string, rank: number, props: number[], pricingRuleId: number, extra: Row = {}) =>
  products.push({
    ...NEW_PRODUCT_DEFAULTS,
    referenceCodes: {},
    referenceCodeFormulas: {},
    id,
    orgId,
    productCategoryId,
    title,
    rank,
    associations: assoc(props),
    productPricingRuleId: pricingRuleId,
    // Its picture is its medium in the media library (the demo pictures).
    mediumId: productMedia.get(id) ?? null,
    ...extra,
  });
const keypadProps = [8, 9, 12, 11, 7, 26, 27, 112, 10];
// 850 — keypads (98 has custom SKU logic in the org plugin: hasScript + reference code formulas)
prod(98, 850, 1, 'Crestnet Keypad', 1, keypadProps, 1, {
  description: 'Engraved keypad in the Crestnet collection; SKU built from plate, layout and finish.',
  hasScript: 1,
  instanceTitleIsRequired: 1,
  referenceCodes: { catalog: 'CN-KP', factory: 'CNKP' },
  referenceCodeFormulas: { propertySequence: [9, 8, 11, 7], separator: '-' },
});
prod(99, 850, 1, 'Classique Keypad', 2, keypadProps, 1, { referenceCodes: { catalog: 'CL-KP' } });
prod(100, 850, 1, 'Damier Keypad', 3, keypadProps, 1, { publishLevel: 'internal', referenceCodes: { catalog: 'DM-KP' } });
prod(101, 850, 1, 'Solaris Prototype Keypad', 4, keypadProps, 1, { publishLevel: 'admin' });
prod(102, 850, 1, 'Ellipse Keypad', 5, keypadProps, 1, { archived: 1 });
// Price list for the admin's Export Prices: sizes down, finishes across (docs/decisions/0052-admin-products-and-price-export.md).
prod(110, 850, 2, 'Flush Floor Outlet', 1, [8, 12], 2, { exportPriceData: { rowsData: [8], columnsData: [12] } });
prod(111, 850, 2, 'Pop-up Floor Outlet', 2, [12], 2, { publishLevel: 'internal' });
prod(113, 850, 3, 'Duplex Outlet Plate', 1, [8, 12, 11], 2);
prod(114, 850, 3, 'USB-C Wall Outlet', 2, [12], 2);
prod(115, 850, 4, 'Swing-Arm Reading Lamp', 1, [12], 2);
prod(116, 850, 5, 'Single Gang Back Box', 1, [], 3, { isStocked: 1, currentInventory: 240 });
prod(117, 850, 5, 'Double Gang Back Box', 2, [], 3, { isStocked: 1, currentInventory: 96 });
prod(118, 850, 6, 'Finish Sample Kit', 1, [], 3, { isStocked: 1, currentInventory: 35 });
prod(119, 850, 6, 'Engraving Sample Plate', 2, [26], 3, { publishLevel: 'internal' });
prod(120, 850, 13, 'Decora 1-Gang Cover Plate', 1, [12], 2);
prod(121, 850, 13, 'Decora 2-Gang Cover Plate', 2, [12], 2);
prod(122, 850, 4, 'Bedside Reading Lamp', 2, [12], 2, { publishLevel: 'admin' });
prod(123, 850, 9, 'Rotary Dimmer', 1, [12], 2, { archived: 1 });
// 1053
prod(130, 1053, 8, 'Oak Plank Flooring', 1, [145, 146], 5);
prod(131, 1053, 8, 'Walnut Herringbone', 2, [145, 146], 5);
prod(132, 1053, 8, 'Ash Chevron', 3, [145, 146], 5, { publishLevel: 'internal' });
prod(104, 1053, 20, 'Lamella Slab Door', 1, [141, 142, 304, 143, 144, 310, 147, 305, 306, 307, 308, 309, 161, 300, 301, 302, 303], 4, { instanceTitleIsRequired: 1, referenceCodes: { catalog: 'LAM-D' } });
prod(133, 1053, 20, 'Flush Slab Door', 2, [141, 142, 143, 147, 161], 4);
prod(105, 1053, 21, 'Lamella Cabinet Front', 1, [151, 152, 304, 143, 144, 310, 147, 305, 306, 307, 308, 309, 195, 300, 301, 302, 303], 4, {
  referenceCodes: { catalog: 'LAM-C' },
  // A 600 × 720 mm front priced per species (blocks) and grain direction (rows).
  exportPriceData: { groupDataBy: [143], rowsData: [144], fixedProperties: { '151': { value: 600 }, '152': { value: 720 } } },
});
prod(134, 1053, 21, 'Shaker Cabinet Front', 2, [151, 152, 143, 195], 4, { publishLevel: 'internal' });
prod(106, 1053, 21, 'Acoustic Slat Panel', 3, [151, 152, 143, 148, 195], 12);
// 1392
prod(170, 1392, 14, 'Halden Pendant', 1, [170], 6);
prod(171, 1392, 14, 'Halden Wall Sconce', 2, [170], 6);
prod(172, 1392, 14, 'Track Spot', 3, [170], 6, { publishLevel: 'internal' });
prod(174, 1392, 16, 'Interior Panel Door', 1, [171], 7);
prod(175, 1392, 16, 'Barn Door', 2, [171], 7);
// 1450
prod(180, 1450, 18, 'Overture Control Panel', 1, [180], 8);
prod(181, 1450, 18, 'Overture Touchscreen', 2, [180], 8);
prod(182, 1450, 18, 'Overture Presence Sensor', 3, [180], 9, { publishLevel: 'internal' });
// 1798
prod(190, 1798, 30, 'Custom Wall Mural', 1, [190, 191], 10);
prod(191, 1798, 30, 'Panoramic Mural', 2, [190, 191], 10);
prod(192, 1798, 31, 'Mural Swatch Set', 1, [190], 11, { isStocked: 1, currentInventory: 60 });
// one option disabled for a product, as an example of associations
(products.find((p) => p.id === 99)!.associations as { productProperties: Record<string, Row> }).productProperties['9'] = {
  disabledProductOptionIds: [204, 206, 208],
};

export const classifiers: Row[] = [
  // data.numberTitles names the numbers options carry in classifications[classifierId] (the engine reads those).
  { id: 1, orgId: 850, title: 'Finish tiers', rank: 1, archived: 0, data: { numberTitles: ['Upcharge (cents)', 'Lead time (weeks)'], groups: [{ id: 1, title: 'Standard', optionIds: [22, 23] }, { id: 2, title: 'Matched', optionIds: [24, 25] }], numbers: [{ title: 'Upcharge', values: { '22': 0, '23': 0, '24': 4500, '25': 9000 } }] } },
  { id: 2, orgId: 1053, title: 'Species grade', rank: 1, archived: 0, data: { numberTitles: ['Price per m² (cents)', 'Grade'], groups: [{ id: 1, title: 'A grade', optionIds: [230, 231] }], numbers: [] } },
];

export const rules: Row[] = [
  { id: 1, orgId: 850, title: 'Solaris has no matched paint', type: 'incompatible', fromResourceKey: 'productOptions', toResourceKey: 'productOptions', fromIds: [208], toIds: [25], archived: 0 },
  { id: 2, orgId: 1053, title: 'Smoked oak vertical only', type: 'compatible', fromResourceKey: 'productOptions', toResourceKey: 'productOptions', fromIds: [232], toIds: [234], archived: 0 },
  // Semantics: docs/availability.md (option rules act both ways; 'products' rules restrict that product).
  { id: 3, orgId: 850, title: 'No polished brass plate on a satin nickel mechanism', type: 'incompatible', fromResourceKey: 'productOptions', toResourceKey: 'productOptions', fromIds: [22], toIds: [217], archived: 0 },
  { id: 4, orgId: 850, title: '4 Gang plate takes 4 or 6 button layouts', type: 'compatible', fromResourceKey: 'productOptions', toResourceKey: 'productOptions', fromIds: [203], toIds: [213, 214], archived: 0 },
  { id: 5, orgId: 850, title: 'Decora plates: no oiled bronze', type: 'incompatible', fromResourceKey: 'products', toResourceKey: 'productOptions', fromIds: [120, 121], toIds: [220], archived: 0 },
  { id: 6, orgId: 850, title: 'Damier keypad in steel or black only', type: 'compatible', fromResourceKey: 'products', toResourceKey: 'productOptions', fromIds: [100], toIds: [218, 219], archived: 0 },
  { id: 7, orgId: 1053, title: 'Walnut herringbone: oil or matt lacquer', type: 'compatible', fromResourceKey: 'products', toResourceKey: 'productOptions', fromIds: [131], toIds: [239, 240], archived: 0 },
  { id: 8, orgId: 1053, title: 'Ash is not white washed', type: 'incompatible', fromResourceKey: 'productOptions', toResourceKey: 'productOptions', fromIds: [238], toIds: [241], archived: 0 },
  { id: 9, orgId: 1053, title: 'Fumed larch horizontal grain only', type: 'compatible', fromResourceKey: 'productOptions', toResourceKey: 'productOptions', fromIds: [233], toIds: [235], archived: 0 },
];

/**
 * Product graphics: the base each product's drawing is drawn over (plate bevels, door frames, ...).
 * Sizes follow the item through formulas: p{property}.{option data}, v{property} (typed values) and
 * width, height (the size the product is drawn at).
 */
const graphic = (id: number, orgId: number, productId: number, title: string, nodes: Row[]) => ({ id, orgId, productId, title, archived: 0, nodes });
const rect = (id: string, props: Row, extra: Row = {}) => ({ id, type: 'rect', props, children: [], ...extra });
/**
 * A bevel 1.5 mm round the plate as drawn (width and height: the plate-size option's, or the default
 * plate while none is chosen; p8.width would fail on an item without a plate size).
 */
const plateBevel = (fill: string) => [
  { id: 'plate', type: 'group', title: 'Plate', props: { x: -1.5, y: -1.5, z: 0, width: '=width + 3', height: '=height + 3', depth: 6 }, children: [{ id: 'face', type: 'cube', title: 'Face', props: { x: 0, y: 0, z: 0, width: '=width + 3', height: '=height + 3', depth: 6, fill }, children: [] }] },
];
/** A fixed plate's bevel (no plate-size property). */
const fixedBevel = (w: number, h: number) => [rect('bevel', { x: -1.5, y: -1.5, width: w + 3, height: h + 3, rx: 2, fill: '#6b6b66' })];
/** A door frame round a width × height opening (property ids of the sizes) and the floor line. */
const doorFrame = (w: number, h: number) => [
  rect('frame', { x: -45, y: -45, width: `=v${w} + 90`, height: `=v${h} + 45`, fill: '#e7e5e4', stroke: '#57534e', strokeWidth: 2 }),
  { id: 'floor', type: 'path', title: 'Floor', props: { d: `="M-150 " || v${h} || "H" || (v${w} + 150)`, stroke: '#57534e', strokeWidth: 3 }, children: [] },
];
export const graphics: Row[] = [
  graphic(1, 850, 98, 'Crestnet keypad', plateBevel('#6b6b66')),
  graphic(2, 850, 99, 'Classique keypad', [
    { id: 'sheen', type: 'gradients', title: 'Sheen', props: { id: 'sheen', kind: 'linear', x1: 0, y1: 0, x2: 1, y2: 1, stops: [{ offset: 0, color: '#9ca3af' }, { offset: 1, color: '#4b5563' }] }, children: [] },
    rect('bevel', { x: -2, y: -2, width: '=width + 4', height: '=height + 4', rx: 3, fill: 'url(#sheen)' }),
  ]),
  graphic(3, 850, 113, 'Duplex outlet plate', plateBevel('#6b6b66')),
  graphic(4, 850, 110, 'Flush floor outlet', plateBevel('#3f3f3f')),
  graphic(5, 850, 120, 'Decora 1-gang plate', fixedBevel(70, 115)),
  graphic(6, 850, 121, 'Decora 2-gang plate', fixedBevel(116, 115)),
  graphic(7, 850, 115, 'Swing-arm lamp', [{ id: 'shadow', type: 'ellipse', title: 'Floor shadow', props: { cx: 110, cy: 418, rx: 90, ry: 6, fill: '#000', opacity: 0.15 }, children: [] }]),
  graphic(8, 1053, 104, 'Lamella door frame', doorFrame(141, 142)),
  graphic(9, 1053, 133, 'Flush door frame', doorFrame(141, 142)),
  graphic(10, 1053, 105, 'Lamella front carcass', [rect('carcass', { x: -18, y: -18, width: '=v151 + 36', height: '=v152 + 36', fill: 'none', stroke: '#a8a29e', strokeWidth: 2 })]),
  graphic(11, 1053, 134, 'Shaker front carcass', [rect('carcass', { x: -18, y: -18, width: '=v151 + 36', height: '=v152 + 36', fill: 'none', stroke: '#a8a29e', strokeWidth: 2 })]),
  graphic(12, 1053, 130, 'Plank flooring sample', [rect('underlay', { x: -10, y: -10, width: 1220, height: 820, fill: '#e7e5e4' })]),
  graphic(13, 1392, 170, 'Halden pendant', [
    { id: 'cord', type: 'path', title: 'Cord', props: { d: 'M100 0V50', stroke: '#1f2937', strokeWidth: 1.5 }, children: [] },
    { id: 'shade', type: 'path', title: 'Shade', props: { d: 'M70 80L85 50H115L130 80Z', fill: '=p170.optionId == 250 ? "#b08d57" : "#f3f4f6"', stroke: '#1f2937', strokeWidth: 1 }, children: [] },
  ]),
  graphic(14, 1450, 180, 'Overture control panel', [rect('screen', { x: 60, y: 25, width: 80, height: 50, rx: 4, fill: '#111827' }), rect('glass', { x: 64, y: 29, width: 72, height: 42, rx: 2, fill: '=p180.optionId == 261 ? "#f8fafc" : "#374151"' })]),
  graphic(15, 1798, 190, 'Mural', [{ id: 'hills', type: 'path', title: 'Hills', props: { d: 'M0 110L50 60L90 90L140 40L200 100V120H0Z', fill: '#a7c4a0', opacity: 0.6 }, children: [] }]),
];
