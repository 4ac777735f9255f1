import type { CatalogueResourceKey, HomepageDataResponse } from '@cpq/domain';
import { pricingVisible, productVisible, shapeProducts, type Access } from '../policy.ts';
import type { Repos, Row, TableKey } from '../db/repository.ts';

/**
 * Catalogue resources readable through POST /api/resources/{key}/get: each declared once
 * (table, which `where` filters apply, publish-level filtering by role, rows always excluded).
 */
export interface ResourceDecl {
  table: TableKey;
  filters: ReadonlyArray<'id' | 'productPropertyId' | 'productCategoryId' | 'archived' | 'type'>;
  /** Rows carry publishLevel and are filtered by the caller's role. */
  publishLevel?: boolean;
  fixedWhere?: Row;
  orderBy: string[];
}

export const RESOURCES: Record<CatalogueResourceKey, ResourceDecl> = {
  products: { table: 'products', filters: ['id', 'productCategoryId', 'archived'], publishLevel: true, orderBy: ['rank', 'id'] },
  productCategories: { table: 'productCategories', filters: ['id', 'archived'], orderBy: ['rank', 'id'] },
  productProperties: { table: 'productProperties', filters: ['id', 'archived', 'type'], orderBy: ['rank', 'id'] },
  productPropertyGroups: { table: 'productPropertyGroups', filters: ['id', 'archived'], orderBy: ['rank', 'id'] },
  productOptions: { table: 'productOptions', filters: ['id', 'productPropertyId', 'archived'], publishLevel: true, orderBy: ['productPropertyId', 'rank', 'id'] },
  productPricingRules: { table: 'productPricingRules', filters: ['id'], fixedWhere: { deleted: 0 }, orderBy: ['id'] },
  productOptionClassifiers: { table: 'productOptionClassifiers', filters: ['id', 'archived'], orderBy: ['rank', 'id'] },
  productRules: { table: 'productRules', filters: ['id', 'archived', 'type'], orderBy: ['id'] },
  productGraphics: { table: 'productGraphics', filters: ['id', 'archived'], orderBy: ['id'] },
  media: { table: 'media', filters: ['id', 'type'], orderBy: ['id'] },
};

/** The home page: active categories and the products offered there (never archived ones, then by publish level). */
export async function homepageData(repos: Repos, access: Access): Promise<HomepageDataResponse> {
  const categories = await repos.productCategories.find({ orgId: access.orgId, archived: 0 }, { orderBy: ['rank', 'id'] });
  const products = await repos.products.find({ orgId: access.orgId }, { orderBy: ['rank', 'id'] });
  return {
    products: shapeProducts(products.filter((p) => productVisible(access, p)), pricingVisible(access)),
    productCategories: categories,
  };
}
