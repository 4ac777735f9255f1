import { isActiveRole } from '../roles.ts';
import type { ShareeCandidate } from '../schemas/sharing.ts';
import { SHAREE_INVALID } from '../schemas/sharing.ts';

/**
 * The sharee search's suggestions for a typed term: people of the organisation whose name or email
 * contains the term (case-insensitive), then the term itself when it is a valid email nobody has,
 * or, when nothing matches and the term is not an email, an entry saying so.
 *
 * Excluded: people already pending or involved, the order's owner, the current user, and people whose
 * role in the organisation is inactive (left, disabled). Sorted: the current user first, then people
 * already involved, then the organisation's members (employees), then by name. (The exclusions drop
 * the first two groups today; the order is kept so the rule reads as the spec states it.)
 */
export type ShareeSuggestion =
  | { kind: 'person'; candidate: ShareeCandidate; label: string }
  | { kind: 'email'; email: string; label: string }
  | { kind: 'invalid'; label: string };

export interface SuggestionContext {
  currentUserId: number | null;
  ownerId: number;
  involvedUserIds: ReadonlySet<number>;
  /** Emails already in the pending list, lower-cased. */
  pendingEmails: ReadonlySet<string>;
}

/** Close to what browsers accept in type=email: something@something.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isValidEmail = (text: string): boolean => EMAIL.test(text.trim()) && text.trim().length <= 254;

export const personName = (c: { firstName: string | null; lastName: string | null; email?: string | null }): string =>
  [c.firstName, c.lastName].filter((s) => s && s.trim()).join(' ').trim() || (c.email ?? '');

const EMPLOYEE_RANK: Record<string, number> = { owner: 0, member: 0 };

export function shareeSuggestions(term: string, candidates: readonly ShareeCandidate[], ctx: SuggestionContext): ShareeSuggestion[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return [];
  const offered = candidates.filter(
    (c) =>
      isActiveRole(c.orgRole) &&
      c.userId !== ctx.ownerId &&
      c.userId !== ctx.currentUserId &&
      !ctx.involvedUserIds.has(c.userId) &&
      !ctx.pendingEmails.has(c.email.toLowerCase()) &&
      (personName(c).toLowerCase().includes(needle) || c.email.toLowerCase().includes(needle)),
  );
  const group = (c: ShareeCandidate) => (c.userId === ctx.currentUserId ? 0 : ctx.involvedUserIds.has(c.userId) ? 1 : c.orgRole in EMPLOYEE_RANK ? 2 : 3);
  offered.sort((a, b) => group(a) - group(b) || personName(a).localeCompare(personName(b), undefined, { sensitivity: 'base' }));
  const out: ShareeSuggestion[] = offered.map((c) => ({ kind: 'person', candidate: c, label: `${personName(c)} (${c.email})` }));
  const known = candidates.some((c) => c.email.toLowerCase() === needle);
  if (isValidEmail(needle)) {
    if (!known && !ctx.pendingEmails.has(needle)) out.push({ kind: 'email', email: needle, label: `"${term.trim()}" (valid email)` });
  } else if (!out.length) out.push({ kind: 'invalid', label: SHAREE_INVALID });
  return out;
}
