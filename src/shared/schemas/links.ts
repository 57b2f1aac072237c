// Tracked short links (/r/{code}): what a link was sent for. The links module stores them;
// reviews (review requests) and the coach (posts, mail, pages, reports) create them.

export const LINK_SOURCES = ['review_request', 'social_post', 'email', 'landing_page', 'report'] as const;
export type TLinkSource = (typeof LINK_SOURCES)[number];
/** The contract's name for it. */
export type LinkSource = TLinkSource;
