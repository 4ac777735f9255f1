import type { ScreenProps } from '../types.ts';
import { CategoryDetail } from './CategoryDetail.tsx';
import { CategoryList } from './CategoryList.tsx';

/** /admin/product-categories and /admin/product-categories/{id}. */
export default function CategoriesScreen({ id }: ScreenProps) {
  return id === null ? <CategoryList /> : <CategoryDetail id={id} />;
}
