import { API_TOKEN_SCOPE_LABELS, type ApiTokenSummary } from '@cpq/domain';

/** A stored UTC date ('YYYY-MM-DD HH:MM:SS') in the reader's words and time zone. */
export function when(date: string | null): string {
  if (!date) return 'Never';
  return new Date(`${date.replace(' ', 'T')}Z`).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The scopes as the owner reads them: "Read orders, Catalogue". */
export const scopesText = (token: Pick<ApiTokenSummary, 'scopes'>) => token.scopes.map((s) => API_TOKEN_SCOPE_LABELS[s].title).join(', ');

/** Whether the token still works, and if not since when and by whom. */
export const statusText = (token: ApiTokenSummary) => (token.revoked ? `Revoked ${when(token.revoked)}${token.revokedBy ? ` by ${token.revokedBy.name}` : ''}` : 'Active');
