// The connections area's constants without zod (providers and their names, states, problem
// codes, callback outcomes), so Settings → Connections loads no schema code;
// schemas/connections.ts re-exports them beside the schemas that use them.

export const PROVIDERS = ['google', 'meta', 'x', 'linkedin'] as const;
export type TProvider = (typeof PROVIDERS)[number];

/** What the owner calls each provider in a sentence ("Reconnect Facebook"). */
export const PROVIDER_NAMES: Record<TProvider, string> = {
  google: 'Google',
  meta: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
};

/** What each connection covers, and what the owner picks after connecting. */
export const PROVIDER_DETAILS: Record<TProvider, { title: string; covers: string; picks: string }> = {
  google: {
    title: 'Google',
    covers: 'Business Profile reviews, Search Console and Analytics in one sign-in',
    picks: 'Business Profile location',
  },
  meta: {
    title: 'Facebook & Instagram',
    covers: 'Facebook Page posts and the linked Instagram Business account',
    picks: 'Facebook Page',
  },
  x: { title: 'X', covers: 'Posts on your X account', picks: 'X account' },
  linkedin: { title: 'LinkedIn', covers: 'Posts on your LinkedIn company page', picks: 'LinkedIn page' },
};

/**
 * not_configured: the operator set no OAuth app for it (Settings → Social's forms remain);
 * disconnected: nothing connected yet; choose_account: connected, no page/location picked yet;
 * healthy: the last call worked; problem: the last call failed (see `problem`).
 */
export const CONNECTION_STATES = ['not_configured', 'disconnected', 'choose_account', 'healthy', 'problem'] as const;
export type TConnectionState = (typeof CONNECTION_STATES)[number];

export const PROBLEM_CODES = ['expired', 'revoked', 'missing_permission', 'rate_limited', 'provider_down'] as const;
export type TProblemCode = (typeof PROBLEM_CODES)[number];

/** The problems only reconnecting fixes (the others pass: waiting and checking again mends them). */
export const RECONNECT_CODES: readonly string[] = ['expired', 'revoked', 'missing_permission'] satisfies TProblemCode[];
export const needsReconnect = (code: string | null | undefined): boolean => RECONNECT_CODES.includes(code ?? '');

/** The query string the callback redirects to Settings → Connections with. */
export const CALLBACK_OUTCOMES = {
  connected: 'connected',
  denied: 'denied',
  failed: 'failed',
} as const;
