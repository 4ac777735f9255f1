import { API_TOKEN_SCOPE_LABELS, type ApiTokenSummary } from '@cpq/domain';
import { storedDate } from '../common/index.ts';

/** A token's date (made, last used, revoked), 'Never' when there is none. */
export const when = (date: string | null) => storedDate(date, 'Never');

/** The scopes as the owner reads them: "Read orders, Catalogue". */
export const scopesText = (token: Pick<ApiTokenSummary, 'scopes'>) => token.scopes.map((s) => API_TOKEN_SCOPE_LABELS[s].title).join(', ');

/** Whether the token still works, and if not since when and by whom. */
export const statusText = (token: ApiTokenSummary) => (token.revoked ? `Revoked ${when(token.revoked)}${token.revokedBy ? ` by ${token.revokedBy.name}` : ''}` : 'Active');
