import type { GuestView } from '@cpq/domain';

/** How long typing must pause before the guest search runs (the spec's group search debounce). */
export const SEARCH_DEBOUNCE_MS = 100;

/**
 * The guests a group's search offers: the email contains the typed text (any case), people already
 * in the group are not offered, and each person once.
 */
export function searchCandidates(guests: readonly GuestView[], query: string, memberIds: readonly number[]): GuestView[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const members = new Set(memberIds);
  const seen = new Set<number>();
  return guests.filter((g) => {
    if (members.has(g.userId) || seen.has(g.userId) || !g.email.toLowerCase().includes(q)) return false;
    seen.add(g.userId);
    return true;
  });
}

/** The group's members after adding one: duplicate ids removed, first occurrence kept. */
export function withMember(userIds: readonly number[], userId: number): number[] {
  return [...new Set([...userIds, userId])];
}

/** "First Last <email>", or the email alone when no name is known. */
export function guestLabel(g: Pick<GuestView, 'email' | 'firstName' | 'lastName'>): string {
  const name = [g.firstName, g.lastName].filter((p) => p && p.trim()).join(' ');
  return name ? `${name} <${g.email}>` : g.email;
}
