import type { ScreenProps } from '../types.ts';
import { PropertyDetail } from './PropertyDetail.tsx';
import { PropertyList } from './PropertyList.tsx';

/** /admin/product-properties and /admin/product-properties/{id}. */
export default function PropertiesScreen({ id }: ScreenProps) {
  return id === null ? <PropertyList /> : <PropertyDetail id={id} />;
}
