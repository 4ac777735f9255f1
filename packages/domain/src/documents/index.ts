export * from './filenames.ts';
export * from './address.ts';
export * from './layout.ts';
