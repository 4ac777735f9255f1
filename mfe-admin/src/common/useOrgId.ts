import { useAtomValue } from 'jotai';
import { activeOrgAtom } from '@cpq/client';

/** The active organisation (admin screens work on its data); the shell mounts admin only for its owners. */
export function useActiveOrg() {
  const org = useAtomValue(activeOrgAtom);
  if (!org) throw new Error('No active organisation');
  return org;
}
