// One wording for failed calls across the portal's pages (kept in @cpq/client).
export { errorMessage, isMissing } from '@cpq/client';
