/** The API's links to the outside: card payments, sales tax rates, mail and integrations. */
export * from './payments/index.ts';
export * from './tax/index.ts';
export * from './mail/index.ts';
export * from './storage/index.ts';
export * from './integrations/index.ts';
export * from './pdf/index.ts';
