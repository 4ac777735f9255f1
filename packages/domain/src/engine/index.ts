export * from './types.ts';
export * from './catalogue.ts';
export * from './hooks.ts';
export * from './snapshot.ts';
export * from './optionSummary.ts';
