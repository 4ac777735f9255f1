/** What a person reads when a share link does not open, word for word where the spec gives it. */
export const SHARE_LINK_INVALID = 'This share link is no longer valid. Ask the person who sent it for a new one.';
export const SHARE_LINK_EXPIRED = 'This share link has expired. Ask the person who sent it for a new one.';
