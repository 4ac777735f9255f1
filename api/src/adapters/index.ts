/** The API's links to the outside: card payments, sales tax rates and mail. */
export * from './payments/index.ts';
export * from './tax/index.ts';
export * from './mail/index.ts';
export * from './storage/index.ts';
