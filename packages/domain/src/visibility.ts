import type { Static } from '@sinclair/typebox';
import type { Role } from './roles.ts';
import type { PublishLevel as PublishLevelSchema } from './schemas/catalogue.ts';

export type PublishLevel = Static<typeof PublishLevelSchema>;

/**
 * Which publish levels a role may see: owner all, member internal and all,
 * every other role only all.
 */
export function visiblePublishLevels(role: Role): readonly PublishLevel[] {
  if (role === 'owner') return ['admin', 'internal', 'all'];
  if (role === 'member') return ['internal', 'all'];
  return ['all'];
}

export function isPublishedFor(publishLevel: PublishLevel | null | undefined, role: Role): boolean {
  return visiblePublishLevels(role).includes(publishLevel ?? 'all');
}

/** Products offered in a home-page category: never archived ones, then by publish level. */
export function isProductOfferedOnHome(
  product: { archived: number | boolean; publishLevel?: PublishLevel | null },
  role: Role,
): boolean {
  return !product.archived && isPublishedFor(product.publishLevel, role);
}
