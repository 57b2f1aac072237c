import { z } from 'zod';
import { zString } from './string.ts';

/**
 * Connections to the owner's accounts (issue 14). Tokens never appear in any of these shapes.
 *
 * GET /api/connections: any signed-in member. POST …/{provider}/start|select|check and
 * DELETE /api/connections/{provider}: manager or admin. GET …/{provider}/callback is where the
 * provider sends the browser back; it redirects to Settings → Connections.
 */
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

export const ZConnectionProblem = z.object({
  code: z.enum(PROBLEM_CODES),
  /** Plain English, lower case, fits after a dash: "the access was revoked". */
  reason: zString(),
  /** The whole story in a sentence or two. */
  message: zString(),
  /** The one action that fixes it: "Reconnect Google" or "Check again". */
  action: zString(),
  /** reconnect = start the OAuth flow again; check = POST …/check later. */
  fix: z.enum(['reconnect', 'check']),
  since: z.iso.datetime(),
});
export type TConnectionProblem = z.infer<typeof ZConnectionProblem>;

export const ZConnection = z.object({
  provider: z.enum(PROVIDERS),
  state: z.enum(CONNECTION_STATES),
  /** oauth = connected through the provider's sign-in; manual = credentials pasted in Settings → Social. */
  source: z.enum(['oauth', 'manual']).nullable(),
  accountName: zString().nullable(),
  accountId: zString().nullable(),
  scopes: z.array(zString()),
  lastSuccessAt: z.iso.datetime().nullable(),
  lastCheckedAt: z.iso.datetime().nullable(),
  /** When the current access token expires (it is refreshed before that); null = does not expire. */
  expiresAt: z.iso.datetime().nullable(),
  problem: ZConnectionProblem.nullable(),
});
export type TConnection = z.infer<typeof ZConnection>;

export const ZConnectionList = z.object({ connections: z.array(ZConnection) });
export type TConnectionList = z.infer<typeof ZConnectionList>;

export const ZStartConnection = z.object({ url: z.url() });

export const ZAccountChoice = z.object({ id: zString(), name: zString(), detail: zString().nullable() });
export type TAccountChoice = z.infer<typeof ZAccountChoice>;
export const ZAccountChoices = z.object({ accounts: z.array(ZAccountChoice) });
export type TAccountChoices = z.infer<typeof ZAccountChoices>;

export const ZSelectAccount = z.object({
  accountId: zString().trim().min(1, 'Please choose one of the accounts.').max(300),
});

export const ZProviderParams = z.object({
  provider: z.enum(PROVIDERS, { error: 'Unknown provider: use google, meta, x or linkedin.' }),
});

/** The query string the callback redirects to Settings → Connections with. */
export const CALLBACK_OUTCOMES = {
  connected: 'connected',
  denied: 'denied',
  failed: 'failed',
} as const;
