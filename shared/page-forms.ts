/**
 * Set by the server (never taken from the visitor) on a page's form post that was over the page's body limit
 * and so was not read: the page's action answers the form again, saying what was too large.
 */
export const BODY_TOO_LARGE_HEADER = "x-page-body-too-large";
/**
 * Set by the server (never taken from the visitor) on a page's upload refused unread because its address is
 * over the route's upload budget: the refusal's message, URI-encoded, for the page's action to show.
 */
export const BODY_REFUSED_HEADER = "x-page-body-refused";
