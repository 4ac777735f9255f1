export {
  computeAvailability,
  checkOptionChoice,
  invalidSelections,
  isSelectionAllowed,
  oopsMessage,
  joinTitles,
} from './availability.ts';
export type {
  Availability,
  AvailabilityInput,
  ClearedSelection,
  InvalidSelection,
  OptionChoiceInput,
  OptionChoiceResult,
  PropertyAvailability,
  ReasonTrigger,
  UnavailableOption,
  UnavailableReason,
  UnavailableReasonKind,
} from './availability.ts';
export { constraintGraph, SELECT_TYPES } from './graph.ts';
export type { ConstraintGraph } from './graph.ts';
export * from './propertyChanges.ts';
export { reasonInWords, reasonsInWords } from './reasonText.ts';
