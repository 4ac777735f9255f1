export * from './http.ts';
export * from './api.ts';
export * from './session.ts';
export * from './orderLoad.ts';
export * from './errors.ts';
export * from './orderAddress.ts';
export * from './portalParts.ts';
export * from './title.ts';
