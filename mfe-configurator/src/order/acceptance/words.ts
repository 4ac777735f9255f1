/** The words of the online quote acceptance on the order page (decision 0122), one place for the views and their tests. */

export const ACCEPT_HEADING = 'Accept your quote';
export const ACCEPT_LEAD = (n: number) => `Read the quote of revision ${n}, then type your full name and accept it.`;
export const READ_QUOTE = (n: number) => `Read the quote (revision ${n})`;
export const FULL_NAME = 'Full name';
export const TERMS_AGREED = 'I have read the quote and accept these terms.';
export const ACCEPT_QUOTE = 'Accept quote';
export const ACCEPTING = 'Accepting…';
/** Said while the server prints the quote's PDF, which takes a few seconds. */
export const RECORDING_ACCEPTANCE = 'Recording your acceptance…';
export const LOADING_TERMS = 'Loading the terms of the quote…';
export const LOADING_ACCEPTANCE = 'Loading the acceptance…';
export const RETRY = 'Retry';
export const DOWNLOAD_SIGNED_QUOTE = 'Download the signed quote';

/** The customer reads what they accepted. */
export const YOU_ACCEPTED = (n: number, when: string, fullName: string) => `You accepted revision ${n} on ${when} as ${fullName}.`;
/** Staff (and anyone but the person who accepted) read who accepted. */
export const CUSTOMER_ACCEPTED = (n: number, when: string, fullName: string) => `The customer accepted revision ${n} on ${when} (typed name: ${fullName}).`;
/** An earlier revision was accepted; the current one was not. */
export const ACCEPTANCE_SUPERSEDED = (accepted: number, n: number) =>
  `Revision ${accepted} was accepted; the quote has changed since, so revision ${n} needs a new acceptance.`;

/** The documents page showing one revision's quote (with its acceptance block once accepted). */
export const quoteRevisionHref = (orgSpecificId: number, n: number): string => `/orders/${orgSpecificId}/documents?mode=quote&revision=${n}`;
