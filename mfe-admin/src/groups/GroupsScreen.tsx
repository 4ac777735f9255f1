import type { ScreenProps } from '../types.ts';
import { GroupDetail } from './GroupDetail.tsx';
import { GroupList } from './GroupList.tsx';

/** /admin/product-property-groups and /admin/product-property-groups/{id}. */
export default function GroupsScreen({ id }: ScreenProps) {
  return id === null ? <GroupList /> : <GroupDetail id={id} />;
}
