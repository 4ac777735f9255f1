export * from './roles.ts';
export { visiblePublishLevels, isPublishedFor, isProductOfferedOnHome } from './visibility.ts';
export type { PublishLevel as PublishLevelName } from './visibility.ts';
export * from './schemas/common.ts';
export * from './schemas/org.ts';
export * from './schemas/auth.ts';
export * from './schemas/catalogue.ts';
export * from './schemas/productOrder.ts';
export * from './schemas/api.ts';
