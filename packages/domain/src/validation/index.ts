export * from './messages.ts';
export * from './fields.ts';
export * from './submit.ts';
export * from './instance.ts';
export * from './measureText.ts';
export * from './engraving.ts';
export * from './validity.ts';
export * from './instanceVersion.ts';
