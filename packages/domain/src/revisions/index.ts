export * from './diff.ts';
export * from './side.ts';
export * from './acceptance.ts';
