export * from './records.ts';
export * from './media.ts';
