import type { ScreenProps } from '../types.ts';
import { ProductList } from './ProductList.tsx';
import { ProductDetail } from './ProductDetail.tsx';

/** The products section: the list at /admin/products, one product at /admin/products/{id}. */
export default function ProductsScreen({ id }: ScreenProps) {
  return id === null ? <ProductList /> : <ProductDetail id={id} />;
}
