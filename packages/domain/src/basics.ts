/**
 * `@cpq/domain/basics`: the constants and small rules the portal's start-up and home page need, from
 * modules that load neither the schema library, nor the pricing engine, nor the state machines.
 *
 * The start-up's code (the shell, @cpq/client, @cpq/ui, @cpq/plugin-sdk, organisation plugins, the home
 * page) imports from here, so `/` does not load @cpq/domain's shared bundle; pages that price, validate
 * or change an order load it when they open (decision 0113). Everything here is also exported by
 * `@cpq/domain` itself: this entry re-exports, it never defines (`basics.test.ts` checks both).
 */
export * from './roles.ts';
export { visiblePublishLevels, isPublishedFor, isProductOfferedOnHome } from './visibility.ts';
export * from './dates.ts';
export * from './thumbnails.ts';
export { ApiFailure } from './errors.ts';
export { newOrderCosts, ORDER_TITLE_MAX_LENGTH, UNTITLED_ORDER_TITLE } from './orderDefaults.ts';
export { SHARE_LINK_EXPIRED, SHARE_LINK_INVALID } from './sharing/linkMessages.ts';
export { findSelectionWithData, optionData, selectedOption, selectionOf } from './validation/selections.ts';
export * from './validation/engraving.ts';
export * from './validation/engravingFit.ts';
export { DEFAULT_ADVANCE, measureTextServer } from './validation/measureText.ts';
export { ENGINE_VERSION } from './version.ts';
