export * from './suggestions.ts';
