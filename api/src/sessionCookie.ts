/**
 * The session cookie's name. auth/ sets and reads it; http/origin.ts refuses a cross-site write that
 * carries it. It lives below both so that neither has to import the other for it.
 */
export const SESSION_COOKIE = 'cpq_session';
